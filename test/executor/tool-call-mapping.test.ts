import { describe, expect, it } from 'vitest';
import { mapToolCalls } from '../../lib/executor/graph/tool-call-mapping.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';

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
