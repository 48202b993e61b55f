import { resolveWhen } from '../../../lib/dates/resolve-when.ts';
import type { WhenOutcome } from '../../../lib/dates/when-outcome.ts';
import type { DateCase, DateCorpus } from './date-corpus.ts';

/** right: as labelled; asked: a question where a value was labelled; wrong: a value that is not the label's. */
export type Verdict = 'right' | 'asked' | 'wrong';

export interface ScoredCase {
  id: string;
  phrase: string;
  verdict: Verdict;
  expected: DateCase['expect'];
  got: WhenOutcome;
}

export interface FileScore {
  file: string;
  total: number;
  right: number;
  asked: number;
  wrong: number;
  cases: ScoredCase[];
}

const KEYS = ['date', 'time', 'part_of_day'] as const;

/**
 * Issue 15 scoring. A labelled value is right only when the outcome is a value with exactly the labelled keys and
 * equal values (nothing extra); any question is "asked"; anything else is silently wrong. A case labelled "ask"
 * is right when the outcome asks (an ambiguity or unreadable), and silently wrong when it gives a value.
 */
export function verdictOf(expected: DateCase['expect'], got: WhenOutcome): Verdict {
  const asks = got.kind !== 'value';
  if ('ask' in expected) return asks ? 'right' : 'wrong';
  if (asks) return 'asked';
  const value = got.value as Record<string, string | undefined>;
  const labelled = expected as Record<string, string | undefined>;
  return KEYS.every((k) => value[k] === labelled[k]) ? 'right' : 'wrong';
}

export function scoreCorpusFile(corpus: DateCorpus): FileScore {
  const cases = corpus.cases.map((c): ScoredCase => {
    const got = resolveWhen(c.phrase, {
      now: corpus.now,
      timeZone: corpus.timezone,
      locale: corpus.locale,
      ...(c.booking ? { booking: c.booking } : {}),
    });
    return { id: c.id, phrase: c.phrase, verdict: verdictOf(c.expect, got), expected: c.expect, got };
  });
  const count = (v: Verdict) => cases.filter((c) => c.verdict === v).length;
  return {
    file: corpus.file,
    total: cases.length,
    right: count('right'),
    asked: count('asked'),
    wrong: count('wrong'),
    cases,
  };
}
