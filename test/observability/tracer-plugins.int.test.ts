import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it, vi } from 'vitest';
import type { TraceScope } from '../../lib/ports/tracer.ts';
import { tracerHarness } from './support/tracer-harness.ts';

const scope: TraceScope = { userId: 'user-7', sessionId: 'sess-7' };
const { capture, lambdaTracer } = tracerHarness();

/** The tracer core has no LangChain (issue 4 cold start); the planner and executor add it as a plug-in. */
describe('LangfuseTracer plug-ins', () => {
  it('records no generation without the LangChain plug-in (the confirm/get/answer tracer)', async () => {
    // Prepare
    const langfuse = await capture();
    const tracer = lambdaTracer(langfuse.baseUrl, 2_000, vi.fn(), []);
    const model = fakeModel().respond(new AIMessage('ok'));
    // Act
    await tracer.span('user_confirmation', scope, {}, async () => {
      await model.invoke([new HumanMessage('hi')], { callbacks: tracer.langchainCallbacks(scope) });
    });
    await tracer.flush();
    // Assess
    expect(tracer.langchainCallbacks(scope)).toEqual([]);
    expect(langfuse.spans().map((s) => s.name)).toEqual(['user_confirmation']);
  });

  it("bounds a plug-in's beforeFlush too: a hanging LangChain queue cannot delay the Lambda", async () => {
    // Prepare
    const langfuse = await capture();
    const warn = vi.fn();
    const beforeFlush = vi.fn(() => new Promise<void>(() => undefined));
    const tracer = lambdaTracer(langfuse.baseUrl, 200, warn, [{ name: 'stuck', beforeFlush }]);
    await tracer.span('execution', scope, {}, async () => {});
    // Act
    await tracer.flush();
    // Assess
    expect(beforeFlush).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('flush incomplete'), {
      outcome: 'timed_out',
      bound_ms: 200,
    });
  });
});
