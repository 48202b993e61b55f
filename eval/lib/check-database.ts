import type { SideEffects } from '../../devkit/sandbox/sandbox-admin.ts';
import type { BookingRecord } from '../../devkit/sandbox/sandbox-state.ts';
import type { BookingFields, DatabaseExpectation } from './case-schema.ts';
import { show } from './match.ts';
import { sideEffectProblems } from './score/compare-side-effects.ts';
import { createdProblems, noteProblems } from './score/compare-state.ts';

/** The sandbox's state after a trial, as the admin API reads it. */
export interface DatabaseState {
  before: readonly BookingRecord[];
  after: readonly BookingRecord[];
  /** Operations of the journal entries that committed a change, in order. */
  committed: readonly string[];
  sideEffects: SideEffects;
}

/**
 * Fields compared between the fixture and the end state. `version` and `updatedAt` are left out on purpose: a
 * change that was rolled back leaves the booking as it was, but with a higher version. Notes are compared by
 * noteProblems: the expected ones added (by text fragment) or removed (by id), and no other touched.
 */
const COMPARED = [
  'bookingReference',
  'venueId',
  'guestName',
  'email',
  'phone',
  'date',
  'startTime',
  'productId',
  'partySize',
  'status',
] as const satisfies ReadonlyArray<keyof BookingRecord>;

/**
 * The scoring check (issue 8: "scored on the database end state"): every booking named in the expectation has
 * exactly the expected fields changed; every other field and every other booking is as the fixture left it;
 * created bookings, committed mutations and payment links are as expected.
 */
export function checkDatabase(expect: DatabaseExpectation, state: DatabaseState): string[] {
  const failures: string[] = [];
  const after = new Map(state.after.map((b) => [b.bookingId, b]));
  const before = new Set(state.before.map((b) => b.bookingId));
  for (const id of Object.keys(expect.bookings)) {
    if (!before.has(id)) failures.push(`database: ${id} is not a booking of the fixture`);
  }
  for (const old of state.before) {
    const now = after.get(old.bookingId);
    if (!now) {
      failures.push(`database: ${old.bookingId} disappeared`);
      continue;
    }
    const change = expect.bookings[old.bookingId] ?? {};
    const changes: Partial<Record<string, unknown>> = change;
    for (const field of COMPARED) {
      const want = field in changes ? changes[field] : old[field];
      if (JSON.stringify(now[field]) !== JSON.stringify(want)) {
        const how = field in changes ? 'expected' : 'unchanged expected';
        failures.push(`database: ${old.bookingId}.${field} ${how} ${show(want)}, got ${show(now[field])}`);
      }
    }
    failures.push(...noteProblems(old, now, change).map((p) => `database: ${p.detail}`));
  }
  failures.push(
    ...checkCreated(
      expect.created,
      state.after.filter((b) => !before.has(b.bookingId)),
    ),
  );
  if (expect.committed_operations && expect.committed_operations.join() !== state.committed.join()) {
    failures.push(
      `database: committed calls expected [${expect.committed_operations.join(', ')}], got [${state.committed.join(', ')}]`,
    );
  }
  failures.push(...paymentLinkFailures(expect, state));
  const sent = state.sideEffects.confirmations.length;
  if (sent !== expect.confirmations_sent) {
    failures.push(`database: expected ${expect.confirmations_sent} confirmations sent, got ${sent}`);
  }
  return failures;
}

function checkCreated(expected: readonly BookingFields[], created: readonly BookingRecord[]): string[] {
  if (created.length !== expected.length) {
    const names = created.map((b) => `${b.bookingReference} ${b.guestName}`);
    return [
      `database: expected ${expected.length} new bookings, got ${created.length} [${names.join(', ')}]`,
    ];
  }
  const left = [...created];
  const failures: string[] = [];
  for (const want of expected) {
    const index = left.findIndex((b) => {
      const fields = new Map(Object.entries(b));
      return Object.entries(want).every(([k, v]) => JSON.stringify(fields.get(k)) === JSON.stringify(v));
    });
    if (index < 0) failures.push(`database: no new booking matches ${show(want)}`);
    else left.splice(index, 1);
  }
  return failures;
}

/** Payment links by count, or each with its booking and amount (`@created:N`: the Nth expected created one). */
function paymentLinkFailures(expect: DatabaseExpectation, state: DatabaseState): string[] {
  const links = state.sideEffects.paymentLinks;
  if (typeof expect.payment_links === 'number')
    return links.length === expect.payment_links
      ? []
      : [`database: expected ${expect.payment_links} payment links, got ${links.length}`];
  const known = new Set(state.before.map((b) => b.bookingId));
  const created = state.after.filter((b) => !known.has(b.bookingId));
  const { matched } = createdProblems(expect.created, created, undefined);
  return sideEffectProblems(
    { paymentLinks: expect.payment_links },
    { ...state.sideEffects, refunds: [] },
    matched,
  ).map((p) => `database: ${p.detail}`);
}
