import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runChaos } from '../support/chaos.ts';
import { type ExecutorStack, startExecutorStack } from '../support/executor-harness.ts';

/**
 * Issue 13 evidence, seeded: concurrent plans on dynalite and the sandbox over HTTP, every fault kind on the
 * write and read paths (commit-then-drop, also twice in a row; reset; 503; a delay past the client's timeout;
 * slow reads; a 500 that fails a step, so later faults hit its compensations: issue 28). `npm run chaos:faults --
 * --plans 500` is the long run of the same code.
 */
describe('chaos: reported outcomes under injected faults', () => {
  let stack: ExecutorStack;
  beforeAll(async () => {
    stack = await startExecutorStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  it.each([1, 2])(
    'seed %i: every plan reports the booking’s real state; no key committed twice',
    async (seed) => {
      // Prepare + Act: 30 plans, 45 faults, 6 at a time.
      const report = await runChaos(stack, { plans: 30, seed, concurrency: 6, timeoutMs: 300 }, (landed) =>
        vi.waitFor(() => expect(landed()).toBe(true), { timeout: 20_000, interval: 50 }),
      );

      // Assess: faults were hit on both paths and on compensations, and every outcome is true.
      expect(Object.keys(report.faultsHit).length).toBeGreaterThanOrEqual(4);
      expect(Object.values(report.compensationFaultsHit).reduce((a, b) => a + b, 0)).toBeGreaterThan(0);
      expect(report.untruthful).toEqual([]);
      expect(report.duplicates).toEqual([]);
      expect(Object.keys(report.outcomes).sort()).toEqual(expect.arrayContaining(['completed']));
    },
    120_000,
  );
});
