import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as z from 'zod';

const SUITES = ['golden', 'blind', 'sealed', 'dates'];

/** `k/n`, 1 ≤ k ≤ n ≤ 100: the k-th of n shares (eval/lib/select-cases.ts). */
const ShardText = z
  .string()
  .regex(/^\d{1,3}\/\d{1,3}$/, 'must be k/n, such as 2/3')
  .transform((text) => {
    const [k, n] = text.split('/').map(Number) as [number, number];
    return { k, n };
  })
  .refine(({ k, n }) => k >= 1 && n <= 100 && k <= n, 'must be k/n with 1 ≤ k ≤ n ≤ 100');

/** The flags of `npm run eval` (docs/eval.md "Running"). */
export const EvalArgs = z.object({
  provider: z.enum(['offline', 'gemini', 'relay', 'cassette']).default('offline'),
  /**
   * Which cases: `golden` (eval/cases), `blind` (the blind request corpus, eval/blind/requests), `sealed` (the
   * sealed multi-venue corpus, eval/sealed), `dates` (the blind date corpus through the resolver, no stack), or
   * a directory of golden-format case files.
   */
  suite: z
    .string()
    .min(1)
    .refine((s) => SUITES.includes(s) || (existsSync(s) && statSync(s).isDirectory()), {
      message: 'must be golden, blind, sealed, dates or a directory of case files',
    })
    .default('golden'),
  /** sealed suite: the corpus directory (default eval/sealed). */
  corpus: z
    .string()
    .min(1)
    .refine((s) => existsSync(s) && statSync(s).isDirectory(), { message: 'must be a directory' })
    .optional(),
  /** blind suite: confirm each right plan and wait for its execution to end (relay recordings with executions). */
  confirm: z.boolean().default(false),
  /** With gemini: record each conversation as a cassette (the relay always records). */
  record: z.boolean().default(false),
  /** Where cassettes are written (relay, gemini --record) or read (cassette); default eval/cassettes/<suite>. */
  cassettes: z.string().min(1).optional(),
  trials: z.coerce.number().int().min(1).max(20).default(1),
  /** Only these cases: each text picks the case with exactly that id, or else every case whose id contains it. */
  case: z.array(z.string().min(1)).optional(),
  /** Print the report as JSON on stdout instead of the table (with npm, run it with -s). */
  json: z.boolean().default(false),
  /** `--json <file>`: write the report as JSON to this file (valid on its own, whatever npm prints), table on stdout. */
  jsonFile: z.string().min(1).optional(),
  /** The k-th of n shares of the selected cases (several relay players at once). */
  shard: ShardText.optional(),
  /** A seeded random sample of this many cases (with --seed): the same on every machine. */
  sample: z.coerce.number().int().min(1).optional(),
  seed: z.coerce.number().int().min(0).max(4_294_967_295).optional(),
  /** Only the cases that have a cassette in the cassettes directory: re-record exactly those. */
  rerecord: z.boolean().default(false),
  /** Run the cases marked out of scope for the provider too, and count them. */
  all: z.boolean().default(false),
  timeoutMs: z.coerce.number().int().min(1_000).max(7_200_000).optional(),
  help: z.boolean().default(false),
});
export type EvalArgs = z.infer<typeof EvalArgs>;

/** Flags that only make sense together; each problem names the flag. */
function combinationProblems(args: EvalArgs): string[] {
  const problems: string[] = [];
  if ((args.sample === undefined) !== (args.seed === undefined))
    problems.push('--sample and --seed go together (the seed makes the sample the same for every player)');
  if (args.suite === 'dates' && (args.shard || args.sample !== undefined || args.rerecord))
    problems.push('--shard, --sample and --rerecord: not for --suite dates (no model, nothing to share)');
  if (args.rerecord && !(args.provider === 'relay' || (args.provider === 'gemini' && args.record)))
    problems.push('--rerecord: re-records, so it needs --provider relay (or gemini --record)');
  if (args.rerecord && args.suite === 'blind' && !args.confirm)
    problems.push(
      '--rerecord with --suite blind needs --confirm (the blind cassettes replay with executions)',
    );
  if (args.json && args.jsonFile) problems.push('--json: give a file or none, once');
  return problems;
}

export const USAGE = `usage: npm run eval -- [--provider offline|gemini|relay|cassette] [--suite golden|blind|sealed|dates|<dir>]
                       [--corpus <dir>] [--confirm] [--record] [--cassettes <dir>]
                       [--trials k] [--case <id-substring>] [--rerecord] [--sample n --seed s]
                       [--shard k/n] [--json [<file>]] [--all] [--timeout-ms n]

  --provider    offline (default, deterministic), gemini (needs GOOGLE_API_KEY; skipped without it),
                relay (you play the model: answer the files under RELAY_DIR; docs/models.md "Relay"),
                cassette (replays recorded conversations, failing with a diff when a request changed)
  --suite       golden (default: eval/cases), blind (eval/blind/requests: the blind request corpus),
                sealed (eval/sealed: the sealed multi-venue corpus, scored right / wrong / miss),
                dates (eval/blind/dates: the blind date corpus, resolver only), or a directory of case files
  --corpus      sealed suite: read the corpus from this directory instead of eval/sealed
  --confirm     blind suite: confirm every right plan and wait until its execution ends
  --record      with gemini: record every conversation as a cassette (relay always records)
  --cassettes   where cassettes are written or read (default eval/cassettes/<suite>)
  --trials k    pass^k: a case passes only if it passes all k trials (default 1)
  --case text   only the case with that id, or else the cases whose id contains text; repeat it for
                several (a relay recording of a chosen set: --case a --case b …)
  --rerecord    only the cases that have a cassette in the cassettes directory (relay: re-record them)
  --sample n    with --seed s: a seeded random sample of n of the selected cases, the same on any machine
  --shard k/n   the k-th of n shares of the selected cases (ids sorted, dealt round-robin); applied after
                --case, --rerecord and --sample, so every player gives the same flags but its own k
  --json file   write the report as JSON to file (valid JSON on its own) and print the table as usual;
                --json alone prints the JSON on stdout instead of the table (then run \`npm run -s eval\`,
                or npm prints its own "> eval" banner before it)
  --all         also run (and count) the cases marked out of scope for the offline model
  --timeout-ms  bounded wait for one confirmed plan to finish (default 30000 offline and cassette,
                180000 gemini, 3600000 relay)`;

/** A bad command line; the CLI prints it with the usage and exits 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export function parseEvalArgs(argv: readonly string[]): EvalArgs {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({
      args: withJsonFile(argv),
      options: {
        provider: { type: 'string' },
        suite: { type: 'string' },
        corpus: { type: 'string' },
        confirm: { type: 'boolean' },
        record: { type: 'boolean' },
        cassettes: { type: 'string' },
        trials: { type: 'string' },
        case: { type: 'string', multiple: true },
        json: { type: 'boolean' },
        'json-file': { type: 'string' },
        shard: { type: 'string' },
        sample: { type: 'string' },
        seed: { type: 'string' },
        rerecord: { type: 'boolean' },
        all: { type: 'boolean' },
        'timeout-ms': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
  const { 'timeout-ms': timeoutMs, 'json-file': jsonFile, ...rest } = values;
  const parsed = EvalArgs.safeParse({ ...rest, timeoutMs, jsonFile });
  if (!parsed.success) {
    const flag = (path: PropertyKey[]) =>
      ({ timeoutMs: 'timeout-ms', jsonFile: 'json' })[String(path[0])] ?? path.join('.');
    const problems = parsed.error.issues.map((i) => `--${flag(i.path)}: ${i.message}`);
    throw new UsageError(problems.join('; '), { cause: parsed.error });
  }
  const problems = combinationProblems(parsed.data);
  if (problems.length > 0) throw new UsageError(problems.join('; '));
  return parsed.data;
}

/**
 * `--json <file>` and `--json=<file>` become the internal `--json-file`: parseArgs has no optional values, and
 * `--json` alone must keep printing to stdout. A following word is a file unless it is another flag (eval takes
 * no positionals, so nothing else could follow).
 */
function withJsonFile(argv: readonly string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    const next = argv[i + 1];
    if (arg.startsWith('--json=')) out.push(`--json-file=${arg.slice('--json='.length)}`);
    else if (arg === '--json' && next !== undefined && !next.startsWith('-')) {
      out.push('--json-file', next);
      i += 1;
    } else out.push(arg);
  }
  return out;
}
