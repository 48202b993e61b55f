import { describe, expect, it } from 'vitest';
import { askUserTool } from '../../../lib/executor/graph/ask-user-tool.ts';
import { toolDefinitions } from '../../../lib/executor/graph/tool-definitions.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';

/** JSON-Schema keys Gemini rejects (docs/design-facts.md). */
const FORBIDDEN = [
  '$schema',
  '$ref',
  '$defs',
  'anyOf',
  'oneOf',
  'allOf',
  'const',
  'pattern',
  'propertyNames',
  'prefixItems',
  'exclusiveMinimum',
  'additionalProperties',
];

function keysOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.flatMap(keysOf);
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [k, ...keysOf(v)]);
}

describe('toolDefinitions', () => {
  it('declares each plan action once, plus ask_user, in the subset Gemini accepts', () => {
    // Prepare
    const plan = aConfirmedPlan([
      steps.guestCount(5),
      steps.reschedule('2026-12-12', '10:00'),
      steps.guestCount(6),
    ]);

    // Act
    const tools = toolDefinitions(plan, loadCompiledRegistry(), askUserTool);

    // Assess
    expect(tools.map((t) => t.function.name)).toEqual(['updateGuestCount', 'rescheduleBooking', 'ask_user']);
    const keys = keysOf(tools.map((t) => t.function.parameters));
    expect(keys.filter((k) => FORBIDDEN.includes(k))).toEqual([]);
  });

  it('never declares a blocked action, even if a stored plan names one', () => {
    // Prepare: a plan cannot hold a blocked action (the planner refuses it); this is the second line of defence.
    const plan = aConfirmedPlan([
      { action_id: 'deleteBooking', parameters: { booking_id: 'bk_1042' } },
      steps.guestCount(5),
    ]);

    // Act
    const tools = toolDefinitions(plan, loadCompiledRegistry(), askUserTool);

    // Assess
    expect(tools.map((t) => t.function.name)).toEqual(['updateGuestCount', 'ask_user']);
  });
});
