import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_TOKEN, DEMO_USER } from '../../devkit/chat/demo-defaults.ts';
import { everydayToken, startBanner } from '../../infra/local/start-banner.ts';
import { loadStartVenue } from '../../infra/local/start-options.ts';

/** One set of demo tokens and users: the README's curl lines, the npm start banner, docs/sandbox.md, the chat. */
const readme = readFileSync('README.md', 'utf8');
const sandboxDoc = readFileSync('docs/sandbox.md', 'utf8');
const demo = loadStartVenue(undefined);
const NOW = new Date('2026-11-22T23:00:00Z');
const banner = startBanner({
  url: 'http://127.0.0.1:3000',
  sandboxUrl: 'http://127.0.0.1:4010',
  config: { LLM_PROVIDER: 'offline', VENUE_TIMEZONE: 'Australia/Sydney', VENUE_LOCALE: 'en-AU' },
  venue: demo,
  now: NOW,
});

const readmeTokens = [...readme.matchAll(/x-user-token: ([\w-]+)/gi)].map((m) => m[1]);
const readmeUsers = [...readme.matchAll(/"user_id": ?"([\w-]+)"|user_id=([\w-]+)/g)].map((m) => m[1] ?? m[2]);

describe('demo tokens and users', () => {
  it('the README uses one token and one user throughout', () => {
    expect(new Set(readmeTokens)).toEqual(new Set([DEMO_TOKEN]));
    expect(new Set(readmeUsers)).toEqual(new Set([DEMO_USER]));
  });

  it("the README's token is a working token of the demo fixture, for the README's user", () => {
    const token = demo.fixture.tokens.find((t) => t.token === DEMO_TOKEN);

    expect(token).toMatchObject({ userId: DEMO_USER, venueId: 'venue_harbour' });
    expect(everydayToken(demo.fixture, NOW)).toEqual(token);
  });

  it("the banner lists every fixture token with its user, and its example uses the README's token", () => {
    for (const t of demo.fixture.tokens) expect(banner).toMatch(new RegExp(`${t.token} +${t.userId} at `));
    expect(banner).toContain(`-H 'x-user-token: ${DEMO_TOKEN}'`);
    expect(banner).toContain(`"user_id":"${DEMO_USER}"`);
    expect(banner).toMatch(/demo-token-expired +user_ops_harbour at Harbour Play Centre {2}\(expired: 401\)/);
  });

  it('docs/sandbox.md lists every fixture token with its user, and no other', () => {
    const documented = [
      ...sandboxDoc.matchAll(/^\| `([\w-]+-token[\w-]*|demo-token-[\w-]+)` +\| `([\w-]+)`/gm),
    ];

    expect(documented.map((m) => [m[1], m[2]])).toEqual(demo.fixture.tokens.map((t) => [t.token, t.userId]));
  });
});
