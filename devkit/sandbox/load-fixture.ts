import { readFileSync } from 'node:fs';
import { Fixture } from './fixture-schema.ts';
import { localDate, resolveRelativeDate, resolveRelativeInstant } from './relative-date.ts';
import { FixtureError } from './sandbox-error.ts';
import { type BookingRecord, deriveBookingId, SandboxState } from './sandbox-state.ts';

/** The demo venue shipped with the sandbox (devkit/sandbox/fixtures/demo-venue.json). */
export const demoFixturePath = new URL('./fixtures/demo-venue.json', import.meta.url);

/** Validates fixture JSON; the FixtureError names every bad path (e.g. bookings.3.startTime). */
export function parseFixture(input: unknown): Fixture {
  const parsed = Fixture.safeParse(input);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new FixtureError(`invalid fixture: ${problems.join('; ')}`, { cause: parsed.error, problems });
  }
  return parsed.data;
}

/** Reads and validates a fixture file. */
export function readFixtureFile(path: string | URL): Fixture {
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new FixtureError(`cannot read fixture ${String(path)}`, { cause: error });
  }
  return parseFixture(json);
}

/**
 * Builds the in-memory database from a fixture. Relative dates resolve against `now` in each venue's
 * timezone (issue 3: fixture dates relative to today, so the demo never goes stale).
 */
export function buildState(fixture: Fixture, now: Date): SandboxState {
  const state = new SandboxState();
  for (const venue of fixture.venues) state.venues.set(venue.venueId, venue);
  for (const t of fixture.tokens) {
    const timezone = state.venue(t.venueId).timezone;
    state.tokens.set(t.token, {
      userId: t.userId,
      venueId: t.venueId,
      ...(t.expiresAt === undefined ? {} : { expiresAt: resolveRelativeInstant(t.expiresAt, now, timezone) }),
      ...(t.rateLimit === undefined ? {} : { rateLimit: t.rateLimit }),
    });
  }
  fixture.bookings.forEach((b, index) => {
    const record = toRecord(state, b, index, now);
    if (state.bookings.has(record.bookingId)) {
      throw new FixtureError(`invalid fixture: bookings.${index}: duplicate booking ${record.bookingId}`);
    }
    state.bookings.set(record.bookingId, record);
  });
  return state;
}

function toRecord(
  state: SandboxState,
  b: Fixture['bookings'][number],
  index: number,
  now: Date,
): BookingRecord {
  const venueId = b.venueId ?? [...state.venues.keys()][0]!;
  const reference = b.bookingReference ?? `BK-${1001 + index}`;
  const stamp = now.toISOString();
  return {
    bookingId: b.bookingId ?? deriveBookingId(venueId, reference),
    bookingReference: reference,
    venueId,
    guestName: b.guestName,
    ...(b.email === undefined ? {} : { email: b.email }),
    ...(b.phone === undefined ? {} : { phone: b.phone }),
    date: resolveRelativeDate(b.date, localDate(now, state.venue(venueId).timezone)),
    startTime: b.startTime,
    productId: b.productId,
    partySize: b.partySize,
    status: b.status,
    notes: b.notes.map((n) => ({ noteId: state.nextNoteId(), ...n, createdAt: stamp })),
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
}
