import { type ParseArgsConfig, parseArgs } from 'node:util';

/** `--help` / `-h`, which every script CLI accepts. */
const HELP = { help: { type: 'boolean', short: 'h' } } as const;

type Options = NonNullable<ParseArgsConfig['options']>;
type WithHelp<O extends Options> = O & typeof HELP;

/**
 * The arguments of a script's command line, or the script ends: a bad flag prints the error and the usage to stderr
 * and exits 2; `--help` prints the usage to stdout and exits 0. The `help` flag is added here, so the options list
 * only the script's own flags. One place for what seven CLIs (bench, chaos, round trips, lambdas, chat) each wrote.
 */
export function parseCliOrExit<O extends Options, P extends boolean = false>(
  usage: string,
  options: O,
  config: { allowPositionals?: P; args?: string[] } = {},
) {
  let parsed: ReturnType<typeof parseArgs<{ options: WithHelp<O>; allowPositionals: P }>>;
  try {
    parsed = parseArgs({
      options: { ...options, ...HELP } as WithHelp<O>,
      allowPositionals: (config.allowPositionals ?? false) as P,
      ...(config.args ? { args: config.args } : {}),
    });
  } catch (error) {
    return exitWithUsage(usage, error instanceof Error ? error.message : String(error));
  }
  if ((parsed.values as { help?: boolean }).help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return parsed;
}

/** Prints `problem` and the usage to stderr and ends the script with exit code 2 (bad usage). */
export function exitWithUsage(usage: string, problem: string): never {
  process.stderr.write(`${problem}\n${usage}\n`);
  process.exit(2);
}
