import { rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Metafile } from 'esbuild';
import { describe, expect, it } from 'vitest';
import { runFreshNode } from '../../bench/fresh-node.ts';
import { bundleHandler } from '../../infra/cdk/handler-bundle.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

/**
 * Every file a fresh Node process loads while importing `file` (as deployed without Langfuse keys), and then
 * while running `afterImport` (a script over the module `mod`; it may set `result`).
 */
function filesLoaded(file: string, afterImport = ''): { loaded: string[]; result: unknown } {
  const script = [
    "import { registerHooks } from 'node:module';",
    'const loaded = [];',
    'let result;',
    'registerHooks({ load(url, context, next) { loaded.push(url); return next(url, context); } });',
    `const mod = await import(${JSON.stringify(pathToFileURL(file).href)});`,
    afterImport,
    'console.log(JSON.stringify({ loaded, result }));',
  ].join('\n');
  const { loaded, result } = JSON.parse(runFreshNode(script, ROOT)) as { loaded: string[]; result: unknown };
  return { loaded: loaded.filter((url) => url.startsWith('file:')).map((url) => fileURLToPath(url)), result };
}

/** Bundles one handler as the stack ships it; returns the bundled source modules of each output file. */
function shippedBundle(entry: string): { dir: string; modulesOf: Map<string, string[]> } {
  // Inside the repo so the external AWS SDK resolves from node_modules, as the Lambda runtime provides it.
  const dir = join(ROOT, 'node_modules', '.cache', 'cold-start-bundle-test', entry.replace(/\.ts$/, ''));
  rmSync(dir, { recursive: true, force: true });
  const { outputs }: Metafile = bundleHandler(entry, ROOT, dir);
  return {
    dir,
    modulesOf: new Map(
      Object.entries(outputs).map(([out, o]) => [resolve(ROOT, out), Object.keys(o.inputs)]),
    ),
  };
}

/** Modules that must wait for the first invocation: the service builders, the tracer, and their SDKs. */
const LAZY = new RegExp(
  [
    String.raw`^lib/composition/.*-service\.ts$`,
    String.raw`^lib/observability/(create-tracer|langfuse-tracer)\.ts$`,
    'node_modules/(@langfuse|@opentelemetry|@langchain|langsmith)/',
  ].join('|'),
);

describe('cold start on the shipped bundle (issue 12)', () => {
  it.each([
    ['get-plan.ts', 'lib/composition/plan-status-service.ts'],
    ['confirm-plan.ts', 'lib/composition/plan-service.ts'],
    ['execute-plan.ts', 'lib/composition/executor-service.ts'],
    ['handle-request.ts', 'lib/composition/request-service.ts'],
  ])(
    'importing %s loads neither its service (%s), tracing nor LangChain: their chunks are read on first use',
    (entry, service) => {
      // Prepare
      const { dir, modulesOf } = shippedBundle(entry);
      const shipped = [...modulesOf.values()].flat();

      // Act
      const loaded = filesLoaded(join(dir, 'index.mjs')).loaded.filter((f) => f.startsWith(dir));
      const evaluated = loaded.flatMap((f) => modulesOf.get(f) ?? []);

      // Assess: shipped beside the entry, but not one byte of it read at init.
      expect(shipped).toContain(service);
      expect(shipped.some((m) => /node_modules\/@langfuse\//.test(m))).toBe(true);
      expect(loaded.map((f) => relative(dir, f))).toContain('index.mjs');
      expect(evaluated.filter((m) => LAZY.test(m))).toEqual([]);
      // The AWS SDK clients come with the service chunk, on the first invocation.
      expect(loaded.filter((f) => f.includes('node_modules/@aws-sdk/'))).toEqual([]);
    },
    60_000,
  );

  it('the first invocation of the shipped get-plan loads its service chunk and answers (401 without a token)', () => {
    // Prepare
    const { dir, modulesOf } = shippedBundle('get-plan.ts');
    const event = { httpMethod: 'GET', path: '/v1/plans/p1', headers: {}, pathParameters: { plan_id: 'p1' } };
    const context = "{ functionName: 'get-plan', awsRequestId: 'r1', getRemainingTimeInMillis: () => 10000 }";

    // Act
    const { loaded, result } = filesLoaded(
      join(dir, 'index.mjs'),
      `result = (await mod.handler(${JSON.stringify(event)}, ${context})).statusCode;`,
    );

    // Assess: the chunk import() resolves inside the shipped tree, with the AWS SDK from the runtime.
    expect(result).toBe(401);
    expect(loaded.flatMap((f) => modulesOf.get(f) ?? [])).toContain('lib/composition/plan-status-service.ts');
    expect(loaded.some((f) => f.includes('node_modules/@aws-sdk/client-dynamodb/'))).toBe(true);
    // A status read enqueues nothing: neither the chunks nor the first invocation touch the SQS client.
    expect(loaded.some((f) => f.includes('node_modules/@aws-sdk/client-sqs/'))).toBe(false);
    expect([...modulesOf.values()].flat().some((m) => m.startsWith('lib/adapters/sqs/'))).toBe(false);
  }, 60_000);
});
