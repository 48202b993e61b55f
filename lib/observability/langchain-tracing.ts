import { awaitAllCallbacks } from '@langchain/core/callbacks/promises';
import { OwnedCallbackHandler } from './langchain-callbacks.ts';
import type { TracerPlugin } from './tracer-plugin.ts';

/**
 * The LangChain part of tracing, as a plug-in (only the planner and executor compositions add it): the Langfuse
 * CallbackHandler for generations (model, prompt, response, latency, tokens), and `awaitAllCallbacks()` before
 * the provider flush (docs/design-facts.md: in Lambda, await LangChain's callbacks, then forceFlush).
 */
export const langchainTracing: TracerPlugin = {
  name: 'langchain',
  callbacks: function langfuseCallbacks(scope, provider) {
    return [new OwnedCallbackHandler(scope, provider)];
  },
  beforeFlush: function awaitLangchainCallbacks() {
    return awaitAllCallbacks();
  },
};
