import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ActionParameter, AtomicAction } from '../../lib/contracts/atomic-action.ts';
import { PlanStatus, SafetyTier } from '../../lib/contracts/enums.ts';
import { ExecutionPlan } from '../../lib/contracts/execution-plan.ts';
import { ActionMetadataOverlay } from '../../lib/contracts/overlay.ts';
import { ServiceError } from '../../lib/contracts/service-error.ts';

/** Paths (joined with '.') of the issues a parse produced. */
function failingPaths(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  if (result.success) return [];
  return result.error.issues.map((i) => i.path.join('.'));
}

const validParameter = { name: 'booking_id', type: 'string', required: true, description: 'The booking.' };
const validAction = {
  action_id: 'getBooking',
  name: 'Get booking',
  description: 'Reads a booking.',
  parameters: [validParameter],
  safety_tier: 'normal',
  reversible: false,
};
const validPlan = {
  plan_id: '7f1c2a7e-3b8d-4c1e-9f2a-1b2c3d4e5f60',
  session_id: 's-1',
  user_id: 'u-1',
  intent_summary: 'Reschedule the Smith booking to Saturday 3pm',
  status: 'pending_confirmation',
  actions: [
    {
      step_number: 1,
      action_id: 'rescheduleBooking',
      parameters: {},
      safety_tier: 'normal',
      executed: false,
    },
  ],
  created_at: '2024-03-15T14:30:00Z',
};
const validOverlay = {
  operation_id: 'getBooking',
  iq_enabled: true,
  safety_tier: 'normal',
  reversible: false,
};

describe('001 contract limits', () => {
  it('accepts the valid fixtures, so each rejection below is caused by the one bad field', () => {
    // Prepare / Act / Assess
    expect(failingPaths(AtomicAction, validAction)).toEqual([]);
    expect(failingPaths(ExecutionPlan, validPlan)).toEqual([]);
    expect(failingPaths(ActionMetadataOverlay, validOverlay)).toEqual([]);
  });

  it.each([
    ['name ≤ 50', { ...validAction, name: 'n'.repeat(51) }, 'name'],
    ['description ≤ 500', { ...validAction, description: 'd'.repeat(501) }, 'description'],
    ['examples ≤ 3', { ...validAction, examples: ['a', 'b', 'c', 'd'] }, 'examples'],
    ['safety_tier enum', { ...validAction, safety_tier: 'dangerous' }, 'safety_tier'],
    [
      'parameter description ≤ 200',
      { ...validAction, parameters: [{ ...validParameter, description: 'x'.repeat(201) }] },
      'parameters.0.description',
    ],
    [
      'snake_case parameter name',
      { ...validAction, parameters: [{ ...validParameter, name: 'bookingId' }] },
      'parameters.0.name',
    ],
    [
      'parameter type enum',
      { ...validAction, parameters: [{ ...validParameter, type: 'uuid' }] },
      'parameters.0.type',
    ],
    [
      'reversible needs compensation_action_id',
      { ...validAction, reversible: true },
      'compensation_action_id',
    ],
  ])('AtomicAction rejects a violated %s, naming the field', (_label, value, field) => {
    // Act
    const paths = failingPaths(AtomicAction, value);
    // Assess
    expect(paths).toContain(field);
  });

  it('ActionParameter rejects an enum without enum_values', () => {
    expect(failingPaths(ActionParameter, { ...validParameter, type: 'enum' })).toContain('enum_values');
  });

  it.each([
    ['intent_summary ≤ 200', { ...validPlan, intent_summary: 'i'.repeat(201) }, 'intent_summary'],
    ['plan_id UUID v4', { ...validPlan, plan_id: '7f1c2a7e-3b8d-1c1e-9f2a-1b2c3d4e5f60' }, 'plan_id'],
    ['plan_id not a UUID', { ...validPlan, plan_id: 'plan-1' }, 'plan_id'],
    ['actions min 1', { ...validPlan, actions: [] }, 'actions'],
    ['status enum', { ...validPlan, status: 'paused' }, 'status'],
    ['created_at UTC datetime', { ...validPlan, created_at: 'yesterday' }, 'created_at'],
  ])('ExecutionPlan rejects a violated %s, naming the field', (_label, value, field) => {
    expect(failingPaths(ExecutionPlan, value)).toContain(field);
  });

  it('PlannedAction may not carry the blocked tier', () => {
    const plan = { ...validPlan, actions: [{ ...validPlan.actions[0], safety_tier: 'blocked' }] };
    expect(failingPaths(ExecutionPlan, plan)).toContain('actions.0.safety_tier');
  });

  it('ServiceError rejects a message over 500 chars and an unknown error_type', () => {
    // Act
    const longMessage = failingPaths(ServiceError, { error_type: 'invalid_input', message: 'm'.repeat(501) });
    const badType = failingPaths(ServiceError, { error_type: 'teapot', message: 'short' });
    // Assess
    expect(longMessage).toEqual(['message']);
    expect(badType).toEqual(['error_type']);
  });

  it.each([
    ['llm_description ≤ 500', { ...validOverlay, llm_description: 'd'.repeat(501) }, 'llm_description'],
    ['examples ≤ 3', { ...validOverlay, examples: ['a', 'b', 'c', 'd'] }, 'examples'],
    ['reversible needs compensation', { ...validOverlay, reversible: true }, 'compensation_operation_id'],
    ['name ≤ 50', { ...validOverlay, name: 'n'.repeat(51) }, 'name'],
  ])('ActionMetadataOverlay rejects a violated %s, naming the field', (_label, value, field) => {
    expect(failingPaths(ActionMetadataOverlay, value)).toContain(field);
  });

  it('enums hold exactly the 001 values, plus the one additive status of ADR 0008', () => {
    expect(PlanStatus.options).toEqual([
      'pending_confirmation',
      'confirmed',
      'executing',
      'completed',
      'failed',
      'rolled_back',
      'cancelled',
    ]);
    expect(SafetyTier.options).toEqual(['normal', 'high_risk', 'blocked']);
  });
});
