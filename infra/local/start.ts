/**
 * `npm start [-- --fixture my-venue.json --port 3000]`: the whole service on this machine (issue 4 "Local stack").
 * CLI entry point, so it may read process.env: its own options (start-options.ts) and, through startLocalStack,
 * loadConfig. The fixture is loaded and validated before anything starts, so a bad one starts nothing. Ctrl-C /
 * SIGTERM stop everything cleanly.
 */
import { startBanner } from './start-banner.ts';
import { loadStartVenue, parseStartOptions, venueEnvironment } from './start-options.ts';

let venue: ReturnType<typeof loadStartVenue>;
let options: ReturnType<typeof parseStartOptions>;
try {
  options = parseStartOptions(process.argv.slice(2), process.env);
  venue = loadStartVenue(options.fixture);
} catch (error) {
  process.stderr.write(`npm start: ${describeRefusal(error)}\nNothing was started.\n`);
  process.exit(2);
}

// Loaded only once the options and the fixture are good: a refusal is immediate and starts nothing.
const { startLocalStack } = await import('./local-stack.ts');
const stack = await startLocalStack({
  port: options.port,
  env: venueEnvironment(venue.venue, process.env),
  logLevel: options.logLevel,
  sandboxFixture: venue.fixture,
});
process.stdout.write(
  startBanner({
    url: stack.url,
    sandboxUrl: stack.sandbox.url,
    config: stack.config,
    venue,
    now: new Date(),
  }),
);

let stopping = false;
async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  process.stdout.write(`\n${signal}: stopping the local stack…\n`);
  await stack.stop();
  process.stdout.write('stopped.\n');
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

/** One line per bad path of a fixture, so a person can fix them all in one go. */
function describeRefusal(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const problems = 'problems' in error && Array.isArray(error.problems) ? error.problems : [];
  if (problems.length < 2) return error.message;
  return [`invalid fixture ${options?.fixture ?? ''}:`, ...problems.map((p) => `  - ${String(p)}`)].join(
    '\n',
  );
}
