// A stable id for this browser, for guest accounts. Kept in a cookie so that logging
// out (which clears local storage except the language) does not forget the device.
const COOKIE = "candor_device";

export function deviceId(): string {
  const found = document.cookie.split("; ").find((c) => c.startsWith(`${COOKIE}=`));
  if (found) return decodeURIComponent(found.slice(COOKIE.length + 1));
  const id = crypto.randomUUID();
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in many mobile browsers
  document.cookie = `${COOKIE}=${encodeURIComponent(id)}; max-age=${60 * 60 * 24 * 3650}; path=/; SameSite=Lax`;
  return id;
}

const GUEST_COOKIE = "candor_guest";

/** The guest account's username on this device (kept like the device id, across logouts). */
export function rememberGuest(username: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in many mobile browsers
  document.cookie = `${GUEST_COOKIE}=${encodeURIComponent(username)}; max-age=${60 * 60 * 24 * 3650}; path=/; SameSite=Lax`;
}

export function rememberedGuest(): string | null {
  const found = document.cookie.split("; ").find((c) => c.startsWith(`${GUEST_COOKIE}=`));
  return found ? decodeURIComponent(found.slice(GUEST_COOKIE.length + 1)) : null;
}
