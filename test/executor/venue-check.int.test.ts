import { fakeModel } from '@langchain/core/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { venueDirectoryOf } from '../../lib/adapters/booking-api/booking-api-venue-directory.ts';
import type { ExecutorDeps } from '../../lib/executor/executor-deps.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { WESTSIDE_TOKEN } from '../support/executor-fixture.ts';
import {
  type ExecutorStack,
  type ExecutorWorld,
  freshWorld,
  startExecutorStack,
} from '../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';

/** ADR 0010: the executor refuses a token of another venue before any write (dynalite + the sandbox over HTTP). */
describe("executor: the token must belong to the plan's venue", () => {
  let stack: ExecutorStack;
  beforeAll(async () => {
    stack = await startExecutorStack();
  });
  afterAll(async () => {
    await stack.stop();
  });

  const withVenues = (world: ExecutorWorld): Partial<ExecutorDeps> => ({
    venues: venueDirectoryOf(world.bookingApi, loadCompiledRegistry()),
  });
  const harbourPlan = () => aConfirmedPlan([steps.guestCount(14)], { venue_id: 'venue_harbour' });
  const updateCall = () =>
    fakeModel().respondWithTools([
      { name: 'updateGuestCount', args: { booking_id: 'bk_1042', party_size: 14 }, id: 'c1' },
    ]);

  it("fails a plan delivered with another venue's token, before the model runs and with nothing written", async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(harbourPlan());
    const model = updateCall();

    // Act
    await world.deliver(plan, model, { token: WESTSIDE_TOKEN, deps: withVenues(world) });

    // Assess
    const after = await world.reload(plan);
    expect(after.status).toBe('failed');
    expect(after.failure_reason).toBe(
      "Nothing was changed: this plan belongs to another venue than the one you are signed in to. Sign in to the plan's venue, then ask again.",
    );
    expect(after.actions[0]).toMatchObject({ executed: false, step_state: 'pending' });
    expect(model.callCount).toBe(0);
    expect(stack.sandbox.admin.journal().map((e) => e.operation)).toEqual(['getVenue']);
    expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(12);
  });

  it("runs a plan delivered with its venue's token after one venue read", async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(harbourPlan());

    // Act
    await world.deliver(plan, updateCall(), { deps: withVenues(world) });

    // Assess
    expect((await world.reload(plan)).status).toBe('completed');
    expect(stack.sandbox.admin.journal({ operation: 'getVenue' })).toHaveLength(1);
    expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(14);
  });

  it('fails the plan with nothing written when the venue cannot be read (a check that cannot run must not pass)', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(harbourPlan());
    stack.sandbox.admin.injectFault({ kind: 'status', status: 503, operation: 'getVenue' });

    // Act
    await world.deliver(plan, updateCall(), { deps: withVenues(world) });

    // Assess
    const after = await world.reload(plan);
    expect(after.status).toBe('failed');
    expect(after.failure_reason).toContain('could not confirm which venue');
    expect(stack.sandbox.admin.journal().filter((e) => e.committed)).toEqual([]);
    expect(stack.sandbox.admin.booking('bk_1042')?.partySize).toBe(12);
  });

  it('makes no venue read for a plan without venue_id (made before venues were recorded)', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));

    // Act
    await world.deliver(plan, updateCall(), { deps: withVenues(world) });

    // Assess
    expect((await world.reload(plan)).status).toBe('completed');
    expect(stack.sandbox.admin.journal({ operation: 'getVenue' })).toEqual([]);
  });
});
