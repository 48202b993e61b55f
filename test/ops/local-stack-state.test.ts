import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type LocalStackState,
  LocalStackStateError,
  readLocalStackState,
  resolveStackSource,
} from '../../devkit/ops/local-stack-state.ts';

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A state file as `npm start` writes it, for the process `pid`. */
function aStateFile(pid: number, overrides: Partial<LocalStackState> = {}): string {
  const state: LocalStackState = {
    pid,
    started_at: '2026-11-27T10:00:00.000Z',
    data_dir: '/tmp/stack',
    gateway_url: 'http://127.0.0.1:3000',
    booking_api_url: 'http://127.0.0.1:4010',
    region: 'us-east-1',
    dynamodb_endpoint: 'http://127.0.0.1:4001',
    sqs_endpoint: 'http://127.0.0.1:4002',
    tables: { plans: 'p', sessions: 's', executions: 'e' },
    queues: {
      plan_queue_url: 'http://sqs.us-east-1.localhost:4002/000000000000/q.fifo',
      dlq_url: 'http://sqs.us-east-1.localhost:4002/000000000000/q-dlq.fifo',
    },
    ...overrides,
  };
  const dir = mkdtempSync(join(tmpdir(), 'state-'));
  folders.push(dir);
  const file = join(dir, 'state.json');
  writeFileSync(file, JSON.stringify(state));
  return file;
}

/** The pid of a process that has already exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '0']).pid ?? 0;
}

describe('resolveStackSource', () => {
  it("reads a running stack's state file when the environment names no stack", () => {
    // Prepare
    const file = aStateFile(process.pid);
    // Act
    const source = resolveStackSource({
      env: { AWS_REGION: 'eu-west-1', LOG_LEVEL: 'WARN' },
      defaultStateFile: file,
    });
    // Assess
    expect(source.env).toMatchObject({
      LOG_LEVEL: 'WARN',
      AWS_REGION: 'us-east-1',
      DYNAMODB_ENDPOINT: 'http://127.0.0.1:4001',
      SQS_ENDPOINT: 'http://127.0.0.1:4002',
      PLANS_TABLE: 'p',
      SESSIONS_TABLE: 's',
      EXECUTIONS_TABLE: 'e',
      PLAN_QUEUE_URL: 'http://sqs.us-east-1.localhost:4002/000000000000/q.fifo',
      PLAN_DLQ_URL: 'http://sqs.us-east-1.localhost:4002/000000000000/q-dlq.fifo',
      BOOKING_API_URL: 'http://127.0.0.1:4010',
    });
    expect(source.description).toBe(
      `local stack (${file}, pid ${process.pid}, started 2026-11-27T10:00:00.000Z)`,
    );
  });

  it('uses the environment alone when it names a stack variable, even with a state file present', () => {
    // Prepare
    const file = aStateFile(process.pid);
    const env = { PLANS_TABLE: 'prod-plans' };
    // Act
    const source = resolveStackSource({ env, defaultStateFile: file });
    // Assess
    expect(source).toEqual({ env });
  });

  it('uses the environment alone when there is no state file', () => {
    const env = { LOG_LEVEL: 'INFO' };
    expect(resolveStackSource({ env, defaultStateFile: '/nonexistent/state.json' })).toEqual({ env });
  });

  it('lets an explicit state file win over the environment', () => {
    const file = aStateFile(process.pid);
    const source = resolveStackSource({ env: { PLANS_TABLE: 'prod-plans' }, stateFile: file });
    expect(source.env.PLANS_TABLE).toBe('p');
  });

  it('refuses the state file of a stack that no longer runs, naming the file and the pid', () => {
    // Prepare
    const pid = deadPid();
    const file = aStateFile(pid);
    // Act
    const act = () => resolveStackSource({ env: {}, defaultStateFile: file });
    // Assess
    expect(act).toThrow(LocalStackStateError);
    expect(act).toThrow(`the local stack recorded in ${file} (pid ${pid}) is not running`);
  });

  it('refuses an explicit state file that does not exist', () => {
    expect(() => resolveStackSource({ env: {}, stateFile: '/nonexistent/state.json' })).toThrow(
      "cannot read the local stack's state file /nonexistent/state.json",
    );
  });
});

describe('readLocalStackState', () => {
  it('names each bad field of a malformed state file', () => {
    const file = aStateFile(process.pid, { gateway_url: 'not a url' });
    expect(() => readLocalStackState(file)).toThrow(/invalid local stack state file .*: gateway_url: /);
  });
});
