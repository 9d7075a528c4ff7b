// Trade preferences kept on this device (like the language and the up colour): whether a
// futures position is opened through the confirmation sheet. "Don't ask again" in the sheet
// turns it off; My → Settings turns it back on (issue 35 §11).
const CONFIRM_FUTURES_KEY = "confirmFuturesOpen";

/** Does opening a futures position show the confirmation sheet first? On unless turned off here. */
export function confirmsFuturesOpen(): boolean {
  try {
    return localStorage.getItem(CONFIRM_FUTURES_KEY) !== "off";
  } catch {
    return true;
  }
}

export function setConfirmsFuturesOpen(on: boolean): void {
  try {
    if (on) localStorage.removeItem(CONFIRM_FUTURES_KEY);
    else localStorage.setItem(CONFIRM_FUTURES_KEY, "off");
  } catch {
    // private mode: the sheet keeps asking
  }
}
