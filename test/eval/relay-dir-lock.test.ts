import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { claimRelayDir, RelayDirBusyError } from '../../eval/lib/relay-dir-lock.ts';

describe('claimRelayDir: one eval run per RELAY_DIR', () => {
  const dirs: string[] = [];
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'relay-lock-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a second run on the same folder while the first holds it, and lets it in after release', () => {
    // Prepare
    const dir = freshDir();
    const first = claimRelayDir(dir);

    // Act
    const second = () => claimRelayDir(dir, process.pid + 1);

    // Assess
    expect(second).toThrow(RelayDirBusyError);
    expect(second).toThrow(`RELAY_DIR ${dir} is in use by another eval run (pid ${process.pid})`);
    first.release();
    expect(() => claimRelayDir(dir, process.pid + 1).release()).not.toThrow();
    expect(existsSync(join(dir, '.eval-run.lock'))).toBe(false);
  });

  it('two folders are claimed at once (several players on one machine)', () => {
    // Act
    const a = claimRelayDir(freshDir());
    const b = claimRelayDir(freshDir(), process.pid + 1);

    // Assess
    expect([a, b].every((lock) => typeof lock.release === 'function')).toBe(true);
    a.release();
    b.release();
  });

  it('takes over a lock left by a run that died', () => {
    // Prepare: a pid that has ended.
    const dir = freshDir();
    const dead = spawnSync(process.execPath, ['-e', '0']).pid;
    writeFileSync(join(dir, '.eval-run.lock'), `${dead}\n`);

    // Act
    const lock = claimRelayDir(dir);

    // Assess
    expect(readFileSync(join(dir, '.eval-run.lock'), 'utf8')).toBe(`${process.pid}\n`);
    lock.release();
  });
});
