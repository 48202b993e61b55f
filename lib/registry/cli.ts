import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { buildWithReport } from './build-registry.ts';
import { formatReport } from './cli-format.ts';
import { toAtomicAction } from './model-view.ts';
import { RegistryError } from './registry-errors.ts';

const DEFAULT_SPEC = fileURLToPath(new URL('../../openapi/booking-api.yaml', import.meta.url));
const DEFAULT_OVERLAYS = fileURLToPath(new URL('../../overlays', import.meta.url));
const DEFAULT_OUT = fileURLToPath(new URL('./compiled-registry.generated.json', import.meta.url));

const USAGE = `usage:
  npm run registry [-- --spec <file>] [--overlays <dir>] [--json]
  npm run registry:build [-- --spec <file>] [--overlays <dir>] [--out <file>]`;

/**
 * `npm run registry`: the readable table (or `--json`, the model-visible view).
 * `npm run registry:build`: writes the compiled artefact the Lambdas load.
 * Exits 1 when an overlay is invalid (nothing is written), 2 when the spec or overlay dir can't be read.
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
      help: { type: 'boolean', default: false },
    },
  });
  const command = positionals[0] ?? 'show';
  if (values.help || !['show', 'build'].includes(command)) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 2;
  }
  const result = await buildWithReport(values.spec, values.overlays);
  const invalid = result.transform.skipped.filter((s) => s.kind === 'invalid_overlay');
  if (values.json && command === 'show') {
    const visible = result.registry.actions.filter((a) => a.safety_tier !== 'blocked').map(toAtomicAction);
    process.stdout.write(`${JSON.stringify(visible, null, 2)}\n`);
  } else if (command === 'show') {
    process.stdout.write(`${formatReport(result)}\n`);
  }
  if (invalid.length > 0) {
    for (const s of invalid)
      process.stderr.write(`invalid overlay ${s.source ?? s.operation_id}: ${s.reason}\n`);
    process.stderr.write(
      `${invalid.length} invalid overlay(s)${command === 'build' ? '; nothing written' : ''}\n`,
    );
    return 1;
  }
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
