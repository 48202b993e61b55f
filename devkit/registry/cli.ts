import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildWithReport, strictProblems } from '../../lib/registry/compile/build-registry.ts';
import { RegistryError } from '../../lib/registry/registry-errors.ts';
import { formatReport } from './cli-format.ts';
import { toAtomicAction } from './model-view.ts';

const DEFAULT_SPEC = fileURLToPath(new URL('../../openapi/booking-api.yaml', import.meta.url));
const DEFAULT_OVERLAYS = fileURLToPath(new URL('../../overlays', import.meta.url));
const DEFAULT_OUT = fileURLToPath(
  new URL('../../lib/registry/compiled-registry.generated.json', import.meta.url),
);

const USAGE = `usage:
  npm run registry [-- --spec <file>] [--overlays <dir>] [--json] [--strict]
  npm run registry:build [-- --spec <file>] [--overlays <dir>] [--out <file>] [--strict]`;

/**
 * `npm run registry`: the readable table (or `--json`, the model-visible view).
 * `npm run registry:build`: writes the compiled artefact the Lambdas load.
 * A bad overlay or operation is skipped with its reason (a warning on stderr) and the rest is built: exit 0.
 * `--strict` turns every such skip into an error: exit 1 and nothing written. Exit 2 when the spec or the
 * overlay directory can't be read.
 */
async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      spec: { type: 'string', default: DEFAULT_SPEC },
      overlays: { type: 'string', default: DEFAULT_OVERLAYS },
      out: { type: 'string', default: DEFAULT_OUT },
      json: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const command = positionals[0] ?? 'show';
  if (values.help || !['show', 'build'].includes(command)) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const result = await buildWithReport(values.spec, values.overlays);
  if (values.json && command === 'show') {
    const visible = result.registry.actions
      .filter((a) => a.safety_tier !== 'blocked' && !a.execution_only)
      .map(toAtomicAction);
    process.stdout.write(`${JSON.stringify(visible, null, 2)}\n`);
  } else if (command === 'show') {
    process.stdout.write(`${formatReport(result)}\n`);
  }
  const problems = strictProblems(result);
  const label = values.strict ? 'error' : 'warning';
  for (const problem of problems) process.stderr.write(`${label}: ${problem}\n`);
  if (values.strict && problems.length > 0) {
    process.stderr.write(
      `${problems.length} problem(s) with --strict${command === 'build' ? '; nothing written' : ''}\n`,
    );
    return 1;
  }
  if (problems.length > 0) process.stderr.write(`${problems.length} warning(s); everything else was built\n`);
  if (command === 'build') {
    await writeFile(values.out, `${JSON.stringify(result.registry, null, 2)}\n`);
    process.stdout.write(`wrote ${values.out}: ${result.registry.actions.length} actions\n`);
  }
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`registry: ${error instanceof Error ? error.message : String(error)}\n`);
    // Expected failures (unreadable spec or overlay dir) need no stack; anything else is a bug worth one.
    if (!(error instanceof RegistryError) && error instanceof Error && error.stack) {
      process.stderr.write(`${error.stack}\n`);
    }
    process.exitCode = 2;
  },
);
