import { afterAll, beforeAll, beforeEach } from 'vitest';
import { demoFixturePath, readFixtureFile } from '../../devkit/sandbox/load-fixture.ts';
import {
  type RunningSandbox,
  type SandboxOptions,
  startSandbox,
} from '../../devkit/sandbox/start-sandbox.ts';
import { fixedClock } from '../../lib/ports/clock.ts';

/** Wednesday 11 March 2026, 12:00 in Sydney: "next:saturday" is 2026-03-14, "+3d" too. */
export const PINNED_NOW = '2026-03-11T01:00:00Z';
export const TODAY = '2026-03-11';
export const NEXT_SATURDAY = '2026-03-14';

/** Tokens of the demo fixture (devkit/sandbox/fixtures/demo-venue.json). */
export const TOKENS = {
  harbour: 'demo-token-harbour',
  westside: 'demo-token-westside',
  expired: 'demo-token-expired',
  limited: 'demo-token-limited',
} as const;

/** Bookings of the demo fixture by human reference. */
export const DEMO = {
  johnSmith: 'BK-1042',
  johnTan: 'BK-1043',
  johnOkafor: 'BK-1044',
  sarahSmith: 'BK-1045',
  cancelled: 'BK-1054',
  past: 'BK-1055',
  archived: 'BK-1057',
  westside: 'BK-1077',
} as const;

export type TestSandbox = RunningSandbox & { clock: ReturnType<typeof fixedClock> };

/** A sandbox on a random port with the demo fixture and the clock pinned at PINNED_NOW. Quiet. */
export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  const clock = fixedClock(PINNED_NOW);
  const sandbox = await startSandbox({ clock, ...options });
  return { ...sandbox, clock };
}

/** The demo fixture as JSON, to copy and modify in tests. */
export function demoFixture(): ReturnType<typeof readFixtureFile> {
  return readFixtureFile(demoFixturePath);
}

/** The booking id behind a human reference (fails the test when there is none). */
export function bookingId(sandbox: RunningSandbox, reference: string): string {
  const booking = sandbox.admin.bookingByReference(reference);
  if (!booking) throw new Error(`no booking ${reference} in the sandbox`);
  return booking.bookingId;
}

export interface TestResponse {
  status: number;
  headers: Headers;
  contentType: string | null;
  /** Parsed JSON, or the text when the body is not JSON. */
  // biome-ignore lint/suspicious/noExplicitAny: test-only; bodies are checked by toMatchObject and the spec validator
  body: any;
}

/** A minimal raw HTTP client for the sandbox, so tests see exactly what goes over the wire. */
/** `token: null` sends no Authorization header. */
export function sandboxClient(sandbox: RunningSandbox, token: string | null = TOKENS.harbour) {
  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse> {
    const response = await fetch(`${sandbox.url}${path}`, {
      method,
      headers: {
        ...(token === null ? {} : { authorization: `Bearer ${token}` }),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // not JSON (CSV export): keep the text
    }
    return {
      status: response.status,
      headers: response.headers,
      contentType: response.headers.get('content-type'),
      body: parsed,
    };
  }
  return {
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call('POST', path, body, headers),
    put: (path: string, body?: unknown, headers?: Record<string, string>) => call('PUT', path, body, headers),
    patch: (path: string, body?: unknown, headers?: Record<string, string>) =>
      call('PATCH', path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => call('DELETE', path, undefined, headers),
  };
}

/** What a demo-sandbox test file shares; filled in by the hooks demoSandboxSuite registers. */
export interface DemoSandboxSuite {
  sandbox: TestSandbox;
  client: ReturnType<typeof sandboxClient>;
  /** BK-1042's booking id. */
  johnSmith: string;
}

/** One sandbox per file on the demo fixture, reset before each test (the usual hooks of test/sandbox). */
export function demoSandboxSuite(): DemoSandboxSuite {
  const suite = {} as DemoSandboxSuite;
  beforeAll(async () => {
    suite.sandbox = await startTestSandbox();
    suite.client = sandboxClient(suite.sandbox);
  });
  beforeEach(() => {
    suite.sandbox.admin.reset();
    suite.johnSmith = bookingId(suite.sandbox, DEMO.johnSmith);
  });
  afterAll(() => suite.sandbox?.close());
  return suite;
}
