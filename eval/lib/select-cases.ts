import { UsageError } from './cli-args.ts';

/** `--shard k/n`: the k-th of n shares (1-based). */
export interface Shard {
  k: number;
  n: number;
}

/** `--sample size --seed s`: a seeded random choice of `size` cases. */
export interface Sample {
  size: number;
  seed: number;
}

/**
 * The k-th share of n: the cases sorted by id, dealt round-robin, so the shares are disjoint, together cover
 * every case and differ in size by one at most, and a file's cases (ids share a prefix) are spread over the
 * shares rather than handed to one player. Returned in the input's order.
 * Depends only on the ids, not on the files' order on disk, so players on other clones get the same shares.
 */
export function shardCases<C extends { id: string }>(cases: readonly C[], shard: Shard): C[] {
  const ids = cases.map((c) => c.id).sort();
  const mine = new Set(ids.filter((_, i) => i % shard.n === shard.k - 1));
  return cases.filter((c) => mine.has(c.id));
}

/**
 * `size` cases chosen at random with a seeded generator (mulberry32 over the ids sorted): the same seed gives
 * the same sample on any machine, and no one has to read a case to choose it. Returned in the input's order;
 * a size at or above the number of cases keeps them all.
 */
export function sampleCases<C extends { id: string }>(cases: readonly C[], sample: Sample): C[] {
  const ids = cases.map((c) => c.id).sort();
  const next = mulberry32(sample.seed);
  // Fisher–Yates, stopped after `size` draws: the first `size` ids are a uniform sample.
  const take = Math.min(sample.size, ids.length);
  for (let i = 0; i < take; i += 1) {
    const j = i + Math.floor(next() * (ids.length - i));
    [ids[i], ids[j]] = [ids[j] as string, ids[i] as string];
  }
  const chosen = new Set(ids.slice(0, take));
  return cases.filter((c) => chosen.has(c.id));
}

/** mulberry32: a small, well-known 32-bit PRNG; numbers in [0, 1). */
function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return function nextRandom() {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** What to keep of a suite's cases, in the order the flags apply (docs/eval.md "Shares of a relay round"). */
export interface Selection {
  /** `--rerecord`: the conversation names that have a committed cassette; only those cases are kept. */
  recorded?: ReadonlySet<string>;
  sample?: Sample;
  shard?: Shard;
}

/**
 * --rerecord, then --sample, then --shard: every player of a round passes the same --sample/--seed (or
 * --rerecord) and its own --shard, so the shares split one common selection. A --rerecord that keeps nothing is
 * an error (a wrong --cassettes or suite), not a silently empty run.
 */
export function selectCases<C extends { id: string }>(cases: readonly C[], selection: Selection): C[] {
  let kept = [...cases];
  if (selection.recorded) {
    const recorded = selection.recorded;
    kept = kept.filter((c) => recorded.has(c.id));
    if (kept.length === 0) throw new UsageError('--rerecord: no selected case has a committed cassette');
  }
  if (selection.sample) kept = sampleCases(kept, selection.sample);
  if (selection.shard) kept = shardCases(kept, selection.shard);
  return kept;
}
