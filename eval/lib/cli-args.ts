import { parseArgs } from 'node:util';
import * as z from 'zod';

/** The flags of `npm run eval` (docs/eval.md "Running"). */
export const EvalArgs = z.object({
  /** golden: eval/cases over the local stack; blind: eval/blind/requests; dates: eval/blind/dates (issue 15). */
  suite: z.enum(['golden', 'blind', 'dates']).default('golden'),
  provider: z.enum(['offline', 'gemini']).default('offline'),
  trials: z.coerce.number().int().min(1).max(20).default(1),
  /** Only cases whose id contains this text. */
  case: z.string().min(1).optional(),
  json: z.boolean().default(false),
  /** Run the cases marked out of scope for the provider too, and count them. */
  all: z.boolean().default(false),
  timeoutMs: z.coerce.number().int().min(1_000).max(600_000).optional(),
  help: z.boolean().default(false),
});
export type EvalArgs = z.infer<typeof EvalArgs>;

export const USAGE = `usage: npm run eval -- [--suite golden|blind|dates] [--provider offline|gemini] [--trials k] [--case <id-substring>] [--json] [--all] [--timeout-ms n]

  --suite       golden (default): eval/cases; blind: the blind request corpus (eval/blind/requests);
                dates: the blind date corpus (eval/blind/dates) through the resolver
  --provider    offline (default, deterministic) or gemini (needs GOOGLE_API_KEY; skipped without it)
  --trials k    pass^k: a case passes only if it passes all k trials (default 1)
  --case text   only the cases whose id contains text
  --json        print the report as JSON instead of the table
  --all         also run (and count) the cases marked out of scope for the offline model
  --timeout-ms  bounded wait for one confirmed plan to finish (default 30000 offline, 180000 gemini)`;

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
        suite: { type: 'string' },
        provider: { type: 'string' },
        trials: { type: 'string' },
        case: { type: 'string' },
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
