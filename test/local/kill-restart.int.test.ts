import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { isProcessAlive, readLocalStackState } from '../../devkit/ops/local-stack-state.ts';
import { type RunningSandbox, startSandbox } from '../../devkit/sandbox/start-sandbox.ts';
import {
  removeTempDataDirs,
  type StartedChild,
  signalGroup,
  startChild,
  tempDataDir,
} from './start-child.ts';

/**
 * Issue 28 "Durable local data": `npm start` is killed with SIGKILL while the booking API holds one of its writes,
 * then started again on the same data folder. The sandbox runs in this process, so its bookings and its journal
 * outlive the stack; the plan, the session and the queued message must outlive it too, on disk.
 */
const TOKEN = 'demo-token-harbour';
const USER = 'user_ops_harbour';

let sandbox: RunningSandbox;
let dataDir: string;
const children: StartedChild[] = [];

beforeAll(async () => {
  sandbox = await startSandbox();
  dataDir = tempDataDir();
});

afterAll(async () => {
  for (const c of children) {
    if (c.child.exitCode === null && c.child.signalCode === null) signalGroup(c.child, 'SIGTERM');
    await c.closed;
  }
  await sandbox.close();
  removeTempDataDirs();
});

/** `npm start` on this test's data folder, calling this process's sandbox. */
async function startStack(): Promise<{ stack: StartedChild; url: string }> {
  const stack = startChild({
    command: ['npx', 'tsx', 'infra/local/start.ts', '--booking-api', sandbox.url],
    dataDir,
  });
  children.push(stack);
  return { stack, url: await stack.url };
}

/** The fields of the service's answers this test reads. */
interface Answer {
  kind?: string;
  plan?: { plan_id: string; status: string };
}

async function call(url: string, method: string, body?: object): Promise<{ status: number; body: Answer }> {
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', 'x-user-token': TOKEN },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: res.status, body: (await res.json()) as Answer };
}

describe('npm start keeps its data on disk (issue 28)', () => {
  it('a plan whose stack was killed with SIGKILL mid-write ends completed after a restart, with one committed write', async () => {
    // Prepare: a confirmed guest-count change whose write the booking API holds for 2 s.
    const first = await startStack();
    const planned = await call(`${first.url}/v1/requests`, 'POST', {
      session_id: 'kill-1',
      user_id: USER,
      message: 'Change BK-1042 to 13 guests',
    });
    expect([planned.status, planned.body.kind]).toEqual([200, 'plan']);
    const planId = planned.body.plan?.plan_id ?? '';
    sandbox.admin.injectFault({ operation: 'updateGuestCount', kind: 'delay', delayMs: 2_000 });
    const confirmed = await call(`${first.url}/v1/plans/${planId}/confirm`, 'POST', { user_id: USER });
    expect(confirmed.status).toBeLessThan(300);

    // Act: kill -9 the whole stack while the write is held, then start it again on the same folder.
    await vi.waitFor(() => expect(sandbox.admin.faults()).toEqual([]), { timeout: 20_000, interval: 50 });
    signalGroup(first.stack.child, 'SIGKILL');
    await first.stack.closed;
    expect(existsSync(join(dataDir, 'state.json'))).toBe(true); // no clean shutdown happened
    // The stack's own node process dies with its group, but may be reaped a moment after npm's exit.
    const { pid } = readLocalStackState(join(dataDir, 'state.json'));
    await vi.waitFor(() => expect(isProcessAlive(pid)).toBe(false), { timeout: 10_000, interval: 50 });
    const second = await startStack();

    // Assess: the plan ends truthfully, the booking holds the change once, each Idempotency-Key committed once.
    const ended = await vi.waitFor(
      async () => {
        const got = await call(`${second.url}/v1/plans/${planId}?user_id=${USER}`, 'GET');
        expect(['completed', 'failed', 'rolled_back']).toContain(got.body.plan?.status);
        return got.body.plan;
      },
      { timeout: 30_000, interval: 250 },
    );
    expect(ended?.status).toBe('completed');
    expect(sandbox.admin.bookingByReference('BK-1042')?.partySize).toBe(13);
    const writes = sandbox.admin.journal({ operation: 'updateGuestCount' });
    expect(writes.filter((e) => e.committed)).toHaveLength(1);
    const committedPerKey = new Map<string, number>();
    for (const e of sandbox.admin.journal().filter((j) => j.committed && j.idempotencyKey)) {
      committedPerKey.set(e.idempotencyKey ?? '', (committedPerKey.get(e.idempotencyKey ?? '') ?? 0) + 1);
    }
    expect([...committedPerKey.values()].every((n) => n === 1)).toBe(true);
  }, 90_000);
});
