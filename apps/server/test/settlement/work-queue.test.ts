// The settlers' WorkQueue: one run per key at a time; a push during a run is ignored by
// default and, with rerunWhileRunning, runs the key once more after (the quant runner's case:
// a tick that lands during an order's step must not be missed).
import { describe, expect, it } from "vitest";
import { WorkQueue } from "../../src/modules/settlement/engine";

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
}

describe.each([
  { rerunWhileRunning: false, pushedDuringRun: false, runs: ["a:1"] },
  { rerunWhileRunning: true, pushedDuringRun: true, runs: ["a:1", "a:3"] },
])("rerunWhileRunning $rerunWhileRunning", ({ rerunWhileRunning, pushedDuringRun, runs }) => {
  it(`runs ${runs.join(", ")}`, async () => {
    const seen: string[] = [];
    const first = gate();
    const queue = new WorkQueue<number>(
      async (item, key) => {
        seen.push(`${key}:${item}`);
        if (item === 1) await first.opened;
      },
      { rerunWhileRunning },
    );
    expect(queue.push("a", 1)).toBe(true);
    // Two pushes while "a" runs: at most one more run, with the latest item.
    expect(queue.push("a", 2)).toBe(pushedDuringRun);
    expect(queue.push("a", 3)).toBe(pushedDuringRun);
    expect(queue.has("a")).toBe(true);
    const drained = queue.drain();
    first.open();
    await drained;
    expect(seen).toEqual(runs);
    expect(queue.size).toBe(0);
  });
});

it("clear() drops a pending rerun", async () => {
  const seen: number[] = [];
  const first = gate();
  const queue = new WorkQueue<number>(
    async (item) => {
      seen.push(item);
      if (item === 1) await first.opened;
    },
    { rerunWhileRunning: true },
  );
  queue.push("a", 1);
  queue.push("a", 2);
  expect(queue.clear()).toBe(1);
  first.open();
  await queue.drain();
  expect(seen).toEqual([1]);
});
