// The reality check's timer (issue 34 §2): every `minutes` of a trading session it calls
// `onDue` with the minutes spent; the customer then stops (the session ends) or continues
// (the next check is `minutes` later). Browser time: the timer is UI, not a business rule.

export interface RealityTimer {
  /** Starts a session (no-op while one runs). */
  start(): void;
  /** Ends the session: no further checks until start(). */
  stop(): void;
  /** After a check: the next one `minutes` later. */
  continue(): void;
  readonly running: boolean;
}

export function createRealityTimer(
  minutes: number,
  onDue: (spentMinutes: number) => void,
  now: () => number = () => Date.now(),
): RealityTimer {
  let startedAt: number | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const schedule = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = null;
      if (startedAt !== null) onDue(Math.round((now() - startedAt) / 60_000));
    }, minutes * 60_000);
  };
  return {
    start() {
      if (startedAt !== null) return;
      startedAt = now();
      schedule();
    },
    stop() {
      startedAt = null;
      if (timer) clearTimeout(timer);
      timer = null;
    },
    continue() {
      if (startedAt !== null) schedule();
    },
    get running() {
      return startedAt !== null;
    },
  };
}
