import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it, vi } from 'vitest';
import { planningPromptSize } from '../../devkit/planner/prompt-size.ts';
import { DEFAULT_LOOKUP_ROLES } from '../../lib/planner/planner-deps.ts';
import { buildToolset } from '../../lib/planner/tools/bound-toolset.ts';
import { MAX_BOUND_ACTIONS } from '../../lib/planner/tools/tool-retrieval.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { generatedRegistry } from './support/generated-registry.ts';
import { params, plannerHarness, systemPromptOf } from './support/planner-harness.ts';

const toolNames = (tools: unknown[]) => tools.map((t) => (t as { function: { name: string } }).function.name);
const toolset = (size: number, query: string, chosen: string[] = []) =>
  buildToolset({ registry: generatedRegistry(size), roles: DEFAULT_LOOKUP_ROLES, query, k: 15, chosen });

describe('tool binding', () => {
  it('binds every model-visible action of a small registry, and never a blocked one', () => {
    // Prepare
    const registry = loadCompiledRegistry();

    // Act
    const bound = buildToolset({
      registry,
      roles: DEFAULT_LOOKUP_ROLES,
      query: 'refund the guest',
      k: 15,
      chosen: [],
    });

    // Assess
    expect(bound.actions.map((a) => a.action_id)).toEqual(registry.modelVisible().map((a) => a.action_id));
    // Lookups are tools the model calls now; a plan step is a change (issue 32: each declared once).
    expect(bound.planActionIds).toEqual(
      registry
        .modelVisible()
        .filter((a) => !a.read_only)
        .map((a) => a.action_id),
    );
    expect(bound.planActionIds).not.toContain('refundBooking');
    expect(bound.planActionIds).not.toContain('deleteBooking');
    expect(toolNames(bound.tools)).toEqual([
      'getAvailability',
      'getBooking',
      'listProducts',
      'searchBookings',
      'propose_plan',
      'ask_clarification',
      'decline',
      'cancel_request',
    ]);
  });

  it.each([
    ["Move John's party to Saturday at 3pm", 'rescheduleBooking'],
    ['Change the Smith booking to 12 guests', 'updateGuestCount'],
    ["Update John's email to john@example.com", 'updateContactDetails'],
  ])('retrieves at most 15 of 500 actions for "%s", including %s and the lookups', (message, expected) => {
    // Act
    const bound = toolset(500, message);

    // Assess
    expect(bound.actions.length).toBeLessThanOrEqual(MAX_BOUND_ACTIONS);
    expect(bound.actions.map((a) => a.action_id)).toEqual(
      expect.arrayContaining(['searchBookings', 'getBooking', 'getAvailability', expected]),
    );
    expect(toolNames(bound.tools)).toEqual(
      expect.arrayContaining(['searchBookings', 'getBooking', 'getAvailability']),
    );
    expect(bound.planActionIds).toContain(expected);
    expect(bound.planActionIds).not.toContain('forceMoveBookingBlocked');
    expect(bound.actions.every((a) => a.safety_tier !== 'blocked')).toBe(true);
  });

  it('keeps the pending plan’s actions bound (the actions already chosen) whatever the new words', () => {
    // Act
    const bound = toolset(500, 'actually make it 4pm', ['rescheduleBooking', 'sendBookingConfirmation']);

    // Assess
    expect(bound.planActionIds).toEqual(
      expect.arrayContaining(['rescheduleBooking', 'sendBookingConfirmation']),
    );
    expect(bound.actions.length).toBeLessThanOrEqual(15);
  });

  it('keeps the planning prompt flat from 100 to 500 actions (within 10%)', () => {
    // Prepare
    const message = "Move John's party to Saturday at 3pm";

    // Act
    const registries = [10, 100, 500].map(generatedRegistry);
    const sizes = registries.map((r) => planningPromptSize(r, message));

    // Assess
    const [small, hundred, fiveHundred] = sizes.map((s) => s.totalChars) as [number, number, number];
    expect(sizes.map((s) => s.boundActions)).toEqual([registries[0]?.modelVisible().length, 15, 15]);
    expect(Math.abs(fiveHundred - hundred) / hundred).toBeLessThan(0.1);
    expect(small).toBeLessThan(hundred);
    expect(sizes[2]?.approxTokens).toBe(Math.ceil(fiveHundred / 4));
  });

  it('binds ≤ 15 actions on a 500-action registry through the real planner, none blocked', async () => {
    // Prepare
    const model = fakeModel().respondWithTools([
      {
        name: 'propose_plan',
        id: 'c1',
        args: {
          intent_summary: 'Move BK-1042',
          steps: [
            {
              action_id: 'rescheduleBooking',
              parameters: params({ booking_id: 'bk_1042', date: 'Saturday', start_time: '15:00' }),
            },
          ],
        },
      },
    ]);
    const bindTools = vi.spyOn(model, 'bindTools');
    const registry = generatedRegistry(500);
    const h = plannerHarness({ model, registry });

    // Act
    const outcome = await h.send("Move John's party BK-1042 to Saturday at 3pm");

    // Assess
    expect(outcome.kind).toBe('plan');
    const tools = bindTools.mock.calls[0]?.[0] ?? [];
    const proposePlan = tools.find((t) => toolNames([t])[0] === 'propose_plan') as unknown as {
      function: {
        parameters: { properties: { steps: { items: { properties: { action_id: { enum: string[] } } } } } };
      };
    };
    const planActions = proposePlan.function.parameters.properties.steps.items.properties.action_id.enum;
    expect(planActions.length).toBeLessThanOrEqual(15);
    const blocked = registry
      .all()
      .filter((a) => a.safety_tier === 'blocked')
      .map((a) => a.action_id);
    expect(blocked.length).toBeGreaterThan(40);
    const prompt = systemPromptOf(model, 0);
    for (const id of blocked) {
      expect(planActions).not.toContain(id);
      expect(prompt).not.toMatch(new RegExp(`\\b${id}\\b`));
    }
    expect(toolNames(tools).filter((n) => blocked.includes(n))).toEqual([]);
  });
});
