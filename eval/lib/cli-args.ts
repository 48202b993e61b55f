import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import * as z from 'zod';

const SUITES = ['golden', 'blind', 'sealed', 'dates'];

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
  json: z.boolean().default(false),
  /** Run the cases marked out of scope for the provider too, and count them. */
  all: z.boolean().default(false),
  timeoutMs: z.coerce.number().int().min(1_000).max(7_200_000).optional(),
  help: z.boolean().default(false),
});
export type EvalArgs = z.infer<typeof EvalArgs>;

export const USAGE = `usage: npm run eval -- [--provider offline|gemini|relay|cassette] [--suite golden|blind|sealed|dates|<dir>]
                       [--corpus <dir>] [--confirm] [--record] [--cassettes <dir>]
                       [--trials k] [--case <id-substring>] [--json] [--all] [--timeout-ms n]

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
  --json        print the report as JSON instead of the table (nothing else on stdout; run npm with -s,
                \`npm run -s eval -- --json\`, or npm prints its own "> eval" banner before it)
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
      args: [...argv],
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
  const parsed = EvalArgs.safeParse({ ...values, timeoutMs: values['timeout-ms'] });
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `--${i.path.join('.')}: ${i.message}`);
    throw new UsageError(problems.join('; '), { cause: parsed.error });
  }
  return parsed.data;
}
