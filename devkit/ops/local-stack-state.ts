import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as z from 'zod';

/** Where `npm start` keeps its data (DynamoDB, SQS, the token sealing key) and its state file; git-ignored. */
export const DEFAULT_LOCAL_DATA_DIR = fileURLToPath(new URL('../../.local/stack/', import.meta.url));
/** The state file's name inside the data folder. */
export const STATE_FILE_NAME = 'state.json';
/** The state file of the default data folder: what `npm run ops` and `npm run metrics` read by default. */
export const DEFAULT_STATE_FILE = `${DEFAULT_LOCAL_DATA_DIR}${STATE_FILE_NAME}`;

/** What a running `npm start` writes about itself: where everything listens, and its table and queue names. */
export const LocalStackState = z.object({
  /** The process that serves it; a state file whose process is gone is stale. */
  pid: z.number().int().positive(),
  started_at: z.iso.datetime(),
  data_dir: z.string().min(1),
  gateway_url: z.url(),
  booking_api_url: z.url(),
  region: z.string().min(1),
  dynamodb_endpoint: z.url(),
  sqs_endpoint: z.url(),
  tables: z.object({ plans: z.string().min(1), sessions: z.string().min(1), executions: z.string().min(1) }),
  queues: z.object({ plan_queue_url: z.url(), dlq_url: z.url() }),
});
export type LocalStackState = z.infer<typeof LocalStackState>;

/** A state file that is missing, unreadable, malformed, or left by a stack that no longer runs. */
export class LocalStackStateError extends Error {
  override readonly name = 'LocalStackStateError';
}

/**
 * The variables that say which stack to talk to: setting any of them means "not the local stack's state file".
 * AWS_REGION and BOOKING_API_URL are left out on purpose: shells often set them for other reasons.
 */
export const STACK_VARIABLES = [
  'DYNAMODB_ENDPOINT',
  'SQS_ENDPOINT',
  'PLANS_TABLE',
  'SESSIONS_TABLE',
  'EXECUTIONS_TABLE',
  'PLAN_QUEUE_URL',
  'PLAN_DLQ_URL',
] as const;

/** The state as configuration variables, for loadConfig. */
export function stackEnvironment(state: LocalStackState): Record<string, string> {
  return {
    AWS_REGION: state.region,
    DYNAMODB_ENDPOINT: state.dynamodb_endpoint,
    SQS_ENDPOINT: state.sqs_endpoint,
    PLANS_TABLE: state.tables.plans,
    SESSIONS_TABLE: state.tables.sessions,
    EXECUTIONS_TABLE: state.tables.executions,
    PLAN_QUEUE_URL: state.queues.plan_queue_url,
    PLAN_DLQ_URL: state.queues.dlq_url,
    BOOKING_API_URL: state.booking_api_url,
  };
}

/** Reads and checks a state file; throws LocalStackStateError naming the file and what is wrong with it. */
export function readLocalStackState(file: string): LocalStackState {
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new LocalStackStateError(`cannot read the local stack's state file ${file}`, { cause: error });
  }
  const parsed = LocalStackState.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new LocalStackStateError(`invalid local stack state file ${file}: ${problems}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

/** True while the process is alive (EPERM: it exists, under another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    // A killed process that nobody has reaped yet (a zombie: its parent died with it) still answers signal 0.
    return !isZombie(pid);
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** Linux: the process has exited and only waits to be reaped (state Z in /proc/<pid>/stat). */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z');
  } catch {
    return false;
  }
}

/** Where a CLI's stack settings came from, for its first line of output. */
export interface StackSource {
  env: Record<string, string | undefined>;
  /** e.g. "local stack (.local/stack/state.json, pid 1234)"; undefined when the environment alone was used. */
  description?: string;
}

/**
 * The settings a CLI (`npm run ops`, `npm run metrics`) runs with. An explicit `stateFile` is always read, and its
 * values win. Otherwise the environment alone is used when it names any STACK_VARIABLES (a deployed stack's
 * outputs, or emulators set by hand); without one, the default state file of a running `npm start` is read when it
 * exists. A state file whose stack is no longer running is an error rather than a silent fallback to AWS.
 */
export function resolveStackSource(options: {
  env: Record<string, string | undefined>;
  stateFile?: string | undefined;
  defaultStateFile?: string;
}): StackSource {
  const { env } = options;
  const explicit = options.stateFile;
  const named = STACK_VARIABLES.some((name) => (env[name] ?? '').trim() !== '');
  const file = explicit ?? (named ? undefined : (options.defaultStateFile ?? DEFAULT_STATE_FILE));
  if (!file || (!explicit && !existsSync(file))) return { env };
  const state = readLocalStackState(file);
  if (!isProcessAlive(state.pid)) {
    throw new LocalStackStateError(
      `the local stack recorded in ${file} (pid ${state.pid}) is not running: start it with \`npm start\`, or set PLANS_TABLE and the other stack variables`,
    );
  }
  return {
    env: { ...env, ...stackEnvironment(state) },
    description: `local stack (${file}, pid ${state.pid}, started ${state.started_at})`,
  };
}
