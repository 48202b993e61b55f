import type { Fixture } from '../../devkit/sandbox/fixture-schema.ts';
import { resolveRelativeInstant } from '../../devkit/sandbox/relative-date.ts';
import type { Config } from '../../lib/config/config.ts';
import { localeConventions } from '../../lib/dates/locale-conventions.ts';
import type { StartVenue } from './start-options.ts';

export interface BannerInput {
  url: string;
  sandboxUrl: string;
  config: Pick<Config, 'LLM_PROVIDER' | 'VENUE_TIMEZONE' | 'VENUE_LOCALE'>;
  venue: StartVenue;
  /** The stack's "now": token expiry is relative to it. */
  now: Date;
  /** Lines about the emulators and the data folder (local-data.ts), printed after the booking API line. */
  localLines?: readonly string[];
}

type Token = Fixture['tokens'][number];

/** The first token that works as is (not expired, not rate limited): the one the examples use. */
export function everydayToken(fixture: Fixture, now: Date): Token | undefined {
  return fixture.tokens.find((t) => !expired(fixture, t, now) && !t.rateLimit);
}

function expired(fixture: Fixture, t: Token, now: Date): boolean {
  if (t.expiresAt === undefined) return false;
  const timezone = fixture.venues.find((v) => v.venueId === t.venueId)?.timezone ?? 'UTC';
  return resolveRelativeInstant(t.expiresAt, now, timezone).getTime() <= now.getTime();
}

/** A request the venue can answer: a guest-count change of its first confirmed booking. */
function sampleMessage(fixture: Fixture, venueId: string): string {
  const index = fixture.bookings.findIndex(
    (b) => (b.venueId ?? fixture.venues[0]?.venueId) === venueId && b.status === 'confirmed',
  );
  const booking = fixture.bookings[index];
  if (!booking) return 'Change BK-1001 to 10 guests';
  return `Change ${booking.bookingReference ?? `BK-${1001 + index}`} to ${booking.partySize + 1} guests`;
}

/** What `npm start` prints: where things listen, the venue and every token of its fixture, a request to try. */
export function startBanner(input: BannerInput): string {
  const { fixture, source } = input.venue;
  const demo = everydayToken(fixture, input.now);
  const venues = new Map(fixture.venues.map((v) => [v.venueId, v.name]));
  const tokenWidth = Math.max(...fixture.tokens.map((t) => t.token.length));
  const offline = input.config.LLM_PROVIDER === 'offline' ? ' (no GOOGLE_API_KEY set)' : '';
  const lines = [
    `Booking Update Service listening on ${input.url}`,
    `  model:        ${input.config.LLM_PROVIDER}${offline}`,
    ...venueLines(fixture),
    `  dates:        read in each token's venue (GET /venue); VENUE_TIMEZONE/VENUE_LOCALE (${input.config.VENUE_TIMEZONE}, ${input.config.VENUE_LOCALE}) only for an API without one`,
    `  fixture:      ${source}`,
    `  booking API:  ${input.sandboxUrl} (sandbox; admin API at ${input.sandboxUrl}/__admin, docs/sandbox.md)`,
    ...(input.localLines ?? []),
    '  tokens (X-User-Token, and the user_id that goes with it):',
    ...fixture.tokens.map(
      (t) =>
        `    ${t.token.padEnd(tokenWidth)}  ${t.userId} at ${venues.get(t.venueId) ?? t.venueId}${tokenNote(fixture, t, input.now)}`,
    ),
    '',
  ];
  if (demo) {
    lines.push(
      'Try:',
      `  curl -s -X POST ${input.url}/v1/requests -H 'content-type: application/json' \\`,
      `    -H 'x-user-token: ${demo.token}' \\`,
      `    -d '{"session_id":"demo-1","user_id":"${demo.userId}","message":"${sampleMessage(fixture, demo.venueId)}"}'`,
      '  then POST /v1/plans/{plan_id}/confirm {"user_id":…} and poll GET /v1/plans/{plan_id}?user_id=…',
      `  or chat: npm run chat -- --url ${input.url} --user ${demo.userId} --token ${demo.token}`,
      '',
    );
  }
  lines.push('Ctrl-C to stop.');
  return `${lines.join('\n')}\n`;
}

/**
 * Issue 27: one line per venue with its timezone and locale, and what "12/5" means there, so an operator whose US
 * venue has no `locale` (default en-AU) sees it at once.
 */
function venueLines(fixture: Fixture): string[] {
  return fixture.venues.map((v, i) => {
    const order = localeConventions(v.locale).dayOrder === 'mdy' ? 'December 5' : '12 May';
    const label = i === 0 ? (fixture.venues.length > 1 ? '  venues:' : '  venue:') : '';
    return `${label.padEnd(16)}${v.name} (${v.venueId}): ${v.timezone}, ${v.locale} ("12/5" is ${order})`;
  });
}

function tokenNote(fixture: Fixture, t: Token, now: Date): string {
  if (expired(fixture, t, now)) return '  (expired: 401)';
  if (t.expiresAt) return `  (expires ${t.expiresAt})`;
  if (t.rateLimit)
    return `  (rate limited: ${t.rateLimit.limit} per ${t.rateLimit.windowSeconds}s, then 429)`;
  return '';
}
