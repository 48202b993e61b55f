import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { approxTokens } from './round-trips-model.ts';
import { type BenchRow, median, round } from './stats.ts';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
/** The committed cassettes: the fixture goldens and the relay-played eval ones (paths from the repository root). */
const DIRS = ['test/fixtures/cassettes/golden', 'eval/cassettes'];
/**
 * The recordings before issues 32 and 33 (main at a8f2798): the same conversations played by a capable model
 * through the relay on the design without prefetching, direct steps or the shorter prompt.
 */
export const CASSETTE_BASELINE = 'a8f2798';

interface RecordedCall {
  request: {
    system?: string;
    tools?: Array<{ name: string }>;
    contents: Array<{ role: string; parts: Array<Record<string, unknown>> }>;
  };
  response: unknown;
}
type Cassettes = Map<string, { interactions: RecordedCall[] }>;

function workingTreeCassettes(): Cassettes {
  const out: Cassettes = new Map();
  for (const dir of DIRS)
    for (const f of readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' }))
      if (f.endsWith('.cassette.json'))
        out.set(relative(ROOT, join(ROOT, dir, f)), JSON.parse(readFileSync(join(ROOT, dir, f), 'utf8')));
  return out;
}

/** The cassettes as committed at `ref`, read from git (no checkout); undefined when git cannot read them. */
function cassettesAt(ref: string): Cassettes | undefined {
  const git = (...args: string[]) =>
    execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  try {
    const out: Cassettes = new Map();
    for (const path of git('ls-tree', '-r', '--name-only', ref, '--', ...DIRS).split('\n'))
      if (path.endsWith('.cassette.json')) out.set(path, JSON.parse(git('show', `${ref}:${path}`)));
    return out;
  } catch {
    return undefined;
  }
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

const isExecutorCall = (c: RecordedCall) => c.request.tools?.some((t) => t.name === 'ask_user') ?? false;
const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);

interface Figures {
  conversations: number;
  perRequest: number[];
  executorCalls: number;
  promptTokens: number[];
}

function figures(cassettes: Cassettes, keys: readonly string[]): Figures {
  const perRequest: number[] = [];
  const promptTokens: number[] = [];
  let executorCalls = 0;
  for (const key of keys) {
    const interactions = cassettes.get(key)?.interactions ?? [];
    executorCalls += interactions.filter(isExecutorCall).length;
    let seen = -1;
    for (const call of interactions.filter((c) => !isExecutorCall(c))) {
      if (userMessages(call) !== seen) perRequest.push(0);
      seen = userMessages(call);
      perRequest[perRequest.length - 1] = (perRequest.at(-1) ?? 0) + 1;
    }
    promptTokens.push(interactions.reduce((sum, c) => sum + approxTokens(c.request), 0));
  }
  return { conversations: keys.length, perRequest, executorCalls, promptTokens };
}

function rowsOf(label: string, f: Figures, base?: Figures): BenchRow[] {
  const ratio = (now: number, then: number) => (then === 0 ? undefined : round(now / then, 2).toString());
  const tokens = round(mean(f.promptTokens));
  const baseTokens = base ? round(mean(base.promptTokens)) : undefined;
  const row = (metric: string, value: number, unit: string, then?: number): BenchRow => ({
    group: 'round trips',
    metric: `${label}, ${metric}`,
    value,
    unit,
    ...(then === undefined ? {} : { ratio: ratio(value, then) ?? '' }),
  });
  return [
    row(
      'planner calls per planning request, median',
      median(f.perRequest),
      'calls',
      base && median(base.perRequest),
    ),
    row(
      'planner calls per planning request, mean',
      round(mean(f.perRequest), 2),
      'calls',
      base && round(mean(base.perRequest), 2),
    ),
    row('executor model calls, all conversations', f.executorCalls, 'calls', base?.executorCalls),
    {
      ...row('prompt tokens per conversation, mean', tokens, '~tokens', baseTokens),
      ...(baseTokens === undefined ? {} : { goal: '−30%', ok: tokens <= 0.7 * baseTokens }),
    },
  ];
}

/**
 * Issue 32, the conversations a capable model played through the relay, read as recorded: today's committed
 * cassettes beside the same conversations as recorded at CASSETTE_BASELINE (read from git), so the before/after
 * figures come from one run. Calls per planning request, executor calls, and approximate prompt tokens per
 * conversation (JSON characters / 4 of each recorded request, which is normalised: ids dropped, generation settings
 * left out). Conversations recorded only today (the sealed samples) are counted in a row of their own.
 */
export function benchRecordedCassettes(baselineRef: string = CASSETTE_BASELINE): BenchRow[] {
  const now = workingTreeCassettes();
  const then = cassettesAt(baselineRef);
  const all = [...now.keys()].sort();
  const rows = rowsOf(`cassettes, all ${all.length} as committed`, figures(now, all));
  if (!then) return rows;
  const shared = all.filter((k) => then.has(k));
  const label = `cassettes, the ${shared.length} also recorded at ${baselineRef}`;
  return [
    ...rowsOf(`${label}: before`, figures(then, shared)),
    ...rowsOf(`${label}: now`, figures(now, shared), figures(then, shared)),
    ...rows,
  ];
}
