// Wide desktop screens get /pc.html: the app in a phone-width frame plus a QR code.
// Decided by the `sys_set` setting (isPcLimite) and this check; it never blocks.
import type { PublicSettings } from "@candor/contract";
import { systemPaths } from "@candor/contract/paths";
import { routes } from "../app/routes";

export const PC_URL_KEY = "pcOriginalUrl";
const SETTINGS_CACHE_KEY = "publicSettings";

export function isDesktop(width: number, userAgent: string): boolean {
  const mobile = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile|HarmonyOS/i.test(userAgent);
  return width > 575 && !mobile;
}

export function shouldShowDesktopFrame(opts: {
  width: number;
  userAgent: string;
  framed: boolean;
  isPcLimite: boolean | undefined;
}): boolean {
  return !opts.framed && opts.isPcLimite === true && isDesktop(opts.width, opts.userAgent);
}

export function cachedSettings(): PublicSettings | null {
  try {
    const raw = localStorage.getItem(SETTINGS_CACHE_KEY);
    return raw ? (JSON.parse(raw) as PublicSettings) : null;
  } catch {
    return null;
  }
}

/** Fetch public settings (short timeout); fall back to the last known copy. */
export async function loadPublicSettings(timeoutMs = 1500): Promise<PublicSettings | null> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  try {
    const res = await fetch(systemPaths.publicSettings, { signal: controller.signal });
    const body = (await res.json()) as { success: boolean; result: PublicSettings };
    if (body.success) {
      localStorage.setItem(SETTINGS_CACHE_KEY, JSON.stringify(body.result));
      return body.result;
    }
  } catch {
    // offline or slow: use the cached copy
  } finally {
    clearTimeout(timer);
  }
  return cachedSettings();
}

/** Send a desktop visitor to /pc.html, keeping where they were. Returns true if it did. */
export function redirectToDesktopFrame(settings: PublicSettings | null): boolean {
  const framed = window.self !== window.top;
  if (
    !shouldShowDesktopFrame({
      width: window.innerWidth,
      userAgent: navigator.userAgent,
      framed,
      isPcLimite: settings?.sysSet.isPcLimite,
    })
  )
    return false;
  sessionStorage.setItem(PC_URL_KEY, window.location.hash || `#${routes.home}`);
  window.location.replace("/pc.html");
  return true;
}
