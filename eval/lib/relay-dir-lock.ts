import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Another eval run is playing through the same RELAY_DIR: its conversation folders would collide. */
export class RelayDirBusyError extends Error {
  override readonly name = 'RelayDirBusyError';
}

/** A held RELAY_DIR; release() lets the next run in. */
export interface RelayDirLock {
  release(): void;
}

const LOCK = '.eval-run.lock';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but is someone else's; only ESRCH means it is gone.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims RELAY_DIR for one eval run (`<dir>/.eval-run.lock` holding the pid). Two relay runs on one folder would
 * write the same `<case>/<n>.request.json` and move each other's conversations to `.previous/`; several players
 * at once each need a RELAY_DIR of their own (the ports are chosen freely, the stacks are in memory). A lock
 * left by a run that died is taken over.
 */
export function claimRelayDir(dir: string, pid: number = process.pid): RelayDirLock {
  const folder = resolve(dir);
  mkdirSync(folder, { recursive: true });
  const path = join(folder, LOCK);
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      writeFileSync(path, `${pid}\n`, { flag: 'wx' });
      return { release: () => rmSync(path, { force: true }) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8'), 10);
      if (Number.isInteger(holder) && holder !== pid && alive(holder))
        throw new RelayDirBusyError(
          `RELAY_DIR ${folder} is in use by another eval run (pid ${holder}): give each run its own RELAY_DIR`,
        );
      rmSync(path, { force: true });
    }
  }
  throw new RelayDirBusyError(`RELAY_DIR ${folder}: could not take ${LOCK}`);
}
