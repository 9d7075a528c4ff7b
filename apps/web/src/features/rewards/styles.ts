// Styles of the rewards screens as objects (no CSS file: one file fewer in the shell's
// preload map, which is at its budget).
import type { CSSProperties } from "react";

const line = "1px solid #f0f1f3";

export const s = {
  page: { minHeight: "100vh", background: "#f5f6f8", paddingBottom: 24 },
  body: { padding: 12, display: "flex", flexDirection: "column", gap: 12 },
  card: { background: "#fff", borderRadius: 12, padding: 12 },
  hero: { borderRadius: 12, padding: 16, color: "#fff", background: "linear-gradient(135deg, #1f3b8f, #3a66d6)" },
  heroTitle: { fontSize: 22, fontWeight: 600 },
  muted: { color: "#5c6370", fontSize: 12 },
  heroMuted: { color: "rgba(255, 255, 255, 0.8)", fontSize: 12 },
  row: { display: "flex", justifyContent: "space-between", alignItems: "center", gap: 8 },
  task: { display: "flex", flexDirection: "column", gap: 6, padding: "12px 0", borderBottom: line },
  taskTitle: { fontSize: 14, fontWeight: 500 },
  reward: { color: "#d4380d", fontSize: 13, whiteSpace: "nowrap" },
  stats: { display: "grid", gridTemplateColumns: "repeat(3, 1fr)", gap: 8, textAlign: "center" },
  statValue: { fontSize: 17, fontWeight: 600 },
  qrBox: { display: "flex", flexDirection: "column", alignItems: "center", gap: 8 },
  qr: { width: 160, height: 160 },
  code: { fontSize: 20, fontWeight: 600, letterSpacing: 2 },
  link: { fontSize: 12, color: "#555", wordBreak: "break-all" },
  envelope: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: 8,
    padding: "10px 0",
    borderBottom: line,
  },
  envelopeIcon: { fontSize: 28, color: "#d4380d" },
  levelRow: { padding: "10px 0", borderBottom: line },
  current: { background: "#f0f5ff", borderRadius: 8, padding: "10px 8px" },
  sectionTitle: { fontSize: 15, fontWeight: 600, marginBottom: 4 },
  rebate: { padding: "10px 0", borderBottom: line, fontSize: 13 },
} satisfies Record<string, CSSProperties>;
