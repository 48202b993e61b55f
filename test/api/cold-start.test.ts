import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

const analyses = new Map<string, ReturnType<typeof analyseOnce>>();

/** esbuild's module graph of one handler (static imports; cold-start-bundle.test.ts checks the shipped chunks). */
function analyse(entry: string) {
  const cached = analyses.get(entry) ?? analyseOnce(entry);
  analyses.set(entry, cached);
  return cached;
}

function analyseOnce(entry: string) {
  return build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
}

/** The modules esbuild pulls into one handler's bundle. */
async function bundledInputs(entry: string): Promise<string[]> {
  return Object.keys((await analyse(entry)).metafile.inputs);
}

/** The modules evaluated when the bundle is imported: reachable from the entry through static imports only. */
async function evaluatedAtImport(entry: string): Promise<Set<string>> {
  return evaluatedFrom(entry, [entry]);
}

/**
 * The modules evaluated by the end of the first invocation's import: the entry's and its service builder's static
 * imports (the builder is what the handler's lazy() factory imports; bench/lambda-bundles.ts times the same set).
 */
async function evaluatedOnFirstInvocation(entry: string, service: string): Promise<Set<string>> {
  return evaluatedFrom(entry, [entry, service]);
}

async function evaluatedFrom(entry: string, roots: string[]): Promise<Set<string>> {
  const { inputs } = (await analyse(entry)).metafile;
  const seen = new Set<string>();
  const queue = [...roots];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    if (seen.has(next)) continue;
    seen.add(next);
    for (const i of inputs[next]?.imports ?? []) {
      if (i.kind !== 'dynamic-import' && !i.external) queue.push(i.path);
    }
  }
  return seen;
}

const TRACING_SDK = /node_modules\/(@langfuse|@opentelemetry)\//;

const YAML_OR_OPENAPI = /node_modules\/(yaml|js-yaml|@apidevtools)\//;

describe('cold-start discipline (issue 4)', () => {
  it.each(['functions/confirm-plan.ts', 'functions/get-plan.ts', 'functions/answer-prompt.ts'])(
    '%s bundles no LangChain and no YAML/OpenAPI parser',
    async (entry) => {
      const inputs = await bundledInputs(entry);

      expect(inputs.some((i) => i.startsWith('functions/'))).toBe(true);
      expect(inputs.filter((i) => i.includes('@langchain/') || i.includes('@langfuse/langchain'))).toEqual(
        [],
      );
      expect(inputs.filter((i) => YAML_OR_OPENAPI.test(i))).toEqual([]);
      // Tracing is wired (issue 7: user_confirmation span, flush) through the LangChain-free tracer core.
      expect(inputs).toContain('lib/observability/langfuse-tracer.ts');
      expect(inputs).not.toContain('lib/observability/langchain-tracing.ts');
    },
    60_000,
  );

  it.each(['functions/handle-request.ts', 'functions/execute-plan.ts'])(
    '%s adds the LangChain tracing plug-in (LLM generations)',
    async (entry) => {
      const inputs = await bundledInputs(entry);

      expect(inputs).toContain('lib/observability/langchain-tracing.ts');
      expect(inputs.some((i) => i.includes('@langfuse/langchain'))).toBe(true);
    },
    60_000,
  );

  it.each([
    'functions/confirm-plan.ts',
    'functions/get-plan.ts',
    'functions/answer-prompt.ts',
    'functions/handle-request.ts',
    'functions/execute-plan.ts',
  ])(
    '%s loads Langfuse and OpenTelemetry only on first use with keys (issue 12), never at import',
    async (entry) => {
      // Act
      const evaluated = await evaluatedAtImport(entry);

      // Assess
      expect([...evaluated].filter((i) => TRACING_SDK.test(i))).toEqual([]);
      expect(evaluated).not.toContain('lib/observability/langfuse-tracer.ts');
    },
    60_000,
  );

  it.each([
    ['functions/confirm-plan.ts', 'lib/composition/plan-service.ts'],
    ['functions/get-plan.ts', 'lib/composition/plan-status-service.ts'],
    ['functions/answer-prompt.ts', 'lib/composition/plan-service.ts'],
    ['functions/handle-request.ts', 'lib/composition/request-service.ts'],
    ['functions/execute-plan.ts', 'lib/composition/executor-service.ts'],
    ['functions/watchdog.ts', 'lib/composition/watchdog-service.ts'],
  ])(
    '%s evaluates its adapters (%s), LangChain and the tracer on the first invocation, not at import (issue 12)',
    async (entry, service) => {
      // Act
      const [inputs, evaluated] = await Promise.all([bundledInputs(entry), evaluatedAtImport(entry)]);

      // Assess: bundled (in its own chunk: infra/cdk/handler-bundle.ts) but behind the handler's dynamic import.
      expect(inputs).toContain(service);
      expect(evaluated).not.toContain(service);
      expect(evaluated).not.toContain('lib/observability/create-tracer.ts');
      expect([...evaluated].filter((i) => /node_modules\/@langchain\//.test(i))).toEqual([]);
    },
    60_000,
  );

  it.each(['functions/handle-request.ts', 'functions/execute-plan.ts'])(
    '%s bundles no YAML/OpenAPI parser',
    async (entry) => {
      const inputs = await bundledInputs(entry);

      expect(inputs.filter((i) => YAML_OR_OPENAPI.test(i))).toEqual([]);
    },
    60_000,
  );

  it.each([
    // Issue 27: the status read proves the token's user too, so it loads the registry's identity read.
    ['functions/get-plan.ts', 'lib/composition/plan-status-service.ts'],
    ['functions/confirm-plan.ts', 'lib/composition/plan-service.ts'],
    ['functions/answer-prompt.ts', 'lib/composition/plan-service.ts'],
    ['functions/handle-request.ts', 'lib/composition/request-service.ts'],
    ['functions/execute-plan.ts', 'lib/composition/executor-service.ts'],
    ['functions/watchdog.ts', 'lib/composition/watchdog-service.ts'],
  ])(
    '%s loads the compiled registry on its first invocation but not the overlay schemas it was built from',
    async (entry, service) => {
      // Act
      const loaded = await evaluatedOnFirstInvocation(entry, service);

      // Assess: overlays are parsed at build time (npm run registry:build); ServiceRole lives in contracts/enums.ts.
      expect(loaded).toContain('lib/registry/compiled-action.ts');
      expect(loaded).not.toContain('lib/contracts/overlay.ts');
    },
    60_000,
  );

  it.each([
    ['functions/handle-request.ts', 'lib/composition/request-service.ts'],
    ['functions/execute-plan.ts', 'lib/composition/executor-service.ts'],
  ])(
    '%s loads the Gemini model on its first invocation, and the offline models only when chosen',
    async (entry, service) => {
      // Act
      const [inputs, loaded] = await Promise.all([
        bundledInputs(entry),
        evaluatedOnFirstInvocation(entry, service),
      ]);

      // Assess: LLM_PROVIDER=offline (npm start without a key) imports them in createChatModel; gemini never does.
      expect(loaded).toContain('lib/models/gemini-chat-model.ts');
      expect([...loaded].filter((m) => /^lib\/models\/offline/.test(m))).toEqual([]);
      expect(inputs.filter((m) => /^lib\/models\/offline/.test(m)).length).toBeGreaterThan(0);
    },
    60_000,
  );

  it('functions/watchdog.ts runs the executor rollback without its graph: no LangGraph on the first invocation', async () => {
    // Act
    const loaded = await evaluatedOnFirstInvocation(
      'functions/watchdog.ts',
      'lib/composition/watchdog-service.ts',
    );

    // Assess: abandon-with-rollback (ADR 0009) loads the rollback, not the graph that runs a plan.
    expect(loaded).toContain('lib/executor/rollback/roll-back-and-close.ts');
    expect(loaded).not.toContain('lib/executor/create-executor.ts');
    expect([...loaded].filter((m) => /node_modules\/@langchain\/langgraph/.test(m))).toEqual([]);
  }, 60_000);
});
