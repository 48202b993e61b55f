import { BookingRecord } from '../../booking-record.ts';
import { venueToday } from '../../dates/venue-time.ts';
import { formatGateError, type PlanStepDraft } from '../../gate/gate-types.ts';
import { normalizeProposal } from '../../gate/normalize-proposal.ts';
import { buildPresentation } from '../../presentation.ts';
import { runValidationGate } from '../../validation-gate.ts';
import type { PlanningUpdate, PlanningValues } from '../planning-state.ts';
import type { TurnContext } from '../turn-context.ts';

/**
 * 000 Trace Structure `plan_generation`: normalise the proposed steps (types, date/time phrases), read the
 * current state of the bookings they name, run the validation gate, and present a valid plan.
 */
export function generatePlanNode(ctx: TurnContext) {
  return async function generate_plan(state: PlanningValues): Promise<PlanningUpdate> {
    const call = state.terminal;
    if (call?.name !== 'propose_plan') throw new TypeError('generate_plan needs a propose_plan call');
    return ctx.tracer.span(
      'plan_generation',
      ctx.scope,
      { metadata: { repair_round: state.repair_rounds } },
      async function generate(span) {
        const { steps, errors } = normalizeProposal(call.args.steps, ctx.registry, ctx.venue);
        const bookings = await currentBookings(ctx, steps, state.known);
        const verdict = await runValidationGate({
          steps,
          normalizationErrors: errors,
          registry: ctx.registry,
          bookings,
          verifyBookings: ctx.lookups.has('get'),
          lookups: ctx.lookups,
          userText: ctx.userText,
          carriedValues: ctx.carriedValues,
          today: venueToday(ctx.venue).toISODate() ?? '',
        });
        span.update({
          output: {
            actions_selected: steps.map((s) => s.action_id),
            action_count: steps.length,
            gate_errors: verdict.errors.map((e) => e.code),
            slot_unavailable: verdict.unavailable !== undefined,
          },
          ...(verdict.errors.length > 0 ? { level: 'WARNING' as const } : {}),
        });
        if (verdict.errors.length > 0) return { gate_errors: verdict.errors.map(formatGateError) };
        if (verdict.unavailable) return { gate_errors: [], unavailable: verdict.unavailable };
        const presentation = buildPresentation(call.args.intent_summary, steps, ctx.registry, bookings);
        return {
          gate_errors: [],
          result: { kind: 'plan', steps, presentation, bookings: [...bookings.values()] },
        };
      },
    );
  };
}

/** The bookings the steps name, fresh from the get-booking lookup when there is one, else as last seen. */
async function currentBookings(
  ctx: TurnContext,
  steps: readonly PlanStepDraft[],
  known: Readonly<Record<string, BookingRecord>>,
): Promise<Map<string, BookingRecord>> {
  const ids = [
    ...new Set(
      steps
        .map((s) => s.parameters.booking_id)
        .filter((id): id is string => typeof id === 'string' && !id.includes('{{')),
    ),
  ];
  if (!ctx.lookups.has('get')) {
    return new Map(ids.flatMap((id) => (known[id] ? [[id, known[id]] as const] : [])));
  }
  const fetched = await Promise.all(ids.map((id) => ctx.lookups.getBooking(id)));
  return new Map(
    fetched.flatMap((data) => {
      const parsed = BookingRecord.safeParse(data);
      return parsed.success ? [[parsed.data.booking_id, parsed.data] as const] : [];
    }),
  );
}
