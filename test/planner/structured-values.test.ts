import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { normalizeProposal } from '../../lib/planner/gate/normalize-proposal.ts';
import { planErrors } from '../../lib/planner/gate/plan-checks.ts';
import { buildSystemPrompt } from '../../lib/planner/prompt/system-prompt.ts';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import { build } from '../../lib/registry/compile/build-registry.ts';

/** Square's registry (test/fixtures/specs/square): a booking with a list of appointment segments. */
const SQUARE = join(import.meta.dirname, '../fixtures/specs/square');
const venue = { now: new Date('2026-11-20T10:00:00Z'), timeZone: 'Australia/Sydney', locale: 'en-AU' };
const segment = { team_member_id: 'tm_1', service_variation_id: 'sv_1', service_variation_version: 1 };

let registry: ActionRegistry;
beforeAll(async () => {
  registry = new ActionRegistry(
    (await build(join(SQUARE, 'spec/api.json'), join(SQUARE, 'overlays'))).actions,
  );
});

const propose = (action_id: string, parameters: Record<string, string>) => [
  { action_id, parameters: Object.entries(parameters).map(([name, value]) => ({ name, value })) },
];

describe('plans with lists and objects (issue 17)', () => {
  it('reads a list or object value given as JSON text into the typed value', () => {
    // Prepare
    const booking = { start_at: '2026-11-27T10:00:00Z', appointment_segments: [segment] };
    // Act
    const { steps, errors } = normalizeProposal(
      propose('CreateBooking', { booking: JSON.stringify(booking) }),
      registry,
      venue,
    );
    // Assess
    expect(errors).toEqual([]);
    expect(steps[0]?.parameters.booking).toEqual(booking);
    expect(planErrors(steps, registry)).toEqual([]);
  });

  it('names the nested field at fault, and refuses text that is not JSON', () => {
    // Act
    const wrong = normalizeProposal(
      propose('CreateBooking', {
        booking: JSON.stringify({ appointment_segments: [{ service_variation_id: 'x' }] }),
      }),
      registry,
      venue,
    );
    const text = normalizeProposal(
      propose('CreateBooking', { booking: 'a haircut with Sam' }),
      registry,
      venue,
    );
    // Assess
    expect(planErrors(wrong.steps, registry).map((e) => e.message)).toEqual([
      'booking.appointment_segments.0.team_member_id: Invalid input: expected string, received undefined',
    ]);
    expect(text.errors.map((e) => e.message)).toEqual(['booking: give booking as JSON (an object)']);
  });

  it('refuses a step that uses an execution-only action: the planner never sees it', () => {
    const errors = planErrors(
      [{ step_number: 1, action_id: 'DeleteCustomer', parameters: { customer_id: 'c1' } }],
      registry,
    );
    expect(errors.map((e) => e.code)).toEqual(['unknown_action']);
  });

  it('shows the shape of a list or object parameter in the prompt, to be written as JSON', () => {
    const prompt = buildSystemPrompt({
      venue,
      actions: [registry.require('CreateBooking')],
      roles: { search: 'ListBookings', get: 'RetrieveBooking', availability: 'SearchAvailability' },
    });
    expect(prompt).toContain(
      'booking (JSON {start_at: string, location_id: string, customer_id: string, customer_note: string, appointment_segments: list of {duration_minutes: number, service_variation_id: string, team_member_id*: string, service_variation_version: number}}, required)',
    );
  });
});
