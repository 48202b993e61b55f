import { build } from 'esbuild';
import { describe, expect, it } from 'vitest';

/** The modules esbuild pulls into one handler's bundle (what NodejsFunction would ship). */
async function bundledInputs(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  return Object.keys(result.metafile.inputs);
}

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

  it.each(['functions/handle-request.ts', 'functions/execute-plan.ts'])(
    '%s bundles no YAML/OpenAPI parser',
    async (entry) => {
      const inputs = await bundledInputs(entry);

      expect(inputs.filter((i) => YAML_OR_OPENAPI.test(i))).toEqual([]);
    },
    60_000,
  );
});
