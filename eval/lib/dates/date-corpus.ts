import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DateTime } from 'luxon';
import * as z from 'zod';
import { PARTS_OF_DAY } from '../../../lib/dates/when-outcome.ts';
import { CaseFileError, readYamlFile } from '../load-cases.ts';

/** eval/blind/dates/: the blind date-phrase corpus (issue 15), read-only. */
export const datesCorpusDir = fileURLToPath(new URL('../../blind/dates/', import.meta.url));

const Expected = z.union([
  z.strictObject({ ask: z.literal(true), candidates: z.array(z.string()).optional() }),
  z.strictObject({
    date: z.string().optional(),
    time: z.string().optional(),
    part_of_day: z.enum(PARTS_OF_DAY).optional(),
  }),
]);

const DateCase = z.object({
  id: z.string().min(1),
  phrase: z.string(),
  booking: z.object({ date: z.string(), time: z.string() }).optional(),
  expect: Expected,
  note: z.string().optional(),
  reason: z.string().optional(),
});
export type DateCase = z.infer<typeof DateCase>;

const DateCorpusFile = z.object({
  /** Venue-local wall clock, e.g. 2026-11-23T10:00. */
  now: z.string(),
  timezone: z.string(),
  locale: z.string(),
  cases: z.array(DateCase).min(1),
});

/** One corpus file: its pinned now as an instant, its venue settings, its cases. */
export interface DateCorpus {
  file: string;
  now: Date;
  timezone: string;
  locale: string;
  cases: DateCase[];
}

export function loadDateCorpusFile(path: string): DateCorpus {
  const corpus = readYamlFile(path, DateCorpusFile);
  const now = DateTime.fromISO(corpus.now, { zone: corpus.timezone });
  if (!now.isValid) throw new CaseFileError(`${path}: now '${corpus.now}' is not a local date-time`);
  const file = path.split('/').at(-1) ?? path;
  return { file, now: now.toJSDate(), timezone: corpus.timezone, locale: corpus.locale, cases: corpus.cases };
}

/** Every corpus file of the directory, by file name. */
export function loadDateCorpus(dir: string = datesCorpusDir): DateCorpus[] {
  return readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => loadDateCorpusFile(join(dir, f)));
}
