/**
 * `npm start [-- --fixture my-venue.json --port 3000 --fresh --data-dir <dir>]`: the whole service on this machine
 * (issue 4 "Local stack"). CLI entry point, so it may read process.env: its own options (start-options.ts,
 * local-data.ts) and, through startLocalStack, loadConfig. The fixture is loaded and validated before anything
 * starts, so a bad one starts nothing. DynamoDB and SQS data are kept in the data folder (default .local/stack),
 * so a crash loses nothing (issue 28); `--fresh` starts empty. Ctrl-C / SIGTERM stop everything cleanly.
 */
import { relative } from 'node:path';
import type { LocalStackState } from '../../devkit/ops/local-stack-state.ts';
import {
  type LocalData,
  openLocalData,
  parseLocalDataOptions,
  removeLocalStackState,
  writeLocalStackState,
} from './local-data.ts';
import { startBanner } from './start-banner.ts';
import { loadStartVenue, parseStartOptions } from './start-options.ts';

const USAGE = `Usage: npm start [-- --fixture <venue.json>] [--port <n>] [--fresh] [--data-dir <dir>] [--booking-api <url>]
  --fixture      the venue the sandbox serves (or SANDBOX_FIXTURE; default the demo venue, docs/sandbox.md)
  --port         the gateway's port on 127.0.0.1 (or PORT; default 3000, 0 = any free port)
  --fresh        start with empty tables and queues (and a new token sealing key)
  --data-dir     where DynamoDB, SQS and the token sealing key are kept (default .local/stack, git-ignored)
  --booking-api  call this booking API instead of the sandbox the stack starts (e.g. a sandbox in another process)
Environment: LOG_LEVEL (default INFO), GOOGLE_API_KEY / LLM_PROVIDER (docs/models.md), TOKEN_SEALING_KEY (default:
the data folder's key), and the service settings of the README's configuration table.`;

if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stdout.write(`${USAGE}\n`);
  process.exit(0);
}

let venue: ReturnType<typeof loadStartVenue>;
let options: ReturnType<typeof parseStartOptions>;
let dataOptions: ReturnType<typeof parseLocalDataOptions>;
let data: LocalData;
try {
  dataOptions = parseLocalDataOptions(process.argv.slice(2));
  options = parseStartOptions(dataOptions.rest, process.env);
  venue = loadStartVenue(options.fixture);
  // Last: only a start whose options and fixture are good may empty the data folder (--fresh).
  data = openLocalData(dataOptions);
} catch (error) {
  process.stderr.write(`npm start: ${describeRefusal(error)}\nNothing was started.\n`);
  process.exit(2);
}

// Loaded only once the options and the fixture are good: a refusal is immediate and starts nothing.
const { startLocalStack } = await import('./local-stack.ts');
let stack: Awaited<ReturnType<typeof startLocalStack>>;
try {
  stack = await startLocalStack({
    port: options.port,
    env: {
      // Issue 27: no VENUE_TIMEZONE/VENUE_LOCALE from the fixture: each request reads its own venue's (GET /venue).
      ...process.env,
      // Messages queued before a restart carry tokens sealed with this key: it must outlive the process.
      TOKEN_SEALING_KEY: process.env.TOKEN_SEALING_KEY?.trim() || data.sealingKey,
    },
    logLevel: options.logLevel,
    sandboxFixture: venue.fixture,
    dataPaths: { dynamodb: data.dynamoPath, sqs: data.sqsPath },
    ...(dataOptions.bookingApiUrl ? { bookingApiUrl: dataOptions.bookingApiUrl } : {}),
  });
} catch (error) {
  const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  process.stderr.write(`npm start: the local stack did not start (${why})\n`);
  process.exit(1);
}

const state: LocalStackState = {
  pid: process.pid,
  started_at: new Date().toISOString(),
  data_dir: data.dataDir,
  gateway_url: stack.url,
  booking_api_url: stack.config.BOOKING_API_URL,
  region: stack.config.AWS_REGION,
  dynamodb_endpoint: stack.emulators.dynamodb,
  sqs_endpoint: stack.emulators.sqs,
  tables: {
    plans: stack.config.PLANS_TABLE,
    sessions: stack.config.SESSIONS_TABLE,
    executions: stack.config.EXECUTIONS_TABLE,
  },
  queues: { plan_queue_url: stack.queues.queueUrl, dlq_url: stack.queues.dlqUrl },
};
writeLocalStackState(data.stateFile, state);
process.stdout.write(
  startBanner({
    url: stack.url,
    sandboxUrl: stack.config.BOOKING_API_URL,
    config: stack.config,
    venue,
    now: new Date(),
    localLines: localLines(state, data),
  }),
);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal}: stopping the local stack…\n`);
  await stack.stop();
  removeLocalStackState(data.stateFile);
  process.stdout.write('stopped.\n');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

/** The banner's lines about the emulators and the data folder: what `npm run ops` and `npm run metrics` read. */
function localLines(s: LocalStackState, d: LocalData): string[] {
  const shown = (path: string) => (path.startsWith(process.cwd()) ? relative(process.cwd(), path) : path);
  return [
    `  DynamoDB:     ${s.dynamodb_endpoint} (tables ${s.tables.plans}, ${s.tables.sessions}, ${s.tables.executions})`,
    `  SQS:          ${s.sqs_endpoint} (queue ${s.queues.plan_queue_url}, DLQ ${s.queues.dlq_url})`,
    `  data:         ${shown(d.dataDir)} (kept across restarts; --fresh starts empty)`,
    `  state file:   ${shown(d.stateFile)} (npm run ops and npm run metrics read it)`,
  ];
}

/** One line per bad path of a fixture, so a person can fix them all in one go. */
function describeRefusal(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const problems = 'problems' in error && Array.isArray(error.problems) ? error.problems : [];
  if (problems.length < 2) return error.message;
  return [`invalid fixture ${options?.fixture ?? ''}:`, ...problems.map((p) => `  - ${String(p)}`)].join(
    '\n',
  );
}
