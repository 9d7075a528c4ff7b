// /pc.html: the app in a centred phone-width frame, beside a QR code of the URL so
// the visitor can continue on a phone. It shows the app; it never blocks it.
import { DEFAULT_LANG, isLang, LANG_TAGS, type Lang } from "@candor/contract/i18n";
import QRCode from "qrcode";
import { PC_URL_KEY } from "../lib/desktop";
import "./pc.css";
import { routes } from "../app/routes";

type Strings = { pc: { scanTitle: string; scanHint: string; openHere: string } };
// Only the visitor's language is downloaded.
const locales = import.meta.glob<Strings>("../locales/common/*.json", { import: "default" });

async function strings(lang: Lang): Promise<Strings["pc"]> {
  const load = locales[`../locales/common/${lang}.json`] ?? locales[`../locales/common/${DEFAULT_LANG}.json`];
  if (!load) throw new Error("common locale missing");
  return (await load()).pc;
}

async function main() {
  const stored = localStorage.getItem("lang");
  const lang: Lang = isLang(stored) ? stored : DEFAULT_LANG;
  document.documentElement.lang = LANG_TAGS[lang];
  const s = await strings(lang);
  const hash = sessionStorage.getItem(PC_URL_KEY) || `#${routes.home}`;
  const appUrl = `${window.location.origin}/${hash.startsWith("#") ? hash : `#${hash}`}`;
  const root = document.getElementById("pc-root");
  if (!root) return;
  root.innerHTML = "";

  const frameBox = document.createElement("div");
  frameBox.className = "phone";
  const frame = document.createElement("iframe");
  frame.title = "Candor";
  frame.src = appUrl;
  frameBox.appendChild(frame);

  const side = document.createElement("aside");
  side.className = "side";
  const title = document.createElement("h1");
  title.textContent = s.scanTitle;
  const canvas = document.createElement("canvas");
  canvas.setAttribute("aria-label", appUrl);
  canvas.dataset.url = appUrl;
  const hint = document.createElement("p");
  hint.textContent = s.scanHint;
  const here = document.createElement("p");
  here.className = "muted";
  here.textContent = s.openHere;
  side.append(title, canvas, hint, here);
  root.append(frameBox, side);
  await QRCode.toCanvas(canvas, appUrl, { width: 200, margin: 1 });

  // Keep the QR code pointing at the screen the visitor is on inside the frame.
  frame.addEventListener("load", () => {
    try {
      frame.contentWindow?.addEventListener("hashchange", () => {
        const current = `${window.location.origin}/${frame.contentWindow?.location.hash ?? ""}`;
        sessionStorage.setItem(PC_URL_KEY, frame.contentWindow?.location.hash ?? `#${routes.home}`);
        canvas.dataset.url = current;
        void QRCode.toCanvas(canvas, current, { width: 200, margin: 1 });
      });
    } catch {
      // same origin in practice; ignore if not
    }
  });
}

void main();
