// Where the simulated market's randomness comes from (issue 32 §1). Without MARKET_SEED every
// walk draws from node:crypto: there is no seed, in memory or in a log line, from which a
// reader could replay the walk and know a price before its tick. With MARKET_SEED (tests,
// sandbox demos) each walk is the domain's seeded generator, so the same seed gives the same
// prices; that is only allowed in the sandbox (config.ts).
import { randomFillSync } from "node:crypto";
import { type Rng, rngFrom, seededRng } from "@candor/domain";

/** MARKET_SEED, or null: draw from the operating system's CSPRNG. */
export type SimSeed = number | null;

const POOL_WORDS = 512;

/** Uniform doubles in [0, 1) with 53 random bits each, from node:crypto (refilled 2 KB at a time). */
export function cryptoRng(): Rng {
  const pool = new Uint32Array(POOL_WORDS);
  let at = POOL_WORDS;
  const word = () => {
    if (at === POOL_WORDS) {
      randomFillSync(pool);
      at = 0;
    }
    return pool[at++] as number;
  };
  return rngFrom(() => ((word() >>> 5) * 67_108_864 + (word() >>> 6)) / 9_007_199_254_740_992);
}

/** The generator of one stream (a symbol's live walk, its history): seeded, or the CSPRNG. */
export function simRng(seed: SimSeed, stream: string): Rng {
  return seed === null ? cryptoRng() : seededRng(seed, stream);
}
