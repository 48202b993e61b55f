import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import * as z from 'zod';
import { AsksFor, OutcomeClass } from '../score/turn-outcome.ts';

/** eval/blind/requests/: the blind request corpus (its README says who wrote it and how). Read-only here. */
export const blindRequestsDir = fileURLToPath(new URL('../../blind/requests/', import.meta.url));

/** A parameter value a case expects: a literal, or "the Nth candidate the previous question listed". */
export const ExpectedValue = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.strictObject({ candidate: z.number().int().min(1) }),
]);
export type ExpectedValue = z.infer<typeof ExpectedValue>;

export const ExpectedAction = z.strictObject({
  action_id: z.string().min(1),
  parameters: z.record(z.string(), ExpectedValue).default({}),
});
export type ExpectedAction = z.infer<typeof ExpectedAction>;

/** One case of the corpus format (eval/blind/requests/README.md): only the last turn is scored. */
export const BlindCase = z.strictObject({
  id: z.string().min(1),
  turns: z.array(z.string().min(1)).min(1),
  expect: z.strictObject({
    outcome: OutcomeClass,
    actions: z.array(ExpectedAction).optional(),
    asks_about: AsksFor.optional(),
    candidates: z.array(z.string().min(1)).optional(),
  }),
  note: z.string().optional(),
});
export type BlindCase = z.infer<typeof BlindCase>;

export const BlindMeta = z.strictObject({
  /** Venue-local wall time, e.g. 2026-11-25T08:40. */
  now: z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'must be YYYY-MM-DDTHH:MM, venue-local'),
  token: z.string().min(8),
  user_id: z.string().min(1),
});
export type BlindMeta = z.infer<typeof BlindMeta>;

/** The venue fields the runner needs; the sandbox validates the whole fixture itself on reset. */
const VenueFixture = z.looseObject({
  venues: z.array(z.looseObject({ timezone: z.string().min(1), locale: z.string().optional() })).min(1),
});

export interface BlindSuite {
  meta: BlindMeta;
  /** The sandbox fixture (venue.json), passed through as read. */
  fixture: unknown;
  timeZone: string;
  locale: string | undefined;
  cases: Array<BlindCase & { file: string }>;
}

/** A corpus file that cannot be read or does not fit the format; names the file and every bad path. */
export class BlindSuiteError extends Error {
  override readonly name = 'BlindSuiteError';
}

function parseWith<T>(schema: z.ZodType<T>, raw: unknown, where: string): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new BlindSuiteError(`${where}: ${problems.join('; ')}`, { cause: parsed.error });
}

function readYaml(path: string): unknown {
  try {
    return parse(readFileSync(path, 'utf8'));
  } catch (error) {
    throw new BlindSuiteError(`${path}: cannot read YAML`, { cause: error });
  }
}

/** Loads venue.json, meta.yaml and every case file; case ids must be unique across the corpus. */
export function loadBlindSuite(dir: string = blindRequestsDir): BlindSuite {
  const meta = parseWith(BlindMeta, readYaml(join(dir, 'meta.yaml')), 'meta.yaml');
  const fixture: unknown = JSON.parse(readFileSync(join(dir, 'venue.json'), 'utf8'));
  const venue = parseWith(VenueFixture, fixture, 'venue.json').venues[0];
  const cases: BlindSuite['cases'] = [];
  const seen = new Set<string>();
  const files = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f) && f !== 'meta.yaml')
    .sort();
  for (const file of files) {
    const doc = parseWith(z.object({ cases: z.array(BlindCase) }), readYaml(join(dir, file)), file);
    for (const c of doc.cases) {
      if (seen.has(c.id)) throw new BlindSuiteError(`${file}: duplicate case id '${c.id}'`);
      seen.add(c.id);
      cases.push({ ...c, file });
    }
  }
  return { meta, fixture, timeZone: venue?.timezone ?? 'UTC', locale: venue?.locale, cases };
}
