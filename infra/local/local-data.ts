import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import {
  DEFAULT_LOCAL_DATA_DIR,
  isProcessAlive,
  type LocalStackState,
  readLocalStackState,
  STATE_FILE_NAME,
} from '../../devkit/ops/local-stack-state.ts';
import { StartOptionsError } from './start-options.ts';

/**
 * `npm start`'s data flags, taken out of argv before the other start options are parsed (start-options.ts):
 * `--data-dir <dir>` (default .local/stack, git-ignored), `--fresh` (start empty) and `--booking-api <url>` (call
 * another booking API than the sandbox the stack starts, e.g. one a test runs in its own process).
 */
export interface LocalDataOptions {
  dataDir: string;
  fresh: boolean;
  bookingApiUrl: string | undefined;
  /** The arguments left for parseStartOptions. */
  rest: string[];
}

/** Splits the data flags from the rest of argv; a bad value is a StartOptionsError naming the flag. */
export function parseLocalDataOptions(argv: readonly string[]): LocalDataOptions {
  let parsed: ReturnType<typeof parseDataFlags>;
  try {
    parsed = parseDataFlags(argv);
  } catch (error) {
    throw new StartOptionsError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  const { values, tokens } = parsed;
  const mine = new Set(
    tokens.flatMap((t) =>
      t.kind === 'option' && ['data-dir', 'fresh', 'booking-api'].includes(t.name)
        ? [t.index, ...(t.inlineValue === false ? [t.index + 1] : [])]
        : [],
    ),
  );
  const dataDir = stringFlag(values['data-dir'], 'data-dir');
  const bookingApiUrl = stringFlag(values['booking-api'], 'booking-api');
  if (bookingApiUrl !== undefined && !URL.canParse(bookingApiUrl)) {
    throw new StartOptionsError(`--booking-api: not a URL: ${bookingApiUrl}`);
  }
  return {
    dataDir: resolve(dataDir ?? DEFAULT_LOCAL_DATA_DIR),
    fresh: values.fresh === true,
    bookingApiUrl,
    rest: argv.filter((_, i) => !mine.has(i)),
  };
}

/** parseArgs runs non-strict here (the other flags are start-options.ts'), so it does not check value types. */
function stringFlag(value: string | boolean | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || value.trim() === '') {
    throw new StartOptionsError(`--${name}: needs a value, e.g. --${name} <value>`);
  }
  return value;
}

function parseDataFlags(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      'data-dir': { type: 'string' },
      fresh: { type: 'boolean' },
      'booking-api': { type: 'string' },
    },
    strict: false,
    tokens: true,
  });
}

/** What the data folder holds for the stack: the emulators' folders and the key messages are sealed with. */
export interface LocalData {
  dataDir: string;
  dynamoPath: string;
  sqsPath: string;
  stateFile: string;
  /** base64 of 32 random bytes, created once per data folder (TOKEN_SEALING_KEY). */
  sealingKey: string;
}

/**
 * Opens the data folder: refuses when another running `npm start` uses it (its emulators hold the files), empties
 * it with `fresh`, and creates the token sealing key on first use. The key lives beside the queue it protects:
 * a message sealed before a restart must still open after it, and `--fresh` drops both together.
 */
export function openLocalData(options: { dataDir: string; fresh: boolean }): LocalData {
  const stateFile = join(options.dataDir, STATE_FILE_NAME);
  const owner = runningOwner(stateFile);
  if (owner !== undefined) {
    throw new StartOptionsError(
      `another \`npm start\` (pid ${owner}) is using ${options.dataDir}: stop it first, or pass --data-dir <another folder>`,
    );
  }
  if (options.fresh) rmSync(options.dataDir, { recursive: true, force: true });
  const dynamoPath = join(options.dataDir, 'dynamodb');
  const sqsPath = join(options.dataDir, 'sqs');
  for (const dir of [dynamoPath, sqsPath]) mkdirSync(dir, { recursive: true, mode: 0o700 });
  return {
    dataDir: options.dataDir,
    dynamoPath,
    sqsPath,
    stateFile,
    sealingKey: sealingKey(options.dataDir),
  };
}

function runningOwner(stateFile: string): number | undefined {
  if (!existsSync(stateFile)) return undefined;
  try {
    const { pid } = readLocalStackState(stateFile);
    return pid !== process.pid && isProcessAlive(pid) ? pid : undefined;
  } catch {
    return undefined; // a torn or old-format state file belongs to no running stack
  }
}

function sealingKey(dataDir: string): string {
  const file = join(dataDir, 'token-sealing.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return key;
}

/** Writes the state file in one step (write, then rename), so a reader never sees half of it. */
export function writeLocalStackState(file: string, state: LocalStackState): void {
  const partial = `${file}.${process.pid}.tmp`;
  writeFileSync(partial, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(partial, file);
}

/** Removes the state file on a clean stop; after a crash the pid check tells a stale file apart. */
export function removeLocalStackState(file: string): void {
  rmSync(file, { force: true });
}
