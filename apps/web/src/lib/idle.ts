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
