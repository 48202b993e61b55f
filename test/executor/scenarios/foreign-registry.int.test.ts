import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfflineExecutorModel } from '../../../lib/models/offline-executor-model.ts';
import type { ActionCall, ActionOutcome, BookingApi } from '../../../lib/ports/booking-api.ts';
import { ActionRegistry } from '../../../lib/registry/action-registry.ts';
import { build } from '../../../lib/registry/compile/build-registry.ts';
import { type ExecutorStack, freshWorld, startExecutorStack } from '../../support/executor-harness.ts';
import { aConfirmedPlan } from '../../support/executor-plans.ts';

const SPECS = join(import.meta.dirname, '../../fixtures/specs');

/** A booking as Square returns it: writable fields plus server-set ones (id, status, created_at…). */
const STORED = {
  id: 'bk_1',
  version: 3,
  status: 'ACCEPTED',
  created_at: '2026-11-01T09:00:00Z',
  start_at: '2026-11-27T10:00:00Z',
  customer_note: 'Old note',
  appointment_segments: [{ team_member_id: 'tm_1', duration_minutes: 60, any_team_member: false }],
};

/** The booking API port in memory: answers per action and records every call (after argument validation). */
function recordingApi(answers: Record<string, (call: ActionCall) => ActionOutcome>) {
  const calls: { action_id: string; args: Record<string, unknown>; confirmedHighRisk?: boolean }[] = [];
  const api: BookingApi = {
    async invoke(call) {
      calls.push({
        action_id: call.action.action_id,
        args: call.args,
        ...(call.confirmedHighRisk ? { confirmedHighRisk: true } : {}),
      });
      const answer = answers[call.action.action_id];
      return answer
        ? answer(call)
        : {
            ok: false,
            status: 500,
            error_type: 'server_error',
            message: `no answer for ${call.action.action_id}`,
          };
    },
  };
  return { api, calls };
}

const ok = (data: Record<string, unknown>): ActionOutcome => ({ ok: true, status: 200, data });

let stack: ExecutorStack;
beforeAll(async () => {
  stack = await startExecutorStack();
});
afterAll(async () => {
  await stack.stop();
});

describe('executor over a registry built from a foreign spec (issue 17)', () => {
  it('rolls back with dotted response templates and a nested pre-image, restoring only what the API accepts', async () => {
    // Prepare: Square's registry; step 3 fails, so steps 2 and 1 are compensated.
    const registry = new ActionRegistry(
      (await build(join(SPECS, 'square/spec/api.json'), join(SPECS, 'square/overlays'))).actions,
    );
    const { api, calls } = recordingApi({
      RetrieveBooking: () => ok({ booking: STORED }),
      UpdateBooking: (call) => ok({ booking: { ...STORED, ...(call.args.booking as object), version: 4 } }),
      CreateBooking: () => ok({ booking: { id: 'bk_new', version: 0, status: 'ACCEPTED' } }),
      CancelBooking: (call) =>
        call.args.booking_id === 'bk_gone'
          ? { ok: false, status: 404, error_type: 'not_found', message: 'booking bk_gone not found' }
          : ok({ booking: { id: call.args.booking_id, status: 'CANCELLED_BY_SELLER' } }),
    });
    const world = await freshWorld(stack);
    const plan = await world.seed(
      aConfirmedPlan([
        {
          action_id: 'UpdateBooking',
          parameters: { booking_id: 'bk_1', booking: { customer_note: 'Window seat' } },
        },
        {
          action_id: 'CreateBooking',
          parameters: {
            booking: { start_at: '2026-11-28T09:00:00Z', appointment_segments: [{ team_member_id: 'tm_2' }] },
          },
        },
        { action_id: 'CancelBooking', parameters: { booking_id: 'bk_gone' }, safety_tier: 'high_risk' },
      ]),
    );

    // Act
    await world.deliver(plan, new OfflineExecutorModel(), { deps: { registry, bookingApi: api } });

    // Assess
    const done = await world.reload(plan);
    expect(done.status).toBe('rolled_back');
    expect(done.rollback_report?.actions_reversed).toEqual([2, 1]);
    expect(calls.map((c) => c.action_id)).toEqual([
      'RetrieveBooking',
      'UpdateBooking',
      'CreateBooking',
      'CancelBooking',
      'CancelBooking',
      'UpdateBooking',
    ]);
    // {{response.booking.id}} and {{response.booking.version}} of step 2.
    expect(calls[4]?.args).toEqual({ booking_id: 'bk_new', booking_version: 0 });
    // {{before.booking}}: the booking as it was, without the fields the API sets itself.
    expect(calls[5]?.args).toEqual({
      booking_id: 'bk_1',
      booking: {
        start_at: '2026-11-27T10:00:00Z',
        customer_note: 'Old note',
        appointment_segments: [{ team_member_id: 'tm_1', duration_minutes: 60 }],
      },
    });
  });

  it('tells the booking API a destructive step was confirmed as high risk, so X-Dangerous is sent', async () => {
    // Prepare: DigitalOcean's registry; the danger acknowledgement is in the action, not in its parameters.
    const registry = new ActionRegistry(
      (
        await build(
          join(SPECS, 'digitalocean/spec/DigitalOcean-public.v2.yaml'),
          join(SPECS, 'digitalocean/overlays'),
        )
      ).actions,
    );
    const destroy = registry.require('droplets_destroy_withAssociatedResourcesDangerous');
    const { api, calls } = recordingApi({ [destroy.action_id]: () => ok({}) });
    const world = await freshWorld(stack);
    const plan = await world.seed(
      aConfirmedPlan([
        { action_id: destroy.action_id, parameters: { droplet_id: 3164444 }, safety_tier: 'high_risk' },
      ]),
    );

    // Act
    await world.deliver(plan, new OfflineExecutorModel(), { deps: { registry, bookingApi: api } });

    // Assess
    expect((await world.reload(plan)).status).toBe('completed');
    expect(destroy.parameters.map((p) => p.name)).toEqual(['droplet_id']);
    expect(destroy.danger_headers).toEqual([{ wire_name: 'X-Dangerous', value: 'true' }]);
    expect(calls).toEqual([
      { action_id: destroy.action_id, args: { droplet_id: 3164444 }, confirmedHighRisk: true },
    ]);
  });
});
