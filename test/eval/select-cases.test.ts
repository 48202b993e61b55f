import { describe, expect, it } from 'vitest';
import { UsageError } from '../../eval/lib/cli-args.ts';
import { sampleCases, selectCases, shardCases } from '../../eval/lib/select-cases.ts';

/** Cases as the suites load them: file order, not id order. */
const corpus = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `c-${String(count - i).padStart(3, '0')}` }));
const ids = (cases: ReadonlyArray<{ id: string }>) => cases.map((c) => c.id);

describe('shardCases: several players, one share each', () => {
  it('deals the ids sorted round-robin: disjoint shares that cover every case, in the input order', () => {
    // Prepare
    const cases = corpus(7);

    // Act
    const shares = [1, 2, 3].map((k) => shardCases(cases, { k, n: 3 }));

    // Assess
    expect(shares.map(ids)).toEqual([
      ['c-007', 'c-004', 'c-001'],
      ['c-005', 'c-002'],
      ['c-006', 'c-003'],
    ]);
    expect(new Set(shares.flatMap(ids)).size).toBe(7);
  });

  it('depends on the ids only, not on the order the files were read in', () => {
    // Prepare
    const cases = corpus(10);

    // Act
    const forward = shardCases(cases, { k: 2, n: 4 });
    const backward = shardCases([...cases].reverse(), { k: 2, n: 4 });

    // Assess
    expect(ids(forward).sort()).toEqual(ids(backward).sort());
    expect(ids(forward).sort()).toEqual(['c-002', 'c-006', 'c-010']);
  });

  it('1/1 keeps every case', () => {
    expect(ids(shardCases(corpus(4), { k: 1, n: 1 }))).toEqual(ids(corpus(4)));
  });
});

describe('sampleCases: a seeded sample no one chose by reading', () => {
  it('takes exactly size cases, the same for the same seed, another for another seed', () => {
    // Prepare
    const cases = corpus(324);

    // Act
    const first = sampleCases(cases, { size: 40, seed: 1 });
    const again = sampleCases([...cases].reverse(), { size: 40, seed: 1 });
    const other = sampleCases(cases, { size: 40, seed: 2 });

    // Assess
    expect(first).toHaveLength(40);
    expect(new Set(ids(first)).size).toBe(40);
    expect(ids(again).sort()).toEqual(ids(first).sort());
    expect(ids(other).sort()).not.toEqual(ids(first).sort());
  });

  it('is pinned: seed 1 gives these ids from 10 (a change of generator would re-draw every sample)', () => {
    expect(ids(sampleCases(corpus(10), { size: 3, seed: 1 })).sort()).toEqual(['c-001', 'c-002', 'c-007']);
  });

  it('spreads over the corpus: over many seeds every case is drawn about as often', () => {
    // Prepare
    const cases = corpus(20);
    const drawn = new Map<string, number>();

    // Act
    for (let seed = 0; seed < 2_000; seed += 1)
      for (const c of sampleCases(cases, { size: 5, seed })) drawn.set(c.id, (drawn.get(c.id) ?? 0) + 1);

    // Assess: 2,000 × 5 / 20 = 500 each on average.
    expect(drawn.size).toBe(20);
    for (const count of drawn.values()) expect(count).toBeGreaterThan(400);
    for (const count of drawn.values()) expect(count).toBeLessThan(600);
  });

  it('a size at or above the corpus keeps every case', () => {
    expect(sampleCases(corpus(3), { size: 40, seed: 7 })).toHaveLength(3);
  });
});

describe('selectCases: --rerecord, then --sample, then --shard', () => {
  it('the shards of one sample are disjoint and together are the sample', () => {
    // Prepare
    const cases = corpus(324);
    const sample = { size: 40, seed: 1 };

    // Act
    const shares = [1, 2, 3, 4, 5].map((k) => selectCases(cases, { sample, shard: { k, n: 5 } }));

    // Assess
    expect(shares.map((s) => s.length)).toEqual([8, 8, 8, 8, 8]);
    expect(shares.flatMap(ids).sort()).toEqual(ids(sampleCases(cases, sample)).sort());
  });

  it('--rerecord keeps exactly the cases with a cassette, before the shard', () => {
    // Prepare
    const recorded = new Set(['c-001', 'c-003', 'c-005', 'c-099']);

    // Act
    const all = selectCases(corpus(6), { recorded });
    const share = selectCases(corpus(6), { recorded, shard: { k: 2, n: 2 } });

    // Assess
    expect(ids(all).sort()).toEqual(['c-001', 'c-003', 'c-005']);
    expect(ids(share)).toEqual(['c-003']);
  });

  it('--rerecord that keeps nothing is a UsageError, not an empty run', () => {
    expect(() => selectCases(corpus(3), { recorded: new Set(['x']) })).toThrow(UsageError);
    expect(() => selectCases(corpus(3), { recorded: new Set(['x']) })).toThrow(/--rerecord/);
  });
});
