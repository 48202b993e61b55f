import type { TracerPlugin } from '../observability/tracer-plugin.ts';

/**
 * The planner's and the executor's tracer plug-ins (LLM generations), loaded only when tracing is on. Imported by
 * those two compositions only, so the confirm/get/answer bundles never contain LangChain tracing.
 */
export async function langchainPlugins(): Promise<readonly TracerPlugin[]> {
  const { langchainTracing } = await import('../observability/langchain-tracing.ts');
  return [langchainTracing];
}
