import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLocalStackState, STACK_VARIABLES } from '../../devkit/ops/local-stack-state.ts';
import { removeTempDataDirs, signalGroup, startChild } from './start-child.ts';

const run = promisify(execFile);

/** POST /v1/requests as iQ (and the README's curl line) sends it. */
function postRequest(base: string, token: string, body: object): Promise<Response> {
  return fetch(`${base}/v1/requests`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-user-token': token },
    body: JSON.stringify(body),
  });
}

let running: ReturnType<typeof startChild>;
let url: string;

beforeAll(async () => {
  running = startChild();
  url = await running.url;
}, 60_000);

let stopped = false;
afterAll(async () => {
  // Only when a test failed before the shutdown test ran: stop our own child's group.
  if (!stopped) {
    signalGroup(running.child, 'SIGTERM');
    await running.closed;
  }
  removeTempDataDirs();
});

describe('npm start (local stack as a child process)', () => {
  it('prints the URL, the venue, every token of the demo fixture and a sample request', () => {
    // Issue 27: every venue with its own timezone and locale.
    expect(running.output()).toMatch(
      /venues: +Harbour Play Centre \(venue_harbour\): Australia\/Sydney, en-AU \("12\/5" is 12 May\)\n/,
    );
    expect(running.output()).toMatch(
      / +Westside Trampoline Park \(venue_westside\): Australia\/Sydney, en-AU/,
    );
    expect(running.output()).toMatch(/demo-token-harbour +user_ops_harbour at Harbour Play Centre\n/);
    expect(running.output()).toMatch(/demo-token-westside +user_ops_westside at Westside Trampoline Park\n/);
    expect(running.output()).toContain(`curl -s -X POST ${url}/v1/requests`);
  });

  it("accepts every token the banner prints with the README's curl line, refusing only the one marked expired", async () => {
    // Prepare: the banner's token lines, and the README's first request body.
    const tokens = [...running.output().matchAll(/^ {4}([\w-]+) +(\w+) at [^\n]*?(\(expired: 401\))?$/gm)];
    const readmeBody = /-d '(\{"session_id":[^']+)'/.exec(readFileSync('README.md', 'utf8'))?.[1] ?? '';
    // Act
    const answers = await Promise.all(
      tokens.map(async ([, token, user], i) => {
        const body = { ...JSON.parse(readmeBody), session_id: `readme-${i}`, user_id: user };
        const res = await postRequest(url, token ?? '', body);
        return [token, res.status];
      }),
    );
    // Assess
    expect(tokens.map((t) => t[1])).toEqual([
      'demo-token-harbour',
      'demo-token-westside',
      'demo-token-expired',
      'demo-token-limited',
    ]);
    expect(answers).toEqual(tokens.map(([, token, , expired]) => [token, expired ? 401 : 200]));
  });

  it('serves the IQ contract over real HTTP', async () => {
    // Act
    const planning = await postRequest(url, 'demo-token-harbour', {
      session_id: 'smoke-1',
      user_id: 'user_ops_harbour',
      message: "Change John Smith's booking to 10 guests",
    });
    const unknownPlan = await fetch(
      `${url}/v1/plans/6f1c1f7e-0000-4000-8000-000000000123?user_id=user_ops_harbour`,
      {
        headers: { 'x-user-token': 'demo-token-harbour' },
      },
    );
    const noToken = await fetch(`${url}/v1/plans/6f1c1f7e-0000-4000-8000-000000000123/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'u' }),
    });
    // Assess: the offline model plans the guest-count change of the one John Smith
    const planningBody = (await planning.json()) as {
      kind?: string;
      plan?: { actions: { action_id: string }[] };
    };
    expect([planning.status, planningBody.kind]).toEqual([200, 'plan']);
    expect(planningBody.plan?.actions.map((a) => a.action_id)).toEqual(['updateGuestCount']);
    expect([unknownPlan.status, await unknownPlan.json()]).toEqual([
      404,
      { error_type: 'invalid_input', message: 'plan 6f1c1f7e-0000-4000-8000-000000000123 not found' },
    ]);
    expect([noToken.status, ((await noToken.json()) as { error_type: string }).error_type]).toEqual([
      401,
      'auth_required',
    ]);
  });

  it('prints the emulator endpoints and writes them to its state file, from which ops and metrics find the stack', async () => {
    // Prepare: what the stack wrote, and an environment that names no stack.
    const stateFile = join(running.dataDir, 'state.json');
    const state = readLocalStackState(stateFile);
    const env: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'SILENT' };
    for (const name of STACK_VARIABLES) delete env[name];
    // Act
    const [stuck, metrics] = await Promise.all([
      run('npx', ['tsx', 'devkit/ops/cli.ts', 'stuck', '--state', stateFile], { env }),
      run('npx', ['tsx', 'devkit/metrics/cli.ts', '--state', stateFile, '--json'], { env }),
    ]);
    // Assess
    expect(state).toMatchObject({
      gateway_url: url,
      data_dir: running.dataDir,
      tables: { plans: 'booking-update-plans' },
    });
    expect(running.output()).toContain(
      `  DynamoDB:     ${state.dynamodb_endpoint} (tables booking-update-plans, booking-update-sessions, booking-update-executions)`,
    );
    expect(running.output()).toContain(
      `  SQS:          ${state.sqs_endpoint} (queue ${state.queues.plan_queue_url}, DLQ ${state.queues.dlq_url})`,
    );
    expect(stuck.stdout).toBe('0 stuck plan(s)\n');
    expect(stuck.stderr).toContain(`using the local stack (${stateFile}, pid ${state.pid}`);
    expect(JSON.parse(metrics.stdout).plans).toBeGreaterThan(0);
  }, 60_000);

  it('shuts down cleanly on Ctrl-C (SIGINT to the process group)', async () => {
    signalGroup(running.child, 'SIGINT');

    await running.closed;
    stopped = true;

    expect(running.output()).toContain('SIGINT: stopping the local stack');
    expect(running.output()).toContain('stopped.');
    await expect(fetch(`${url}/v1/plans/x`)).rejects.toThrow();
    expect(existsSync(join(running.dataDir, 'state.json'))).toBe(false);
  });
});

describe('npm start -- --fixture (your own venue)', () => {
  it('serves the venue of the fixture, naming it, its timezone and its tokens, and plans for it', async () => {
    // Prepare
    const venue = startChild({
      command: ['npm', 'start', '--silent', '--', '--fixture', 'test/fixtures/my-venue.json'],
    });
    try {
      const base = await venue.url;
      // Act
      const res = await postRequest(base, 'lakeside-token-ops', {
        session_id: 'lake-1',
        user_id: 'user_lakeside_ops',
        message: 'Change BK-5001 to 8 guests',
      });
      // Assess
      expect(venue.output()).toMatch(
        /venue: +Lakeside Bowl \(venue_lakeside\): Europe\/London, en-GB \("12\/5" is 12 May\)\n/,
      );
      expect(venue.output()).toContain('fixture:      test/fixtures/my-venue.json');
      expect(venue.output()).toMatch(/lakeside-token-ops +user_lakeside_ops at Lakeside Bowl\n/);
      expect(venue.output()).toMatch(
        /lakeside-token-old +user_lakeside_ops at Lakeside Bowl {2}\(expired: 401\)/,
      );
      expect(venue.output()).not.toContain('demo-token-harbour');
      const body = (await res.json()) as { kind?: string; plan?: { actions: { parameters: object }[] } };
      expect([res.status, body.kind]).toEqual([200, 'plan']);
      expect(body.plan?.actions[0]?.parameters).toMatchObject({ party_size: 8 });
    } finally {
      signalGroup(venue.child, 'SIGTERM');
      await venue.closed;
    }
  });

  it('refuses a bad fixture (SANDBOX_FIXTURE) at start, naming every bad path, and starts nothing', async () => {
    // Act
    const bad = startChild({ env: { SANDBOX_FIXTURE: 'test/fixtures/bad-venue.json' } });
    const code = await new Promise<number | null>((resolve) => bad.child.once('exit', resolve));
    await bad.url.catch(() => undefined);
    await bad.closed;
    // Assess
    expect(code).toBe(2);
    for (const path of [
      'venues.0.timezone',
      'tokens.0.venueId',
      'bookings.0.date',
      'bookings.0.startTime',
      'bookings.1.productId',
    ]) {
      expect(bad.output()).toContain(path);
    }
    expect(bad.output()).toContain('Nothing was started.');
    expect(bad.output()).not.toContain('listening on');
  });
});
