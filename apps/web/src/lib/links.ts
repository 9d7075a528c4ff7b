// Banner and link opening modes: 1 nothing, 2 navigate the window, 4 open /outlink.
export type LinkMode = 1 | 2 | 4;

export function outlinkPath(url: string): string {
  return `/outlink?url=${encodeURIComponent(url)}`;
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

export function openLink(mode: number, url: string | null | undefined, navigate: (path: string) => void): void {
  if (!url || mode === 1) return;
  if (!isSafeUrl(url)) return;
  if (mode === 2) window.location.href = url;
  else if (mode === 4) navigate(outlinkPath(url));
}
