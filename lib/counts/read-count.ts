import { type CountStatement, countStatements } from './count-statements.ts';

/**
 * What a text says about the number of guests (issue 16), read deterministically:
 * - `total`: the user said the count is N ("14 pax", "make it a dozen", "4 adults 3 kids now");
 * - `relative`: the count moves from the booking's current value ("another two", "3 dropped out", "plus 4");
 * - `scale`: the count is multiplied ("double it", "down by half");
 * - `ask`: it speaks of a count but not of one number ("a couple", "12 or 13", "make it 14, two more"): ask;
 * - `none`: it says nothing about a count.
 */
export type CountReading =
  | { kind: 'total'; value: number }
  | { kind: 'relative'; delta: number }
  | { kind: 'scale'; factor: number }
  | { kind: 'ask'; reason: 'vague' | 'several' | 'mixed' }
  | { kind: 'none' };

/** Reads one clause about one booking's count. Corrections ("8 now… sorry, 9") keep what follows them. */
export function readCount(text: string): CountReading {
  return combine(countStatements(text));
}

/** Combines the statements of one clause (see readCount). */
export function combine(all: readonly CountStatement[]): CountReading {
  const said = all.filter((s) => s.kind !== 'ignored');
  if (said.some((s) => s.kind === 'vague')) return { kind: 'ask', reason: 'vague' };
  const lastCorrection = said.findLastIndex((s) => s.kind === 'total' && s.corrects === true);
  const kept = lastCorrection > 0 ? said.slice(lastCorrection) : said;
  const totals = kept.filter((s) => s.kind === 'total');
  const deltas = kept.filter((s) => s.kind === 'delta');
  const scales = kept.filter((s) => s.kind === 'scale');
  if (totals.length > 0 && deltas.length + scales.length > 0) return { kind: 'ask', reason: 'mixed' };
  if (totals.length > 0) return totalOf(totals);
  if (scales.length > 0) {
    return scales.length === 1 && deltas.length === 0
      ? { kind: 'scale', factor: scales[0]?.factor ?? 1 }
      : { kind: 'ask', reason: 'mixed' };
  }
  if (deltas.length > 0) return { kind: 'relative', delta: deltas.reduce((sum, d) => sum + d.value, 0) };
  return { kind: 'none' };
}

/** Words for the whole party, not a part of it: "15 guests (12 kids, 3 adults)" states 15 with its breakdown. */
const WHOLE_PARTY_NOUNS = new Set([
  'guest',
  'person',
  'pax',
  'ppl',
  'peep',
  'participant',
  'attendee',
  'head',
]);

type Total = Extract<CountStatement, { kind: 'total' }>;

/**
 * One total; parts with different people words add up ("4 adults 3 kids" = 7); a total said with a breakdown
 * that adds up to it ("15 total (12 kids 3 adults)") is that total; anything else asks.
 */
function totalOf(totals: readonly Total[]): CountReading {
  const isPart = (t: Total) => t.noun !== undefined && !WHOLE_PARTY_NOUNS.has(t.noun);
  const parts = totals.filter(isPart);
  const wholes = new Set(totals.filter((t) => !isPart(t)).map((t) => t.value));
  const distinctParts = new Set(parts.map((t) => t.noun)).size === parts.length;
  const sum = parts.reduce((acc, t) => acc + t.value, 0);
  // "3 adults 3 children" is 6 even though both parts say 3.
  if (wholes.size === 0 && distinctParts && parts.length > 1) return { kind: 'total', value: sum };
  const values = new Set(totals.map((t) => t.value));
  if (values.size === 1) return { kind: 'total', value: totals[0]?.value ?? 0 };
  if (wholes.size === 0 && distinctParts) return { kind: 'total', value: sum };
  if (wholes.size === 1 && parts.length >= 2 && distinctParts && wholes.has(sum))
    return { kind: 'total', value: sum };
  return { kind: 'ask', reason: 'several' };
}

/**
 * The new count a reading gives for a booking whose current count is `current` (from the latest lookup, never
 * from a model's arithmetic). Undefined when the reading gives none, or none that is a whole positive number.
 */
export function countAfter(reading: CountReading, current: number | undefined): number | undefined {
  let value: number | undefined;
  if (reading.kind === 'total') value = reading.value;
  else if (reading.kind === 'relative' && current !== undefined) value = current + reading.delta;
  else if (reading.kind === 'scale' && current !== undefined) value = current * reading.factor;
  return value !== undefined && Number.isInteger(value) && value >= 1 ? value : undefined;
}
