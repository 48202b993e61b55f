import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { approxTokens } from './round-trips-model.ts';
import { type BenchRow, median, round } from './stats.ts';

/** The committed cassettes: the fixture goldens (offline models through the relay) and the relay-played eval ones. */
const DIRS = ['../test/fixtures/cassettes/golden/', '../eval/cassettes/'].map((d) =>
  fileURLToPath(new URL(d, import.meta.url)),
);

interface RecordedCall {
  request: {
    system?: string;
    tools?: Array<{ name: string }>;
    contents: Array<{ role: string; parts: Array<Record<string, unknown>> }>;
  };
  response: unknown;
}

function cassetteFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.cassette.json'))
    .map((f) => join(dir, f));
}

/**
 * How many user messages a planner call's conversation holds: a call with more than the previous one starts a
 * planning request. (Its last turn is not enough: with prefetched lookups the first request of a planning request
 * already ends on a function response.) Cassettes are normalised (lib/models/cassette): a part is {text}, {call}
 * or {response}.
 */
function userMessages(call: RecordedCall): number {
  return call.request.contents.filter((c) => c.role === 'user' && c.parts.some((p) => p.text !== undefined))
    .length;
}

/**
 * Issue 32, the recorded conversations as they were recorded (today's design: a cassette replays only the
 * requests it holds, so the prefetch design cannot be replayed against it until the cassettes are re-recorded).
 * Calls per planning request, and approximate tokens per conversation (JSON characters / 4 of each recorded
 * request, which is normalised: ids dropped, generation settings left out).
 */
export function benchRecordedCassettes(): BenchRow[] {
  const perRequest: number[] = [];
  const promptTokens: number[] = [];
  let conversations = 0;
  for (const file of DIRS.flatMap(cassetteFiles)) {
    const cassette = JSON.parse(readFileSync(file, 'utf8')) as { interactions: RecordedCall[] };
    const planner = cassette.interactions.filter((c) => !c.request.tools?.some((t) => t.name === 'ask_user'));
    let seen = -1;
    for (const call of planner) {
      if (userMessages(call) !== seen) perRequest.push(0);
      seen = userMessages(call);
      perRequest[perRequest.length - 1] = (perRequest.at(-1) ?? 0) + 1;
    }
    promptTokens.push(cassette.interactions.reduce((sum, c) => sum + approxTokens(c.request), 0));
    conversations += 1;
  }
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  return [
    {
      group: 'round trips',
      metric: `recorded cassettes (${conversations} conversations, as recorded): planner calls per planning request, median`,
      value: median(perRequest),
      unit: 'calls',
    },
    {
      group: 'round trips',
      metric: 'recorded cassettes: planner calls per planning request, mean',
      value: round(mean(perRequest), 2),
      unit: 'calls',
    },
    {
      group: 'round trips',
      metric: 'recorded cassettes: prompt tokens per conversation, mean',
      value: round(mean(promptTokens)),
      unit: '~tokens',
    },
  ];
}
