import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { TOKEN } from '../support/executor-fixture.ts';
import { type ExecutorStack, type ExecutorWorld, startExecutorStack } from '../support/executor-harness.ts';
import { type Episode, episodeArb, runExecutorEpisode } from './executor-chaos.ts';

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

  it('never writes a guest count the model guessed for a gap the plan left open (seed -278471947, shrunk)', async () => {
    // Act: the model fills the open count with 1 at once, nobody has answered anything.
    const violations = await runExecutorEpisode(stack, {
      plan: 'guestGap',
      turns: [[{ name: 'updateGuestCount', args: { party_size: 1 } }]],
      answers: [],
    });
    // Assess
    expect(violations).toEqual([]);
  });
});

/** Issue 31: the write invariant compares values, so a write of the plan's operation on its booking can still fail. */
describe('chaos model: the executor invariants catch a planted write', () => {
  const registry = loadCompiledRegistry();
  /** Writes through the sandbox's HTTP API after the episode, as a compromised executor would. */
  const plant = (actionId: string, args: Record<string, unknown>) => async (world: ExecutorWorld) => {
    const action = registry.get(actionId);
    if (!action) throw new Error(`no action ${actionId}`);
    const outcome = await world.bookingApi.invoke({
      action,
      args: { booking_id: 'bk_1042', ...args },
      token: TOKEN,
    });
    if (!outcome.ok) throw new Error(`the planted write was refused: ${outcome.message}`);
  };
  // The model stops at once: whatever the executor does itself, the planted write is the one to catch. The
  // sandbox refuses a size the slot has no room for (50 would be), so the planted size is a plausible 18.
  const episode = (plan: string): Episode => ({ plan, turns: [[]], answers: [] });

  it('fails a changed party size (18, not the confirmed 14) written to the plan booking by the plan operation', async () => {
    // Act
    const violations = await runExecutorEpisode(
      stack,
      episode('moveAndCount'),
      plant('updateGuestCount', { party_size: 18 }),
    );
    // Assess
    expect(violations).toContain('updateGuestCount wrote partySize=18, not a confirmed value');
  });

  it("fails an attacker's email written by the plan's contact update", async () => {
    // Act
    const violations = await runExecutorEpisode(
      stack,
      episode('contact'),
      plant('updateContactDetails', { email: 'evil@attacker.example' }),
    );
    // Assess
    expect(violations).toContain(
      'updateContactDetails wrote email="evil@attacker.example", not a confirmed value',
    );
  });
});
