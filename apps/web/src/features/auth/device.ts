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
