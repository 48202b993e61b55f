import type { StoredPlan } from '../../plans/stored-plan.ts';

/** Booking ids (bk_…) and human references (BK-1042 style) as they appear in free text. */
const BOOKING_TOKEN = /\b(bk_[a-z0-9]+|[A-Z]{2,5}-\d{2,})\b/gi;

function tokens(text: string): string[] {
  return [...text.matchAll(BOOKING_TOKEN)].map((m) => (m[1] ?? '').toLowerCase());
}

/** Every booking id or reference the plan is known to act on (parameters, descriptions, recorded data). */
export function planBookings(plan: StoredPlan): Set<string> {
  const known = new Set<string>(tokens(plan.intent_summary));
  for (const s of plan.actions) {
    const texts = [
      JSON.stringify(s.parameters),
      s.description ?? '',
      JSON.stringify(s.resolved_parameters ?? {}),
      JSON.stringify(s.before ?? {}),
      JSON.stringify(s.result?.response_data ?? {}),
    ];
    for (const t of texts) for (const token of tokens(t)) known.add(token);
  }
  return known;
}

/**
 * Deterministic half of 000 Execute Plan 4 ("if requested data materially changes the plan scope, execution
 * fails"): an answer that names a booking the plan does not act on is another request. The other half is in the
 * tools node: after an answer, a call outside the plan or a change to a confirmed value also means a new scope.
 */
export function answerNamesAnotherBooking(plan: StoredPlan, answer: string): boolean {
  const known = planBookings(plan);
  return tokens(answer).some((t) => !known.has(t));
}

export const NEW_REQUEST_MESSAGE =
  'Your answer asks for something outside the confirmed plan (another booking or a different change). Nothing more was changed; please start a new request.';
