// Small seeded pseudo-random generator for the simulated market: the same seed gives
// the same prices on every machine. Not for anything secret: without MARKET_SEED the server
// feeds the same Rng shape from node:crypto instead (rngFrom).

export interface Rng {
  /** Uniform in [0, 1). */
  next(): number;
  /** Standard normal (mean 0, standard deviation 1). */
  gaussian(): number;
  /** Uniform integer in [min, max] inclusive. */
  int(min: number, max: number): number;
}

/** A seeded generator, whose state can be saved and resumed. */
export interface SeededRng extends Rng {
  /** The generator's state, to resume it later with `rngFromState`. */
  state(): [number, number, number, number];
}

/** An Rng on top of any uniform source in [0, 1) (the seeded sfc32 below, or a CSPRNG). */
export function rngFrom(next: () => number): Rng {
  return {
    next,
    gaussian() {
      // Box–Muller; 1 - u keeps the logarithm finite.
      const u = 1 - next();
      const v = next();
      return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
    },
    int(min, max) {
      return min + Math.floor(next() * (max - min + 1));
    },
  };
}

/** cyrb128: a fast string hash giving four 32-bit words (seed material for sfc32). */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32 (Small Fast Counting), a well-tested 128-bit state generator. */
export function rngFromState(initial: readonly [number, number, number, number]): SeededRng {
  let [a, b, c, d] = initial;
  const next = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  return { ...rngFrom(next), state: () => [a >>> 0, b >>> 0, c >>> 0, d >>> 0] };
}

/** A generator for one stream (e.g. one symbol's ticks) under a global seed. */
export function seededRng(seed: number | string, stream = ""): SeededRng {
  const rng = rngFromState(cyrb128(`${seed}:${stream}`));
  // Discard the first outputs: sfc32 mixes its state over the first few rounds.
  for (let i = 0; i < 12; i++) rng.next();
  return rng;
}
