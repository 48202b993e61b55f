import { AIMessage, HumanMessage } from '@langchain/core/messages';
import { fakeModel } from '@langchain/core/testing';
import { describe, expect, it, vi } from 'vitest';
import type { TraceRef, TraceScope } from '../../lib/ports/tracer.ts';
import { deadEndpoint, LF, treeShape } from '../support/otlp-capture.ts';
import { tracerHarness } from './support/tracer-harness.ts';

const scope: TraceScope = {
  userId: 'user-7',
  sessionId: 'sess-7',
  planId: '5b0c1c4e-3f0f-4d8e-9a55-0a4c1f1a2b3c',
};

const { capture, lambdaTracer } = tracerHarness();

describe('LangfuseTracer (against the OTLP capture server)', () => {
  describe('startTrace / span', () => {
    it('exports the exact nested tree under one trace, rooted at the returned reference', async () => {
      // Prepare
      const langfuse = await capture();
      const tracer = lambdaTracer(langfuse.baseUrl);
      // Act
      const ref = await tracer.startTrace('user_request', scope, async (_root, traceRef) => {
        await tracer.span('intent_understanding', scope, {}, async () => {});
        await tracer.span('plan_generation', scope, { input: { actions: 2 } }, async (span) => {
          span.event('actions_selected', { output: ['getBooking', 'rescheduleBooking'] });
        });
        return traceRef;
      });
      await tracer.flush();
      // Assess
      expect(treeShape(langfuse.tree(ref.traceId))).toEqual([
        {
          name: 'user_request',
          children: [
            { name: 'intent_understanding', children: [] },
            { name: 'plan_generation', children: [{ name: 'actions_selected', children: [] }] },
          ],
        },
      ]);
      expect(langfuse.named('user_request')[0]?.spanId).toBe(ref.rootSpanId);
      expect(new Set(langfuse.spans().map((s) => s.traceId))).toEqual(new Set([ref.traceId]));
      expect(langfuse.authorizations()[0]).toBe(
        `Basic ${Buffer.from('pk-lf-test:sk-lf-test').toString('base64')}`,
      );
    });

    it('attaches spans of other tracer instances (other Lambdas) to the stored trace', async () => {
      // Prepare: the API Lambda plans and stores the reference; confirmation and execution run elsewhere.
      const langfuse = await capture();
      const api = lambdaTracer(langfuse.baseUrl);
      const stored: TraceRef = await api.startTrace('user_request', scope, async (_s, ref) => ref);
      await api.flush();
      const confirmLambda = lambdaTracer(langfuse.baseUrl);
      const executorLambda = lambdaTracer(langfuse.baseUrl);
      const resumedExecutor = lambdaTracer(langfuse.baseUrl);
      // Act
      await confirmLambda.span('user_confirmation', scope, { parent: stored }, async () => {});
      await confirmLambda.flush();
      await executorLambda.span('execution', scope, { parent: stored, asType: 'agent' }, async () => {
        await executorLambda.span('tool:getBooking', scope, { asType: 'tool' }, async () => {});
      });
      await executorLambda.flush();
      await resumedExecutor.span('execution', scope, { parent: stored, asType: 'agent' }, async () => {
        await resumedExecutor.span('tool:rescheduleBooking', scope, { asType: 'tool' }, async () => {});
      });
      await resumedExecutor.flush();
      // Assess
      expect(treeShape(langfuse.tree(stored.traceId))).toEqual([
        {
          name: 'user_request',
          children: [
            { name: 'user_confirmation', children: [] },
            { name: 'execution', children: [{ name: 'tool:getBooking', children: [] }] },
            { name: 'execution', children: [{ name: 'tool:rescheduleBooking', children: [] }] },
          ],
        },
      ]);
      const continued = langfuse
        .spans()
        .filter((s) => s.name !== 'user_request' && !s.name.startsWith('tool:'));
      expect(continued.map((s) => [s.traceId, s.parentSpanId])).toEqual(
        continued.map(() => [stored.traceId, stored.rootSpanId]),
      );
    });

    it('starts a new trace when the stored reference is unusable', async () => {
      const langfuse = await capture();
      const tracer = lambdaTracer(langfuse.baseUrl);
      await tracer.span('execution', scope, { parent: { traceId: 'nope', rootSpanId: '' } }, async () => {});
      await tracer.flush();
      expect(langfuse.named('execution')[0]?.parentSpanId).toBeUndefined();
    });

    it('puts user_id and session_id (and plan_id) on every span, generations and events included', async () => {
      // Prepare
      const langfuse = await capture();
      const tracer = lambdaTracer(langfuse.baseUrl);
      const model = fakeModel().respond(new AIMessage('ok'));
      // Act
      await tracer.startTrace('user_request', scope, async () => {
        await tracer.span('intent_understanding', scope, {}, async (span) => {
          await model.invoke([new HumanMessage('move it')], { callbacks: tracer.langchainCallbacks(scope) });
          span.event('clarification', { input: { unclear: 'which booking' } });
        });
      });
      await tracer.flush();
      // Assess
      const spans = langfuse.spans();
      expect(spans).toHaveLength(4);
      for (const span of spans) {
        expect(span.attributes[LF.userId]).toBe('user-7');
        expect(span.attributes[LF.sessionId]).toBe('sess-7');
        expect(span.attributes[LF.traceMetadata('plan_id')]).toBe(scope.planId);
      }
    });

    it('marks a span whose fn throws as ERROR and rethrows the original error', async () => {
      // Prepare
      const langfuse = await capture();
      const tracer = lambdaTracer(langfuse.baseUrl);
      const failure = new Error('booking BK-1042 conflict');
      // Act
      const result = tracer.span('tool:rescheduleBooking', scope, { asType: 'tool' }, async () => {
        throw failure;
      });
      // Assess
      await expect(result).rejects.toBe(failure);
      await tracer.flush();
      const [span] = langfuse.named('tool:rescheduleBooking');
      expect(span?.attributes[LF.level]).toBe('ERROR');
      expect(span?.attributes[LF.type]).toBe('tool');
      expect(span?.status).toEqual({ code: 2, message: 'booking BK-1042 conflict' });
    });
  });

  describe('privacy', () => {
    it('never exports a guest email or phone unmasked, wherever it was passed', async () => {
      // Prepare
      const langfuse = await capture();
      const tracer = lambdaTracer(langfuse.baseUrl);
      const email = 'john.smith@example.com';
      const phone = '+61 412 345 678';
      const model = fakeModel().respond(new AIMessage(`Updated to ${email}`));
      // Act
      await tracer.startTrace('user_request', scope, async () => {
        await tracer.span(
          'tool:updateContact',
          scope,
          {
            asType: 'tool',
            input: { parameters: { email, phone, guest_name: 'John Smith' }, note: `call ${phone}` },
            metadata: { email, contact_phone: phone, intent_summary: "Update John Smith's contact details" },
          },
          async (span) => {
            await model.invoke([new HumanMessage(`change email to ${email} and phone to ${phone}`)], {
              callbacks: tracer.langchainCallbacks(scope),
            });
            span.update({
              output: { email },
              metadata: { echoed: phone },
              statusMessage: `sent to ${email}`,
            });
            span.event('clarification', { input: { question: `Is ${phone} right?` } });
          },
        );
        await tracer
          .span('rollback', scope, {}, async () => {
            throw new Error(`could not restore ${email}`);
          })
          .catch(() => undefined);
      });
      await tracer.flush();
      // Assess
      const everything = langfuse.bodies().join('\n');
      expect(langfuse.spans()).toHaveLength(5);
      expect(everything).not.toContain(email);
      expect(everything).not.toContain(phone);
      expect(everything).not.toContain('412 345');
      expect(everything).not.toContain('John Smith\\"'); // the guest_name value; intent summaries may keep names
      expect(everything).toContain('j***@example.com');
      expect(everything).toContain('***78');
      expect(everything).toContain("Update John Smith's contact details");
    });

    it('never exports the user token (canary), even when code passes it by mistake', async () => {
      // Prepare
      const langfuse = await capture();
      const tracer = lambdaTracer(langfuse.baseUrl);
      const canary = `canary${Date.now().toString(36)}TOKEN`;
      // Act
      await tracer.startTrace('user_request', scope, async () => {
        await tracer.span(
          'execution',
          scope,
          { input: { token: canary, user_token: canary }, metadata: { authorization: `Bearer ${canary}` } },
          async (span) => {
            span.update({
              output: { headers: { Authorization: `Bearer ${canary}` } },
              statusMessage: `Bearer ${canary}`,
            });
            span.event('guardrail', { metadata: { accessToken: canary } });
          },
        );
        await tracer
          .span('tool:getBooking', scope, {}, async () => {
            throw new Error(`401 with Authorization: Bearer ${canary}`);
          })
          .catch(() => undefined);
      });
      await tracer.flush();
      // Assess
      expect(langfuse.spans().length).toBeGreaterThan(0);
      expect(langfuse.bodies().join('\n')).not.toContain(canary);
    });
  });

  describe('langchainCallbacks', () => {
    it('records a generation with model, prompt, response and token usage under the active span', async () => {
      // Prepare
      const langfuse = await capture();
      const tracer = lambdaTracer(langfuse.baseUrl);
      const model = fakeModel().respond(
        new AIMessage({
          content: 'reschedule BK-1042',
          usage_metadata: { input_tokens: 31, output_tokens: 7, total_tokens: 38 },
          response_metadata: { model_name: 'gemini-2.5-flash' },
        }),
      );
      // Act
      await tracer.span('intent_understanding', scope, {}, async () => {
        await model.invoke([new HumanMessage('move BK-1042 to Saturday')], {
          callbacks: tracer.langchainCallbacks(scope),
        });
      });
      await tracer.flush();
      // Assess
      const [parent] = langfuse.named('intent_understanding');
      const [generation] = langfuse.spans().filter((s) => s.attributes[LF.type] === 'generation');
      expect(generation?.parentSpanId).toBe(parent?.spanId);
      expect(generation?.traceId).toBe(parent?.traceId);
      expect(generation?.attributes[LF.model]).toBe('gemini-2.5-flash');
      expect(JSON.parse(String(generation?.attributes[LF.usage]))).toEqual({
        input: 31,
        output: 7,
        total: 38,
      });
      expect(String(generation?.attributes[LF.input])).toContain('move BK-1042 to Saturday');
      expect(String(generation?.attributes[LF.output])).toContain('reschedule BK-1042');
    });
  });

  describe('isolation', () => {
    it('keeps two live tracers apart: each exports only its own spans', async () => {
      // Prepare
      const [langfuseA, langfuseB] = [await capture(), await capture()];
      const [a, b] = [lambdaTracer(langfuseA.baseUrl), lambdaTracer(langfuseB.baseUrl)];
      // Act
      await Promise.all([
        a.startTrace('user_request', scope, async () => {
          await a.span('intent_understanding', scope, {}, async () => {});
        }),
        b.span('execution', scope, {}, async () => {
          await b.span('tool:getBooking', scope, {}, async () => {});
        }),
      ]);
      await Promise.all([a.flush(), b.flush()]);
      // Assess
      expect(
        langfuseA
          .spans()
          .map((s) => s.name)
          .sort(),
      ).toEqual(['intent_understanding', 'user_request']);
      expect(
        langfuseB
          .spans()
          .map((s) => s.name)
          .sort(),
      ).toEqual(['execution', 'tool:getBooking']);
    });

    it('runs work untraced after shutdown', async () => {
      const langfuse = await capture();
      const tracer = lambdaTracer(langfuse.baseUrl);
      await tracer.shutdown();
      await expect(tracer.span('execution', scope, {}, async () => 'done')).resolves.toBe('done');
      expect(langfuse.spans()).toEqual([]);
    });
  });

  describe('flush', () => {
    it('returns at the bound while Langfuse has not answered, and reports it', async () => {
      // Prepare
      const langfuse = await capture();
      langfuse.setMode('hang');
      const warn = vi.fn();
      const tracer = lambdaTracer(langfuse.baseUrl, 200, warn);
      // Act
      const result = await tracer.span('execution', scope, {}, async () => 'completed');
      await tracer.flush();
      // Assess: the export is still unanswered, so flush cannot have waited for it.
      expect(result).toBe('completed');
      expect(langfuse.held()).toBeGreaterThan(0);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining('flush incomplete'), {
        outcome: 'timed_out',
        bound_ms: 200,
      });
    });

    it('never fails the request when Langfuse is down (connection refused or 503)', async () => {
      // Prepare
      const unavailable = await capture();
      unavailable.setMode('unavailable');
      const targets = [await deadEndpoint(), unavailable.baseUrl];
      // Act
      const results = await Promise.all(
        targets.map(async (baseUrl) => {
          const tracer = lambdaTracer(baseUrl, 300);
          const value = await tracer.startTrace('user_request', scope, async () =>
            tracer.span('plan_generation', scope, {}, async () => 'plan'),
          );
          await tracer.flush();
          return value;
        }),
      );
      // Assess
      expect(results).toEqual(['plan', 'plan']);
      expect(unavailable.spans().length).toBeGreaterThan(0);
    });
  });
});
