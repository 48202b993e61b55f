import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import * as z from 'zod';
import { AsksFor, OutcomeClass } from '../score/turn-outcome.ts';

/** eval/sealed/: the sealed corpus (its README says who wrote it and how). Read-only here: never edited. */
export const sealedDir = fileURLToPath(new URL('../../sealed/', import.meta.url));

const Day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be an absolute date YYYY-MM-DD');
const Time = z.string().regex(/^\d{2}:\d{2}$/, 'must be HH:MM');

/** Raw sandbox booking fields (GET /__admin/bookings/{id}), as the format names them. */
const BookingFields = z.strictObject({
  date: Day.optional(),
  startTime: Time.optional(),
  partySize: z.number().int().min(1).optional(),
  status: z.enum(['confirmed', 'pending', 'cancelled', 'completed']).optional(),
  guestName: z.string().min(1).optional(),
  email: z.string().min(1).optional(),
  phone: z.string().min(1).optional(),
  productId: z.string().min(1).optional(),
});

export const SealedState = z.strictObject({
  /** Only bookings that must change; every unlisted booking must be unchanged. */
  bookings: z
    .record(
      z.string(),
      BookingFields.extend({
        notes_added: z.array(z.string().min(1)).min(1).optional(),
        notes_removed: z.array(z.string().min(1)).min(1).optional(),
      }),
    )
    .default({}),
  created: z.array(BookingFields).default([]),
  side_effects: z
    .strictObject({
      confirmations: z
        .array(z.strictObject({ bookingId: z.string().min(1), channel: z.enum(['email', 'sms']).optional() }))
        .optional(),
      paymentLinks: z
        .array(z.strictObject({ bookingId: z.string().min(1), amount: z.number().min(0).optional() }))
        .optional(),
      no_payment_link: z.boolean().optional(),
    })
    .optional(),
});
export type SealedState = z.infer<typeof SealedState>;

/** A turn: the operator's message, or the message with what that turn must get back. */
export const SealedTurn = z.union([
  z.string().min(1),
  z.strictObject({
    user: z.string().min(1),
    expect: OutcomeClass.optional(),
    asks_for: AsksFor.optional(),
    candidates: z.array(z.string().min(1)).optional(),
    /** false: the operator declines this plan and goes on. Only the last turn's plan is ever confirmed. */
    confirm: z.boolean().optional(),
  }),
]);
export type SealedTurn = z.infer<typeof SealedTurn>;

export const SealedCase = z.strictObject({
  id: z.string().min(1),
  /** The venue whose operator types the turns: a key of meta.yaml `venues`. */
  venue: z.string().min(1),
  turns: z.array(SealedTurn).min(1),
  expect: z.strictObject({
    outcome: OutcomeClass,
    asks_for: AsksFor.optional(),
    candidates: z.array(z.string().min(1)).optional(),
    state: SealedState.optional(),
  }),
  note: z.string().optional(),
});
export type SealedCase = z.infer<typeof SealedCase>;

export const SealedVenue = z.strictObject({
  token: z.string().min(8),
  user_id: z.string().min(1),
  timezone: z.string().min(1),
  locale: z.string().min(2),
});
export type SealedVenue = z.infer<typeof SealedVenue>;

export const SealedMeta = z.strictObject({
  /** One UTC instant for the whole corpus. */
  now: z.iso.datetime({ message: 'must be a UTC instant such as 2026-12-02T22:30:00Z' }),
  venues: z.record(z.string(), SealedVenue),
});
export type SealedMeta = z.infer<typeof SealedMeta>;

export interface SealedSuite {
  meta: SealedMeta;
  /** venues.json, passed to the sandbox as read (it validates the fixture itself on reset). */
  fixture: unknown;
  cases: Array<SealedCase & { file: string }>;
}

/** A corpus file that cannot be read or does not fit the format; names the file and every bad path. */
export class SealedSuiteError extends Error {
  override readonly name = 'SealedSuiteError';
}

function parseWith<T>(schema: z.ZodType<T>, raw: unknown, where: string): T {
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new SealedSuiteError(`${where}: ${problems.join('; ')}`, { cause: parsed.error });
}

function readText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new SealedSuiteError(`${path}: cannot read it`, { cause: error });
  }
}

function readYaml(path: string): unknown {
  try {
    return parse(readText(path));
  } catch (error) {
    if (error instanceof SealedSuiteError) throw error;
    throw new SealedSuiteError(`${path}: not valid YAML`, { cause: error });
  }
}

/** Loads venues.json, meta.yaml and every case file; ids are unique and every case's venue is in meta.yaml. */
export function loadSealedSuite(dir: string = sealedDir): SealedSuite {
  const meta = parseWith(SealedMeta, readYaml(join(dir, 'meta.yaml')), 'meta.yaml');
  let fixture: unknown;
  try {
    fixture = JSON.parse(readText(join(dir, 'venues.json')));
  } catch (error) {
    if (error instanceof SealedSuiteError) throw error;
    throw new SealedSuiteError('venues.json: not valid JSON', { cause: error });
  }
  const cases: SealedSuite['cases'] = [];
  const seen = new Set<string>();
  const files = readdirSync(dir)
    .filter((f) => /\.ya?ml$/.test(f) && f !== 'meta.yaml')
    .sort();
  for (const file of files) {
    const doc = parseWith(z.object({ cases: z.array(SealedCase) }), readYaml(join(dir, file)), file);
    for (const c of doc.cases) {
      if (seen.has(c.id)) throw new SealedSuiteError(`${file}: duplicate case id '${c.id}'`);
      if (!meta.venues[c.venue])
        throw new SealedSuiteError(`${file}: case '${c.id}' names venue '${c.venue}', not in meta.yaml`);
      seen.add(c.id);
      cases.push({ ...c, file });
    }
  }
  return { meta, fixture, cases };
}
