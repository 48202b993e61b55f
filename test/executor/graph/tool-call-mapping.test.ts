import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { mapToolCalls } from '../../../lib/executor/graph/tool-call-mapping.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';

const registry = loadCompiledRegistry();
const plan = aConfirmedPlan([steps.reschedule('2026-12-12', '15:00'), steps.guestCount(6)]);
const call = (name: string, id: string, args: Record<string, unknown> = {}) => ({
  name,
  id,
  args,
  type: 'tool_call' as const,
});

describe('mapToolCalls', () => {
  it('maps consecutive calls of the plan actions onto consecutive open steps', () => {
    // Act
    const mapped = mapToolCalls(plan, registry, [
      call('rescheduleBooking', 'a'),
      call('updateGuestCount', 'b'),
    ]);

    // Assess
    expect(mapped).toEqual([
      { tool_call_id: 'a', name: 'rescheduleBooking', kind: 'step', step_number: 1 },
      { tool_call_id: 'b', name: 'updateGuestCount', kind: 'step', step_number: 2 },
    ]);
  });

  it('refuses an action outside the plan, a blocked action and a plan action out of order', () => {
    const mapped = mapToolCalls(plan, registry, [
      call('cancelBooking', 'a'),
      call('refundBooking', 'b'),
      call('updateGuestCount', 'c'),
    ]);

    expect(mapped.map((m) => (m.kind === 'refused' ? m.guardrail : m.kind))).toEqual([
      'outside_plan',
      'blocked_action',
      'out_of_order',
    ]);
  });

  it('pauses on ask_user and defers the calls after it', () => {
    const mapped = mapToolCalls(plan, registry, [
      call('ask_user', 'a', { kind: 'confirm_change', hint: 'the slot moved' }),
      call('rescheduleBooking', 'b'),
    ]);

    expect(mapped).toEqual([
      {
        tool_call_id: 'a',
        name: 'ask_user',
        kind: 'ask',
        ask_kind: 'confirm_change',
        step_number: 1,
        re_asks: 0,
        question: expect.stringMatching(
          /^Step 1 \(Reschedule booking.*Note: the slot moved\. Should I go ahead/,
        ),
      },
      expect.objectContaining({ tool_call_id: 'b', kind: 'deferred' }),
    ]);
  });

  it('refuses an ask_user without a kind', () => {
    const [mapped] = mapToolCalls(plan, registry, [call('ask_user', 'a', {})]);

    expect(mapped).toMatchObject({ kind: 'refused', guardrail: 'malformed' });
  });

  it('starts from the first step not yet succeeded', () => {
    // Prepare
    const progressed = structuredClone(plan);
    if (progressed.actions[0]) progressed.actions[0].step_state = 'succeeded';

    // Act
    const mapped = mapToolCalls(progressed, registry, [
      call('rescheduleBooking', 'a'),
      call('updateGuestCount', 'b'),
    ]);

    // Assess
    expect(mapped.map((m) => m.kind)).toEqual(['refused', 'step']);
  });
});

const callMaybeWithoutId = (name: string, id?: string, args: Record<string, unknown> = {}) => ({
  name,
  ...(id === undefined ? {} : { id }),
  args,
  type: 'tool_call' as const,
});

/** Issue 6: the model can only run the plan's steps, in order; each refusal says why to the model. */
describe('mapToolCalls: refusals and their reasons', () => {
  it('says why each call is refused', () => {
    // Act
    const mapped = mapToolCalls(plan, registry, [
      callMaybeWithoutId('refundBooking', 'a'),
      callMaybeWithoutId('cancelBooking', 'b'),
      callMaybeWithoutId('updateGuestCount', 'c'),
      callMaybeWithoutId('ask_user', 'd', { kind: 'sing' }),
    ]);

    // Assess
    expect(mapped).toEqual([
      {
        tool_call_id: 'a',
        name: 'refundBooking',
        kind: 'refused',
        guardrail: 'blocked_action',
        reason: 'refundBooking is blocked and can never be executed by this service',
      },
      {
        tool_call_id: 'b',
        name: 'cancelBooking',
        kind: 'refused',
        guardrail: 'outside_plan',
        reason: "cancelBooking is not part of the confirmed plan; only the plan's steps can be executed",
      },
      {
        tool_call_id: 'c',
        name: 'updateGuestCount',
        kind: 'refused',
        guardrail: 'out_of_order',
        reason: "updateGuestCount can't run now: step 1 (rescheduleBooking) is next",
      },
      {
        tool_call_id: 'd',
        name: 'ask_user',
        kind: 'refused',
        guardrail: 'malformed',
        reason:
          'ask_user needs kind (missing_value, choose or confirm_change) and, for the first two, parameter',
      },
    ]);
  });

  it('refuses a tool the registry does not know as outside the plan, without failing the turn', () => {
    // Act: a model may name any tool; an unknown name has no registry entry to read a safety tier from.
    const mapped = mapToolCalls(plan, registry, [
      callMaybeWithoutId('teleportBooking', 'a'),
      callMaybeWithoutId('rescheduleBooking', 'b'),
    ]);

    // Assess
    expect(mapped).toEqual([
      {
        tool_call_id: 'a',
        name: 'teleportBooking',
        kind: 'refused',
        guardrail: 'outside_plan',
        reason: "teleportBooking is not part of the confirmed plan; only the plan's steps can be executed",
      },
      { tool_call_id: 'b', name: 'rescheduleBooking', kind: 'step', step_number: 1 },
    ]);
  });

  it('refuses a question code cannot render, with the renderer’s reason, and does not pause', () => {
    // Act
    const mapped = mapToolCalls(plan, registry, [
      callMaybeWithoutId('ask_user', 'a', { kind: 'missing_value', parameter: 'no_such_parameter' }),
      callMaybeWithoutId('rescheduleBooking', 'b'),
    ]);

    // Assess
    expect(mapped[0]).toMatchObject({ kind: 'refused', guardrail: 'malformed' });
    expect(mapped[0]?.kind === 'refused' && mapped[0].reason).toMatch(/^ask_user: .+/);
    expect(mapped[1]).toEqual({ tool_call_id: 'b', name: 'rescheduleBooking', kind: 'step', step_number: 1 });
  });

  it('says every step is done once the last step was mapped, or when none is open', () => {
    // Prepare
    const done = {
      ...plan,
      actions: plan.actions.map((s) => ({ ...s, step_state: 'succeeded' as const })),
    };

    // Act
    const afterLast = mapToolCalls(plan, registry, [
      callMaybeWithoutId('rescheduleBooking', 'a'),
      callMaybeWithoutId('updateGuestCount', 'b'),
      callMaybeWithoutId('updateGuestCount', 'c'),
    ]);
    const none = mapToolCalls(done, registry, [callMaybeWithoutId('rescheduleBooking', 'a')]);

    // Assess
    const reason = "updateGuestCount can't run now: every step is already done";
    expect(afterLast[2]).toEqual({
      tool_call_id: 'c',
      name: 'updateGuestCount',
      kind: 'refused',
      guardrail: 'out_of_order',
      reason,
    });
    expect(none[0]).toMatchObject({ reason: "rescheduleBooking can't run now: every step is already done" });
  });

  it('names calls without an id by their position, and defers everything after a question', () => {
    // Act
    const mapped = mapToolCalls(plan, registry, [
      callMaybeWithoutId('rescheduleBooking'),
      callMaybeWithoutId('ask_user', undefined, { kind: 'confirm_change' }),
      callMaybeWithoutId('updateGuestCount'),
      callMaybeWithoutId('cancelBooking'),
    ]);

    // Assess
    expect(mapped.map((m) => m.tool_call_id)).toEqual(['call_0', 'call_1', 'call_2', 'call_3']);
    expect(mapped.map((m) => m.kind)).toEqual(['step', 'ask', 'deferred', 'deferred']);
    expect(mapped[3]).toEqual({
      tool_call_id: 'call_3',
      name: 'cancelBooking',
      kind: 'deferred',
      reason: 'not run: waiting for the user to answer ask_user',
    });
  });

  it('maps a run of calls of the same action onto consecutive steps, for any plan length', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 0, max: 7 }), (length, n) => {
        // Prepare
        const notes = aConfirmedPlan(Array.from({ length }, (_, i) => steps.note(`n${i}`)));

        // Act
        const mapped = mapToolCalls(
          notes,
          registry,
          Array.from({ length: n }, (_, i) => callMaybeWithoutId('addBookingNote', `c${i}`)),
        );

        // Assess
        expect(mapped).toHaveLength(n);
        mapped.forEach((m, i) => {
          if (i < length) expect(m).toMatchObject({ kind: 'step', step_number: i + 1 });
          else expect(m).toMatchObject({ kind: 'refused', guardrail: 'out_of_order' });
        });
      }),
    );
  });
});
