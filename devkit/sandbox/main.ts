import { parseArgs } from 'node:util';
import { loadConfig } from '../../lib/config/config.ts';
import { redactReplacer } from '../../lib/observability/redact.ts';
import type { SandboxLogger } from './http-server.ts';
import { demoFixturePath, readFixtureFile } from './load-fixture.ts';
import { startSandbox } from './start-sandbox.ts';

const USAGE = `Usage: npm run sandbox [-- --port <n>] [--fixture <file>] [--quiet]
  --port     default: the port of BOOKING_API_URL (4010), so the rest of the local stack finds it
  --fixture  the venue to serve (or SANDBOX_FIXTURE; default the demo venue; docs/sandbox.md "Fixture format")
  --quiet    no request logs (LOG_LEVEL=SILENT does the same)`;

/**
 * `npm run sandbox [-- --port 4010 --fixture path/to/fixture.json --quiet]`
 * Port defaults to the one in BOOKING_API_URL (4010), so the rest of the local stack finds it.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      fixture: { type: 'string' },
      quiet: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const config = loadConfig(process.env);
  const port = Number(values.port ?? (new URL(config.BOOKING_API_URL).port || 4010));
  // SANDBOX_FIXTURE: the same variable `npm start` reads (infra/local/start-options.ts).
  const fixture = readFixtureFile(values.fixture || process.env.SANDBOX_FIXTURE || demoFixturePath);
  const quiet = values.quiet === true || config.LOG_LEVEL === 'SILENT';
  const sandbox = await startSandbox({ port, fixture, ...(quiet ? {} : { logger: jsonLineLogger() }) });

  const [token] = fixture.tokens;
  const booking = sandbox.admin.bookings()[0];
  process.stdout.write(
    [
      `Sandbox booking API listening on ${sandbox.url}`,
      `Admin API: ${sandbox.url}/__admin (reset, bookings, journal, faults; see docs/sandbox.md)`,
      'Demo tokens:',
      ...fixture.tokens.map((t) => `  ${t.token.padEnd(24)} user ${t.userId} at ${t.venueId}${tokenNote(t)}`),
      'Try:',
      `  curl -s -H 'Authorization: Bearer ${token?.token}' '${sandbox.url}/bookings?searchText=john'`,
      `  curl -s -H 'Authorization: Bearer ${token?.token}' '${sandbox.url}/bookings/${booking?.bookingId}'`,
      '',
    ].join('\n'),
  );

  const stop = () => void sandbox.close().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

function tokenNote(t: { expiresAt?: string; rateLimit?: { limit: number; windowSeconds: number } }): string {
  if (t.expiresAt) return ` (expires ${t.expiresAt})`;
  if (t.rateLimit) return ` (rate limited: ${t.rateLimit.limit} per ${t.rateLimit.windowSeconds}s)`;
  return '';
}

/** One JSON line per request on stdout; the redacting replacer is a second guard against secrets and PII. */
function jsonLineLogger(): SandboxLogger {
  const write = (level: string) => (message: string, attributes: Record<string, unknown>) =>
    process.stdout.write(
      `${JSON.stringify({ level, time: new Date().toISOString(), service: 'booking-sandbox', message, ...attributes }, redactReplacer)}\n`,
    );
  return { info: write('INFO'), error: write('ERROR') };
}

main().catch((error: unknown) => {
  process.stderr.write(
    `sandbox failed to start: ${error instanceof Error ? error.message : String(error)}\n`,
  );
  process.exit(1);
});
