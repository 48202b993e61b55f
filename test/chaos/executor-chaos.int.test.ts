import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExecutorStack, startExecutorStack } from '../support/executor-harness.ts';
import { episodeArb, runExecutorEpisode } from './executor-chaos.ts';

let stack: ExecutorStack;
beforeAll(async () => {
  stack = await startExecutorStack();
});
afterAll(async () => {
  await stack.stop();
});

/** Issue 14 evidence (a), executor role: 200 adversarial models over the real graph, DynamoDB and the HTTP sandbox. */
describe('chaos model: the executor', () => {
  it('never writes outside the confirmed plan, never asks an uncontrolled question, never answers 5xx', {
    timeout: 600_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(episodeArb, async (episode) => {
        // Act
        const violations = await runExecutorEpisode(stack, episode);
        // Assess
        expect(violations).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});
