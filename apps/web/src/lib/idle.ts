// Work the first screen does not need (the rest of the language's strings, the error
// screen, the service worker, the live price stream, the session's background jobs) waits
// until that screen has been shown and the browser is idle: it would otherwise compete
// with the first screen for the network and the main thread (Lighthouse: largest paint
// and blocking time). The page's load event alone is not enough: it does not wait for the
// first screen's module preloads, and the thread is idle while they download.

/** How long after the page's load the rest goes on without the first screen's signal (an error screen). */
export const FIRST_SCREEN_WAIT_MS = 5_000;

let shown: (() => void) | undefined;
const screenShown = new Promise<void>((resolve) => {
  shown = resolve;
});

/** Called once the first screen has rendered and painted (app/root-layout.tsx). */
export function firstScreenShown(): void {
  shown?.();
}

const pageLoaded = () =>
  new Promise<void>((resolve) => {
    if (document.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  });

let firstScreen: Promise<void> | undefined;

/**
 * Resolves once the first screen has been shown (or FIRST_SCREEN_WAIT_MS after the page's
 * load without it), the page has loaded and the main thread is idle (at most `timeoutMs`).
 */
export function afterFirstScreen(timeoutMs = 2000): Promise<void> {
  firstScreen ??= pageLoaded()
    .then(() => Promise.race([screenShown, new Promise<void>((r) => setTimeout(r, FIRST_SCREEN_WAIT_MS))]))
    .then(
      () =>
        new Promise<void>((resolve) => {
          if (window.requestIdleCallback) window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
          else setTimeout(resolve, 0);
        }),
    );
  return firstScreen;
}

/**
 * Lets the browser take its turn (input, paint, other tasks) and goes on in a new task: a
 * long start-up split this way blocks a tap for less time (Lighthouse: total blocking
 * time). `scheduler.yield` keeps the rest ahead of other queued work; a message is the
 * fallback (not a timer: timers in a page opened in the background wait up to a second).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === "function") return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => resolve();
    channel.port2.postMessage(null);
  });
}
