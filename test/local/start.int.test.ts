import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * Starts `npm start`'s entry point as a child process (in its own process group, like a terminal job) on a
 * random port and resolves with its printed URL. `closed` resolves once every process holding its output has
 * exited (npx → tsx → node).
 */
function startChild(): {
  child: ChildProcess;
  url: Promise<string>;
  output: () => string;
  closed: Promise<void>;
} {
  const child = spawn('npx', ['tsx', 'infra/local/start.ts'], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'SILENT', GOOGLE_API_KEY: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  const url = new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (match?.[1]) resolve(match[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.once('exit', (code) => reject(new Error(`local stack exited early (${code}): ${out}`)));
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, url, output: () => out, closed };
}

/** Signals the child's whole process group, as Ctrl-C in a terminal does. */
function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid) process.kill(-child.pid, signal);
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
});

describe('npm start (local stack as a child process)', () => {
  it('prints the URL, the demo tokens and a sample request', () => {
    expect(running.output()).toMatch(/demo tokens: +demo-token-harbour/);
    expect(running.output()).toContain(`curl -s -X POST ${url}/v1/requests`);
  });

  it('serves the IQ contract over real HTTP', async () => {
    // Act
    const planning = await fetch(`${url}/v1/requests`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-user-token': 'demo-token-harbour' },
      body: JSON.stringify({
        session_id: 'smoke-1',
        user_id: 'user_ops_harbour',
        message: "Change John Smith's booking to 10 guests",
      }),
    });
    const unknownPlan = await fetch(`${url}/v1/plans/6f1c1f7e-0000-4000-8000-000000000123?user_id=u`, {
      headers: { 'x-user-token': 'demo-token-harbour' },
    });
    const noToken = await fetch(`${url}/v1/plans/6f1c1f7e-0000-4000-8000-000000000123/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: 'u' }),
    });
    // Assert: the offline model plans the guest-count change of the one John Smith
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

  it('shuts down cleanly on Ctrl-C (SIGINT to the process group)', async () => {
    signalGroup(running.child, 'SIGINT');

    await running.closed;
    stopped = true;

    expect(running.output()).toContain('SIGINT: stopping the local stack');
    expect(running.output()).toContain('stopped.');
    await expect(fetch(`${url}/v1/plans/x`)).rejects.toThrow();
  });
});
