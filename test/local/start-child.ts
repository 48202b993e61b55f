import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A `npm start` running as a child process. */
export interface StartedChild {
  child: ChildProcess;
  /** The gateway URL it printed; rejects when it exits first. */
  url: Promise<string>;
  /** Everything it printed so far, stdout and stderr. */
  output: () => string;
  /** Resolves once every process holding its output has exited (npx → tsx → node). */
  closed: Promise<void>;
  /** Its data folder (--data-dir). */
  dataDir: string;
}

const created: string[] = [];

/** A new, empty data folder in the system's temp directory, so a test never touches .local/stack. */
export function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'local-stack-'));
  created.push(dir);
  return dir;
}

/** Removes every folder tempDataDir made in this test file (call it in afterAll, once the stacks stopped). */
export function removeTempDataDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/**
 * Starts `npm start`'s entry point as a child process (in its own process group, like a terminal job) on a random
 * port, with its own data folder (a new temp folder unless `dataDir` is given), so a developer's running stack and
 * its .local/stack are left alone. `command` is run with `--data-dir <dir>` appended (an `npm start` command
 * must therefore end with its own `--` and arguments).
 */
export function startChild(
  options: { command?: string[]; env?: Record<string, string>; dataDir?: string } = {},
): StartedChild {
  const dataDir = options.dataDir ?? tempDataDir();
  const [program = 'npx', ...args] = options.command ?? ['npx', 'tsx', 'infra/local/start.ts'];
  const child = spawn(program, [...args, '--data-dir', dataDir], {
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'SILENT',
      GOOGLE_API_KEY: '',
      VENUE_TIMEZONE: '',
      TOKEN_SEALING_KEY: '',
      ...options.env,
    },
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
    child.once('exit', (code, signal) =>
      reject(new Error(`local stack exited early (${code ?? signal}): ${out}`)),
    );
  });
  const closed = new Promise<void>((resolve) => child.once('close', () => resolve()));
  return { child, url, output: () => out, closed, dataDir };
}

/** Signals the child's whole process group, as Ctrl-C in a terminal does (or `kill -9` of the job). */
export function signalGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid) process.kill(-child.pid, signal);
}
