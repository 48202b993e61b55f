import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCAL_DATA_DIR, type LocalStackState } from '../../devkit/ops/local-stack-state.ts';
import { openLocalData, parseLocalDataOptions, writeLocalStackState } from '../../infra/local/local-data.ts';
import { removeTempDataDirs, tempDataDir } from './start-child.ts';

afterAll(removeTempDataDirs);

/** A state file saying `pid` runs a stack on `dataDir`. */
function claim(dataDir: string, pid: number): void {
  const state: LocalStackState = {
    pid,
    started_at: '2026-11-27T10:00:00.000Z',
    data_dir: dataDir,
    gateway_url: 'http://127.0.0.1:3000',
    booking_api_url: 'http://127.0.0.1:4010',
    region: 'us-east-1',
    dynamodb_endpoint: 'http://127.0.0.1:4001',
    sqs_endpoint: 'http://127.0.0.1:4002',
    tables: { plans: 'p', sessions: 's', executions: 'e' },
    queues: { plan_queue_url: 'http://127.0.0.1:4002/q.fifo', dlq_url: 'http://127.0.0.1:4002/d.fifo' },
  };
  writeLocalStackState(join(dataDir, 'state.json'), state);
}

describe('parseLocalDataOptions', () => {
  it('takes its flags out of argv and leaves the others for parseStartOptions', () => {
    const parsed = parseLocalDataOptions([
      '--port',
      '0',
      '--data-dir',
      'some/dir',
      '--fixture=my.json',
      '--fresh',
      '--booking-api=http://127.0.0.1:4999',
    ]);
    expect(parsed).toEqual({
      dataDir: resolve('some/dir'),
      fresh: true,
      bookingApiUrl: 'http://127.0.0.1:4999',
      rest: ['--port', '0', '--fixture=my.json'],
    });
  });

  it('defaults to the git-ignored .local/stack, kept (not fresh), calling the sandbox', () => {
    expect(parseLocalDataOptions([])).toEqual({
      dataDir: resolve(DEFAULT_LOCAL_DATA_DIR),
      fresh: false,
      bookingApiUrl: undefined,
      rest: [],
    });
  });

  it('refuses a flag without its value, or a booking API that is not a URL, naming the flag', () => {
    expect(() => parseLocalDataOptions(['--data-dir'])).toThrow('--data-dir: needs a value');
    expect(() => parseLocalDataOptions(['--booking-api', 'nowhere'])).toThrow(
      '--booking-api: not a URL: nowhere',
    );
  });
});

describe('openLocalData', () => {
  it('keeps one token sealing key per data folder (32 bytes), and --fresh replaces it with the data', () => {
    // Prepare
    const dataDir = tempDataDir();
    // Act
    const first = openLocalData({ dataDir, fresh: false });
    writeFileSync(join(first.dynamoPath, 'marker'), 'x');
    const again = openLocalData({ dataDir, fresh: false });
    const fresh = openLocalData({ dataDir, fresh: true });
    // Assess
    expect(Buffer.from(first.sealingKey, 'base64')).toHaveLength(32);
    expect(again.sealingKey).toBe(first.sealingKey);
    expect(fresh.sealingKey).not.toBe(first.sealingKey);
    expect(existsSync(join(fresh.dynamoPath, 'marker'))).toBe(false);
    expect([existsSync(fresh.dynamoPath), existsSync(fresh.sqsPath)]).toEqual([true, true]);
  });

  it('refuses a folder a running stack uses, and changes nothing, even with --fresh', () => {
    // Prepare: the parent of this test process is alive, so its pid stands for a running stack.
    const dataDir = tempDataDir();
    const { sealingKey } = openLocalData({ dataDir, fresh: false });
    claim(dataDir, process.ppid);
    // Act
    const act = () => openLocalData({ dataDir, fresh: true });
    // Assess
    expect(act).toThrow(`another \`npm start\` (pid ${process.ppid}) is using ${dataDir}`);
    expect(openLocalDataAfterRelease(dataDir).sealingKey).toBe(sealingKey);
  });

  it('reopens a folder whose stack died without cleaning up (kill -9)', () => {
    const dataDir = tempDataDir();
    const { sealingKey } = openLocalData({ dataDir, fresh: false });
    claim(dataDir, spawnSync(process.execPath, ['-e', '0']).pid ?? 0);
    expect(openLocalData({ dataDir, fresh: false }).sealingKey).toBe(sealingKey);
  });
});

/** Opens the folder once its state file names this process (as after its own start). */
function openLocalDataAfterRelease(dataDir: string) {
  claim(dataDir, process.pid);
  return openLocalData({ dataDir, fresh: false });
}
