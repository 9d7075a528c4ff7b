import { routes } from "../app/routes";
// Banner and link opening modes: 1 nothing, 2 navigate the window, 4 open /outlink.
export type LinkMode = 1 | 2 | 4;

export function outlinkPath(url: string): string {
  return `${routes.externalPage}?url=${encodeURIComponent(url)}`;
}

/** Only web links may be opened; anything else (javascript:, data:) is ignored. */
export function isSafeUrl(url: string): boolean {
  try {
    const u = new URL(url, window.location.href);
    return u.protocol === "https:" || u.protocol === "http:";
  } catch {
    return false;
  }
}

/**
 * Where an /outlink URL leads. `app`: a route of this app (…/#/wallet) — navigated inside the
 * app; `same-origin`: another page of this site (a share page) — the window goes there;
 * `external`: another site — shown as a notice naming its host, opened only in a new tab;
 * `invalid`: not a web link. Nothing is ever framed.
 */
export type OutlinkTarget =
  | { kind: "app"; path: string }
  | { kind: "same-origin"; href: string }
  | { kind: "external"; href: string; host: string }
  | { kind: "invalid" };

export function outlinkTarget(url: string): OutlinkTarget {
  if (!url || !isSafeUrl(url)) return { kind: "invalid" };
  const u = new URL(url, window.location.href);
  if (u.origin !== window.location.origin) return { kind: "external", href: u.href, host: u.host };
  const route = u.pathname === "/" || u.pathname === "/index.html" ? /^#(\/.*)$/.exec(u.hash)?.[1] : undefined;
  return route ? { kind: "app", path: route } : { kind: "same-origin", href: u.href };
}

export function openLink(mode: number, url: string | null | undefined, navigate: (path: string) => void): void {
  if (!url || mode === 1) return;
  if (!isSafeUrl(url)) return;
  if (mode === 2) window.location.href = url;
  else if (mode === 4) navigate(outlinkPath(url));
}
