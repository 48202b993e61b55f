import { SpanStatusCode } from '@opentelemetry/api';
import { InMemorySpanExporter, NodeTracerProvider, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-node';
import { afterEach, describe, expect, it } from 'vitest';
import {
  MASKED_BY_LANGFUSE,
  maskSpanData,
  SanitizingSpanProcessor,
  sanitizeAttribute,
} from '../../lib/observability/span-sanitizer.ts';

describe('SanitizingSpanProcessor', () => {
  const exporter = new InMemorySpanExporter();
  const provider = new NodeTracerProvider({
    spanProcessors: [new SanitizingSpanProcessor(new SimpleSpanProcessor(exporter), MASKED_BY_LANGFUSE)],
  });
  afterEach(() => exporter.reset());

  describe('onEnd', () => {
    it('sanitizes flattened metadata, status messages and event attributes before export', () => {
      // Prepare
      const span = provider.getTracer('test').startSpan('tool:updateContact');
      span.setAttributes({
        'langfuse.observation.metadata.email': 'ann@example.com',
        'langfuse.observation.metadata.user_token': 'CANARY-2',
        'langfuse.observation.metadata.note': 'call 0412 345 678',
        'langfuse.observation.status_message': 'failed for ann@example.com',
        'user.id': '123456789012',
        'langfuse.observation.usage_details': '{"input":12}',
      });
      span.addEvent('exception', { 'exception.message': 'Bearer CANARY-2 rejected' });
      span.setStatus({ code: SpanStatusCode.ERROR, message: 'ann@example.com not found' });
      // Act
      span.end();
      // Assess
      const [exported] = exporter.getFinishedSpans();
      expect(exported?.attributes).toEqual({
        'langfuse.observation.metadata.email': 'a***@example.com',
        'langfuse.observation.metadata.note': 'call ***78',
        'langfuse.observation.status_message': 'failed for a***@example.com',
        'user.id': '123456789012',
        'langfuse.observation.usage_details': '{"input":12}',
      });
      expect(exported?.status.message).toBe('a***@example.com not found');
      expect(exported?.events[0]?.attributes).toEqual({ 'exception.message': 'Bearer [redacted] rejected' });
    });

    it('leaves the attributes Langfuse masks itself to the mask function', () => {
      const span = provider.getTracer('test').startSpan('x');
      span.setAttribute('langfuse.observation.input', '{"email":"ann@example.com"}');
      span.end();
      expect(exporter.getFinishedSpans()[0]?.attributes['langfuse.observation.input']).toBe(
        '{"email":"ann@example.com"}',
      );
    });
  });
});

describe('maskSpanData', () => {
  it('masks JSON strings by key and drops secrets', () => {
    expect(maskSpanData({ data: '{"phone":"0412 345 678","token":"CANARY-3","date":"2026-12-12"}' })).toBe(
      '{"phone":"***78","date":"2026-12-12"}',
    );
  });

  it('masks non-string data structurally', () => {
    expect(maskSpanData({ data: { guest_name: 'Ann Lee' } })).toEqual({ guest_name: 'A*** L***' });
  });
});

describe('sanitizeAttribute', () => {
  it('masks string arrays element by element and keeps numbers', () => {
    expect(sanitizeAttribute('langfuse.trace.tags', ['ann@example.com', 'ok'])).toEqual([
      'a***@example.com',
      'ok',
    ]);
    expect(sanitizeAttribute('gen_ai.usage.input_tokens', 12)).toBe(12);
  });
});
