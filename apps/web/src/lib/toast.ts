// Thin wrappers so every message toast looks and times the same.
import { Toast } from "antd-mobile";

export function showToast(content: string, icon?: "success" | "fail", durationMs = 2000) {
  Toast.show({ content, icon, duration: durationMs });
}
