import { i18n } from "./i18n";
import { showToast } from "./toast";

/** Copy text and say so: "Success" or "Fail" for 2 s. */
export async function copyText(text: string): Promise<boolean> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(text);
    copied = true;
  } catch {
    // Older mobile browsers and insecure origins: fall back to a hidden textarea.
    try {
      const area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      copied = document.execCommand("copy");
      area.remove();
    } catch {
      copied = false;
    }
  }
  showToast(i18n.t(copied ? "common:copySuccess" : "common:copyFail"), copied ? "success" : "fail", 2000);
  return copied;
}
