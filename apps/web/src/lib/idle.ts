// Work the first screen does not need (live price stream, the session's background jobs)
// waits until the page has loaded and the browser is idle: it would otherwise compete with
// the first render for the main thread (Lighthouse: blocking time).

let firstScreen: Promise<void> | undefined;

/** Resolves once the page has loaded and the main thread is idle (at most `timeoutMs` after load). */
export function afterFirstScreen(timeoutMs = 2000): Promise<void> {
  firstScreen ??= new Promise((resolve) => {
    const idle = () => {
      if (window.requestIdleCallback) window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
      else setTimeout(resolve, 0);
    };
    if (document.readyState === "complete") idle();
    else window.addEventListener("load", idle, { once: true });
  });
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
