import { venueTimeNow, venueToday } from '../../../dates/venue-calendar.ts';
import type { WhenQuestion } from '../../../dates/when-question.ts';
import { BookingRecord } from '../../booking-record.ts';
import { unaskedCarriedSteps } from '../../gate/carried-step-guard.ts';
import { formatGateError, type GateError, type PlanStepDraft } from '../../gate/gate-types.ts';
import { normalizeProposal, type ProposedStep } from '../../gate/normalize-proposal.ts';
import { resolvePartsOfDay } from '../../gate/part-of-day-sessions.ts';
import {
  type DroppedStep,
  keepProposedSteps,
  returningSteps,
  withDependents,
  withoutValues,
} from '../../gate/retired-step-guard.ts';
import { settleTimesBySessions } from '../../gate/session-readings.ts';
import { alsoQuestion, onlyUnlicensed } from '../../licence/also-question.ts';
import { refusesAction } from '../../licence/refused-actions.ts';
import { idsIn, mergeIds, type SeenIds } from '../../lookup-ids.ts';
import { bookingIdOf } from '../../placeholders.ts';
import { buildPresentation, shownName } from '../../presentation.ts';
import { valueFingerprints } from '../../session/retired-steps.ts';
import { runValidationGate } from '../../validation-gate.ts';
import type { PlanningUpdate, PlanningValues } from '../planning-state.ts';
import type { TurnContext } from '../turn-context.ts';

/**
 * 000 Trace Structure `plan_generation`: read the current state of the bookings the proposal names, normalise
 * the steps (types; date and time phrases against those bookings), run the validation gate, and present a valid
 * plan. A date or time the user's words leave open is one question to the user (issue 15), never a repair round.
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
        const today = venueToday(ctx.venue);
        const { bookings, ids } = await currentBookings(ctx, call.args.steps, state.known);
        const untaken = retiredStepsIn(ctx, call.args.steps, bookings);
        if (untaken.dropped.length > 0) {
          span.event('retired_steps_dropped', {
            metadata: {
              dropped: untaken.dropped.map((d) => ({ action_id: d.step.action_id, reason: d.reason })),
            },
          });
          if (untaken.steps.length === 0)
            return { gate_errors: [], result: retiredOnlyQuestion(untaken.dropped, ctx.registry) };
        }
        const proposal = normalizeProposal(untaken.steps, ctx.registry, ctx.venue, bookings);
        const asks = await settleTimesBySessions(
          proposal.asks,
          proposal.steps,
          ctx.registry,
          bookings,
          ctx.lookups,
        );
        const ask =
          asks[0]?.question ??
          (await resolvePartsOfDay(
            proposal.partsOfDay,
            proposal.steps,
            ctx.registry,
            bookings,
            ctx.lookups,
            today.year,
          ));
        if (ask) {
          span.update({ output: { date_question: ask.unclear } });
          return { gate_errors: [], result: dateClarification(ask, ctx.userText) };
        }
        const { steps } = proposal;
        const verdict = await runValidationGate({
          steps,
          normalizationErrors: proposal.errors,
          registry: ctx.registry,
          bookings,
          verifyBookings: ctx.lookups.has('get'),
          lookups: ctx.lookups,
          userText: ctx.userText,
          carriedValues: ctx.carriedValues,
          carried: new Set(ctx.pendingSteps.flatMap(valueFingerprints)),
          today: today.toISODate() ?? '',
          nowTime: venueTimeNow(ctx.venue),
          // The pending plan's ids were licensed when it was proposed; rule 7 re-proposes that plan in full in a
          // later turn, without the lookups that returned them, so they stay licensed.
          seenIds: mergeIds(mergeIds(state.seen_ids, ids), idsIn(ctx.pendingSteps.map((s) => s.parameters))),
          bookingFields: new Set(ctx.registry.get(ctx.roles.get)?.output_fields ?? []),
          locale: ctx.venue.locale,
        });
        span.update({
          output: {
            actions_selected: steps.map((s) => s.action_id),
            action_count: steps.length,
            gate_errors: verdict.errors.map((e) => e.code),
            slot_unavailable: verdict.unavailable !== undefined,
            booking_closed: verdict.closed !== undefined,
          },
          ...(verdict.errors.length > 0 ? { level: 'WARNING' as const } : {}),
        });
        // Issue 30: a request whose every change is already true is answered with what is true, never a plan.
        const already = alreadyTrue(steps, verdict.errors, ctx.registry, bookings);
        if (already) return { gate_errors: [], result: already };
        // Issue 14: steps the user did not ask for get one repair round, then a question instead of the plan.
        if (state.repair_rounds > 0 && onlyUnlicensed(verdict.errors))
          return { gate_errors: [], result: alsoQuestion(steps, verdict.errors, ctx.registry, bookings) };
        if (verdict.errors.length > 0) return { gate_errors: verdict.errors.map(formatGateError) };
        if (verdict.closed) return { gate_errors: [], result: closedBookingDecline(verdict.closed) };
        if (verdict.unavailable) return { gate_errors: [], unavailable: verdict.unavailable };
        const presentation = buildPresentation(
          steps,
          ctx.registry,
          bookings,
          ctx.venue,
          ctx.lookups.productNames,
        );
        return {
          gate_errors: [],
          result: { kind: 'plan', steps, presentation, bookings: [...bookings.values()] },
        };
      },
    );
  };
}

/**
 * Issue 30: the proposal without the steps that bring back a change the user declined or dropped (unless restated
 * since). Judged on normalised values, then applied to the model's steps, which the rest of the node reads.
 */
function retiredStepsIn(
  ctx: TurnContext,
  proposed: readonly ProposedStep[],
  bookings: ReadonlyMap<string, BookingRecord>,
): { steps: ProposedStep[]; dropped: DroppedStep[] } {
  // Issue 30: an action the user refused outright ("no payment link", "she's prepaid") is left out, with what
  // depends on it, whatever the model proposed (its overlay's refusal_cues).
  const refusedActions = new Set(
    proposed.flatMap((p) => {
      const action = ctx.registry.get(p.action_id);
      return action && !action.read_only && refusesAction(action, ctx.userText) ? [action.action_id] : [];
    }),
  );
  if (ctx.retired.length === 0 && ctx.pendingSteps.length === 0 && refusedActions.size === 0)
    return { steps: [...proposed], dropped: [] };
  const { steps } = normalizeProposal(proposed, ctx.registry, ctx.venue, bookings);
  const refused = steps.flatMap((step): DroppedStep[] =>
    refusedActions.has(step.action_id) ? [{ step, reason: 'declined' }] : [],
  );
  const facts = {
    registry: ctx.registry,
    bookings,
    bookingFields: new Set(ctx.registry.get(ctx.roles.get)?.output_fields ?? []),
    locale: ctx.venue.locale,
    venue: ctx.venue,
  };
  const carried = unaskedCarriedSteps({
    ...facts,
    steps,
    pending: ctx.pendingSteps,
    message: ctx.message,
    retired: ctx.retired,
  });
  const gone = new Set(carried.flatMap((d) => (d.parameters ? [] : [d.step.step_number])));
  const returning = returningSteps({
    ...facts,
    steps: steps.filter((s) => !gone.has(s.step_number)),
    retired: ctx.retired,
    laterText: ctx.laterText,
    pending: ctx.pendingSteps,
  });
  const dropped = withDependents(steps, [...refused, ...carried, ...returning]);
  if (dropped.length === 0) return { steps: [...proposed], dropped };
  // A step that only loses values keeps the rest (lib/planner/gate/retired-step-guard.ts `withoutValues`).
  const trimmed = withoutValues(proposed, dropped, ctx.registry, bookings);
  for (const d of dropped) if (!d.parameters) gone.add(d.step.step_number);
  for (const n of trimmed.gone) gone.add(n);
  return { steps: keepProposedSteps(trimmed.steps, gone), dropped };
}

/** Every step brought back a change the user did not take: nothing to show, so say so and ask what to change. */
function retiredOnlyQuestion(dropped: readonly DroppedStep[], registry: TurnContext['registry']) {
  const names = [
    ...new Set(dropped.map((d) => registry.get(d.step.action_id)?.name.toLowerCase() ?? d.step.action_id)),
  ];
  const declined = dropped.some((d) => d.reason === 'declined');
  const superseded = dropped.every((d) => d.reason === 'superseded');
  const which = declined
    ? 'the change you declined earlier'
    : superseded
      ? 'the change from the plan you did not confirm'
      : 'the change you dropped earlier';
  return {
    kind: 'clarification' as const,
    question: `I left out ${which} (${names.join(', ')}). If you want it after all, tell me the change again; otherwise, what would you like to change?`,
    unclear: 'other',
    counts: true,
  };
}

/**
 * Issue 30: when every mutating step only sets what its booking already holds (the gate's no_change), there is
 * nothing to plan or ask: the reply says what is already true ("BK-1045 (Sarah Smith) already has party size
 * 18."). Any other error, or one step that changes something, goes the usual way.
 */
function alreadyTrue(
  steps: readonly PlanStepDraft[],
  errors: readonly GateError[],
  registry: TurnContext['registry'],
  bookings: ReadonlyMap<string, BookingRecord>,
) {
  const mutating = steps.filter((s) => registry.get(s.action_id)?.read_only === false);
  if (mutating.length === 0 || errors.length === 0 || errors.some((e) => e.code !== 'no_change'))
    return undefined;
  const unchanged = new Set(errors.map((e) => e.step_number));
  if (!mutating.every((s) => unchanged.has(s.step_number))) return undefined;
  const facts = mutating.map((step) => {
    const booking = bookings.get(String(step.parameters.booking_id));
    const who = booking ? describeBooking(booking) : 'The booking';
    const held = Object.entries(step.parameters)
      .filter(([name]) => name !== 'booking_id')
      .map(([name, value]) => `${name.replace(/_/g, ' ')} ${String(value)}`)
      .join(' and ');
    return `${who} already has ${held}.`;
  });
  return {
    kind: 'clarification' as const,
    question: `${[...new Set(facts)].join(' ')} Nothing needs to change. Is there anything else?`,
    unclear: 'already_true',
    counts: false,
  };
}

function describeBooking(booking: BookingRecord): string {
  const ref = booking.booking_reference ?? booking.booking_id;
  return booking.guest_name ? `${ref} (${shownName(booking.guest_name)})` : ref;
}

/**
 * Issue 15: the fixed question for a date or time, with its candidates as ready-to-send replies. It quotes the
 * phrase it could not read; a phrase the user never wrote came from the model (possibly copied from booking data,
 * issue 14), so the question then names no phrase.
 */
function dateClarification(ask: WhenQuestion, userText: string) {
  const said = userText.toLowerCase();
  const quoted = [...ask.question.matchAll(/“([^”]*)”/g)].map((m) => (m[1] ?? '').toLowerCase());
  const question = quoted.every((q) => said.includes(q)) ? ask.question : `Which ${ask.unclear} do you mean?`;
  return {
    kind: 'clarification' as const,
    question,
    unclear: ask.unclear,
    ...(ask.suggestions.length > 0 ? { suggestions: ask.suggestions } : {}),
    counts: true,
  };
}

/**
 * A change to a booking that can no longer change (cancelled): declined, saying which booking and why, with what
 * can still be done (a new booking). The openapi says a cancelled booking can't be modified again.
 */
function closedBookingDecline(booking: BookingRecord) {
  const who = [booking.booking_reference, booking.guest_name && `(${booking.guest_name})`]
    .filter(Boolean)
    .join(' ');
  return {
    kind: 'clarification' as const,
    question: `${who || 'That booking'} is ${booking.status}, and a ${booking.status} booking can't be changed or restored here. I can make a new booking instead, or change another booking.`,
    unclear: 'booking_closed',
    counts: true,
  };
}

/**
 * The bookings the steps name, fresh from the get-booking lookup when there is one, else as last seen; and the
 * ids those reads hold (a booking's product, its notes), which count as looked up this turn.
 */
async function currentBookings(
  ctx: TurnContext,
  proposed: readonly ProposedStep[],
  known: Readonly<Record<string, BookingRecord>>,
): Promise<{ bookings: Map<string, BookingRecord>; ids: SeenIds }> {
  const steps = proposed.map((s, i) => ({
    step_number: i + 1,
    parameters: Object.fromEntries(s.parameters.map((p) => [p.name, p.value.trim()])),
  }));
  const bookingIds = [...new Set(steps.flatMap((s) => bookingIdOf(s, steps) ?? []))].filter(
    (id) => !id.includes('{{'),
  );
  if (!ctx.lookups.has('get')) {
    const seen = bookingIds.flatMap((id) => (known[id] ? [[id, known[id]] as const] : []));
    return { bookings: new Map(seen), ids: idsIn(seen.map(([, b]) => b)) };
  }
  const fetched = await Promise.all(bookingIds.map((id) => ctx.lookups.getBooking(id)));
  const bookings = new Map(
    fetched.flatMap((data) => {
      const parsed = BookingRecord.safeParse(data);
      return parsed.success ? [[parsed.data.booking_id, parsed.data] as const] : [];
    }),
  );
  return { bookings, ids: idsIn(fetched) };
}
