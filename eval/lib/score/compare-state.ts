import type { BookingRecord } from '../../../devkit/sandbox/sandbox-state.ts';
import { show } from '../match.ts';
import { sideEffectProblems } from './compare-side-effects.ts';
import { samePhone } from './same-phone.ts';
import {
  type BookingChange,
  type BookingFieldValues,
  type Field,
  LABELLED_FIELDS,
  type ObservedState,
  type StateExpectation,
  type StateProblem,
} from './state-expectation.ts';

/** Fields that must stay as they were on every booking a label does not change (version/updatedAt aside). */
const COMPARED: readonly (keyof BookingRecord)[] = ['bookingReference', 'venueId', ...LABELLED_FIELDS];

/** How values compare: phones as the same number in the venue's region; emails and names without case. */
function sameValue(field: Field, a: unknown, b: unknown, region: string | undefined): boolean {
  if (a === undefined || b === undefined) return a === b;
  if (field === 'phone') return samePhone(String(a), String(b), region);
  if (field === 'partySize') return Number(a) === Number(b);
  const text = (v: unknown) => String(v).trim().replace(/\s+/g, ' ');
  if (field === 'email' || field === 'guestName') return text(a).toLowerCase() === text(b).toLowerCase();
  return text(a) === text(b);
}

/**
 * A listed field still at its old value is a change that did not happen (missing), unless another field of the
 * same booking changed: then the booking was acted on and now holds a combination the label does not allow
 * (moved to 15:00 on the old day instead of 15:00 the next day), which is unexpected.
 */
function fieldProblems(
  old: BookingRecord,
  now: BookingRecord,
  change: BookingChange,
  region: string | undefined,
): StateProblem[] {
  const labelled = (field: keyof BookingRecord) => (LABELLED_FIELDS as readonly string[]).includes(field);
  const same = (field: keyof BookingRecord, a: unknown, b: unknown) =>
    labelled(field) ? sameValue(field as Field, a, b, region) : JSON.stringify(a) === JSON.stringify(b);
  const touched = COMPARED.some((f) => !same(f, now[f], old[f]));
  const problems: StateProblem[] = [];
  for (const field of COMPARED) {
    const listed = labelled(field) && field in change;
    const want = listed ? change[field as Field] : old[field];
    if (same(field, now[field], want)) continue;
    const unchanged = same(field, now[field], old[field]);
    const detail = listed
      ? `${field} expected ${show(want)}, ${unchanged ? 'unchanged' : `got ${show(now[field])}`}`
      : `${field} changed from ${show(old[field])} to ${show(now[field])}`;
    const kind = listed && unchanged && !touched ? 'missing' : 'unexpected';
    problems.push({ kind, detail: `${old.bookingId}.${detail}`, bookingId: old.bookingId });
  }
  return problems;
}

/** Notes: the listed ones removed, one new note holding every listed fragment, nothing else touched. */
export function noteProblems(old: BookingRecord, now: BookingRecord, change: BookingChange): StateProblem[] {
  const problems: StateProblem[] = [];
  const push = (kind: StateProblem['kind'], detail: string) =>
    problems.push({ kind, detail: `${old.bookingId}.notes: ${detail}`, bookingId: old.bookingId });
  const kept = new Map(now.notes.map((n) => [n.noteId, n]));
  const toRemove = new Set(change.notes_removed ?? []);
  for (const note of old.notes) {
    const still = kept.get(note.noteId);
    if (toRemove.has(note.noteId)) {
      if (still) push('missing', `${note.noteId} expected removed, still there`);
    } else if (!still) push('unexpected', `${note.noteId} removed`);
    else if (still.text !== note.text)
      push('unexpected', `${note.noteId} text changed to ${show(still.text)}`);
  }
  for (const id of toRemove)
    if (!old.notes.some((n) => n.noteId === id)) push('missing', `${id} is not a note of the booking`);
  const oldIds = new Set(old.notes.map((n) => n.noteId));
  const added = now.notes.filter((n) => !oldIds.has(n.noteId));
  const fragments = (change.notes_added ?? []).map((f) => f.toLowerCase());
  if (fragments.length === 0) {
    for (const n of added) push('unexpected', `note added: ${show(n.text)}`);
    return problems;
  }
  const fits = added.findIndex((n) => fragments.every((f) => n.text.toLowerCase().includes(f)));
  if (added.length === 0) push('missing', `expected a new note with ${show(fragments)}`);
  else if (fits < 0) push('unexpected', `new note ${show(added[0]?.text)} lacks one of ${show(fragments)}`);
  for (const [i, n] of added.entries())
    if (fits >= 0 && i !== fits) push('unexpected', `extra note ${show(n.text)}`);
  return problems;
}

function matchesFields(b: BookingRecord, want: BookingFieldValues, region: string | undefined): boolean {
  return Object.entries(want).every(([f, v]) => sameValue(f as Field, b[f as Field], v, region));
}

/** New bookings matched to the expected ones; returns each expected one's match (for `@created:N`). */
export function createdProblems(
  expected: readonly BookingFieldValues[],
  created: readonly BookingRecord[],
  region: string | undefined,
): { problems: StateProblem[]; matched: Array<string | undefined> } {
  const left = [...created];
  const matched = expected.map((want) => {
    const i = left.findIndex((b) => matchesFields(b, want, region));
    return i < 0 ? undefined : left.splice(i, 1)[0]?.bookingId;
  });
  const problems: StateProblem[] = [
    ...left.map((b) => ({
      kind: 'unexpected' as const,
      detail: `created ${b.bookingId} ${show({ productId: b.productId, date: b.date, startTime: b.startTime, partySize: b.partySize, guestName: b.guestName })}, not as expected`,
      bookingId: b.bookingId,
    })),
    ...expected.flatMap((want, i) =>
      matched[i] ? [] : [{ kind: 'missing' as const, detail: `no created booking matches ${show(want)}` }],
    ),
  ];
  return { problems, matched };
}

/**
 * The sandbox after a run against what the label says (eval/sealed format): every listed booking with exactly
 * its listed changes, every other booking and field unchanged, the expected bookings created and no other,
 * the listed side effects issued. Empty when the state is as expected.
 */
export function compareState(
  expect: StateExpectation,
  observed: ObservedState,
  region: string | undefined,
): StateProblem[] {
  const after = new Map(observed.after.map((b) => [b.bookingId, b]));
  const before = new Set(observed.before.map((b) => b.bookingId));
  const problems: StateProblem[] = Object.keys(expect.bookings)
    .filter((id) => !before.has(id))
    .map((id) => ({ kind: 'missing', detail: `${id} is not a booking of the fixture`, bookingId: id }));
  for (const old of observed.before) {
    const now = after.get(old.bookingId);
    const change = expect.bookings[old.bookingId] ?? {};
    if (!now)
      problems.push({ kind: 'unexpected', detail: `${old.bookingId} disappeared`, bookingId: old.bookingId });
    else problems.push(...fieldProblems(old, now, change, region), ...noteProblems(old, now, change));
  }
  const created = createdProblems(
    expect.created,
    observed.after.filter((b) => !before.has(b.bookingId)),
    region,
  );
  problems.push(...created.problems, ...sideEffectProblems(expect, observed.sideEffects, created.matched));
  return problems;
}
