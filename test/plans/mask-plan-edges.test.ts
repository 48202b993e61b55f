import { describe, expect, it } from 'vitest';
import { maskEchoedText, maskPlanPii, piiLookupFromRegistry } from '../../lib/plans/mask-plan.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

const registry = loadCompiledRegistry();
const isPii = piiLookupFromRegistry((id) => registry.get(id));

/** One succeeded contact update naming `guest_name`, with the given summary and response. */
function contactUpdate(summary: string, response_data: Record<string, unknown> = {}) {
  return aStoredPlan({
    status: 'completed',
    intent_summary: summary,
    actions: [
      {
        step_number: 1,
        action_id: 'updateContactDetails',
        parameters: { booking_id: 'BK-1042', guest_name: 'Gus Ng' },
        safety_tier: 'normal',
        executed: true,
        step_state: 'succeeded',
        result: { success: true, response_data },
      },
    ],
  });
}

describe('maskPlanPii at the edges', () => {
  it('keeps a summary at the 200-character limit within it once masking lengthened it (001)', () => {
    // Prepare: "Gus Ng" (6) masks to "G*** N***" (9): a 200-character summary grows past the limit.
    const summary = `Rename to Gus Ng ${'x'.repeat(200 - 'Rename to Gus Ng '.length)}`;

    // Act
    const masked = maskPlanPii(contactUpdate(summary), isPii).intent_summary;

    // Assess
    expect(summary).toHaveLength(200);
    expect(masked).toHaveLength(200);
    expect(masked.startsWith('Rename to G*** N***')).toBe(true);
    expect(masked.endsWith('x…')).toBe(true);
  });

  it('leaves a summary under the limit whole', () => {
    const masked = maskPlanPii(contactUpdate('Rename to Gus Ng'), isPii).intent_summary;

    expect(masked).toBe('Rename to G*** N***');
  });

  it('masks what a PII key holds when it is not a string (a nested guest), and keeps numbers and nulls', () => {
    // Prepare
    const plan = contactUpdate('Rename', {
      guest: { name: 'Gus Ng', email: 'gus@example.com', party_size: 4 },
      notes: null,
      party_size: 4,
    });

    // Act
    const data = maskPlanPii(plan, isPii).actions[0]?.result?.response_data;

    // Assess
    expect(JSON.stringify(data)).not.toMatch(/Gus Ng|gus@example\.com/);
    expect(data).toMatchObject({ notes: null, party_size: 4, guest: { party_size: 4 } });
  });
});

describe('maskEchoedText', () => {
  it("masks the step's PII parameter values wherever the API echoed them, then any other email or phone", () => {
    // Prepare
    const sources = [
      {
        action_id: 'updateContactDetails',
        parameters: { booking_id: 'BK-1042', guest_name: 'Gus Ng', email: 'gus@example.com' },
      },
    ];

    // Act
    const text = maskEchoedText(
      'guest Gus Ng (gus@example.com) already uses other@example.org on BK-1042',
      sources,
      isPii,
    );

    // Assess
    expect(text).not.toMatch(/Gus Ng|gus@example\.com|other@example\.org/);
    expect(text).toContain('BK-1042');
    expect(text).toContain('G*** N***');
  });
});
