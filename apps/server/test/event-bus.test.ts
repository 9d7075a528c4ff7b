import { describe, expect, it } from "vitest";
import { InProcessBus } from "../src/lib/event-bus";

type Events = { tick: { symbol: string; price: string }; other: number };

describe("in-process event bus", () => {
  it("delivers to every subscriber of a topic, in order, and stops after unsubscribe", () => {
    const bus = new InProcessBus<Events>();
    const seen: string[] = [];
    const off = bus.subscribe("tick", (t) => seen.push(`a:${t.price}`));
    bus.subscribe("tick", (t) => seen.push(`b:${t.price}`));
    bus.subscribe("other", (n) => seen.push(`other:${n}`));
    bus.publish("tick", { symbol: "BTCUSDT", price: "1" });
    off();
    bus.publish("tick", { symbol: "BTCUSDT", price: "2" });
    expect(seen).toEqual(["a:1", "b:1", "b:2"]);
  });

  it("keeps delivering when one handler throws, and reports the error", () => {
    const errors: string[] = [];
    const bus = new InProcessBus<Events>((err, topic) => errors.push(`${topic}:${(err as Error).message}`));
    const seen: number[] = [];
    bus.subscribe("other", () => {
      throw new Error("boom");
    });
    bus.subscribe("other", (n) => seen.push(n));
    bus.publish("other", 7);
    expect(seen).toEqual([7]);
    expect(errors).toEqual(["other:boom"]);
  });
});
