import { parseArgs } from 'node:util';
import * as z from 'zod';
import type { Fixture } from '../../devkit/sandbox/fixture-schema.ts';
import { demoFixturePath, readFixtureFile } from '../../devkit/sandbox/load-fixture.ts';

/**
 * What `npm start` is told, from its arguments and environment, zod-parsed once like the service's Config:
 * `--fixture <file>` or SANDBOX_FIXTURE (the venue the sandbox serves; default the demo venue), `--port` or PORT
 * (default 3000, 0 = any free port), LOG_LEVEL (default INFO). A flag wins over its variable. These only shape the
 * local stack; the Lambdas never read them, so they are not part of lib/config.
 */
export const StartOptions = z.object({
  port: z.coerce.number().int().min(0).max(65_535).default(3000),
  fixture: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v)),
  logLevel: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),
});
export type StartOptions = z.infer<typeof StartOptions>;

/** Raised before anything starts: bad arguments, a bad variable, or a fixture that does not load. */
export class StartOptionsError extends Error {
  override readonly name = 'StartOptionsError';
}

/** Parses argv (without node and the script) and the environment; throws StartOptionsError naming each problem. */
export function parseStartOptions(argv: string[], env: Record<string, string | undefined>): StartOptions {
  let values: { port?: string | undefined; fixture?: string | undefined };
  try {
    values = parseArgs({
      args: argv,
      options: { port: { type: 'string' }, fixture: { type: 'string' } },
    }).values;
  } catch (error) {
    throw new StartOptionsError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  const parsed = StartOptions.safeParse({
    port: blankToUndefined(values.port ?? env.PORT),
    fixture: values.fixture ?? env.SANDBOX_FIXTURE,
    logLevel: blankToUndefined(env.LOG_LEVEL?.toUpperCase()),
  });
  if (!parsed.success) {
    const names: Record<string, string> = {
      port: '--port / PORT',
      fixture: '--fixture / SANDBOX_FIXTURE',
      logLevel: 'LOG_LEVEL',
    };
    const problems = parsed.error.issues.map(
      (i) => `${names[String(i.path[0])] ?? String(i.path[0])}: ${i.message}`,
    );
    throw new StartOptionsError(`invalid start options: ${problems.join('; ')}`, { cause: parsed.error });
  }
  return parsed.data;
}

/** The venue the stack serves, loaded and validated in full before anything starts. */
export interface StartVenue {
  fixture: Fixture;
  /** The file it came from, as given (or the demo fixture's path). */
  source: string;
  /**
   * The fixture's first venue: the one bookings without a venueId belong to. The service does not take its clock
   * from it: each request is read in its own token's venue (GET /venue, issue 27).
   */
  venue: Fixture['venues'][number];
}

/** Loads the fixture file (the demo venue without one). Throws the sandbox's FixtureError naming every bad path. */
export function loadStartVenue(fixturePath: string | undefined): StartVenue {
  const fixture = readFixtureFile(fixturePath ?? demoFixturePath);
  const venue = fixture.venues[0];
  if (!venue) throw new StartOptionsError('the fixture has no venue');
  return { fixture, source: fixturePath ?? 'devkit/sandbox/fixtures/demo-venue.json (demo venue)', venue };
}

function blankToUndefined(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value;
}
