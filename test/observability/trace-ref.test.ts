import { TraceFlags } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { randomTraceRef } from '../../lib/observability/random-trace-ref.ts';
import { isValidTraceRef, remoteParent, storedTraceRef } from '../../lib/observability/trace-ref.ts';

describe('trace-ref', () => {
  describe('randomTraceRef', () => {
    it('returns W3C-valid, distinct ids', () => {
      const [a, b] = [randomTraceRef(), randomTraceRef()];
      expect(a.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(a.rootSpanId).toMatch(/^[0-9a-f]{16}$/);
      expect(isValidTraceRef(a)).toBe(true);
      expect(a).not.toEqual(b);
    });
  });

  describe('isValidTraceRef', () => {
    it('rejects wrong lengths and all-zero ids', () => {
      expect(isValidTraceRef({ traceId: 'abc', rootSpanId: '0123456789abcdef' })).toBe(false);
      expect(isValidTraceRef({ traceId: '0'.repeat(32), rootSpanId: '0123456789abcdef' })).toBe(false);
    });
  });

  describe('remoteParent', () => {
    it('turns the stored root into a sampled remote parent', () => {
      const ref = randomTraceRef();
      expect(remoteParent(ref)).toEqual({
        traceId: ref.traceId,
        spanId: ref.rootSpanId,
        traceFlags: TraceFlags.SAMPLED,
        isRemote: true,
      });
    });
  });

  describe('storedTraceRef', () => {
    it('reads the reference off a plan, or nothing when half of it is missing', () => {
      expect(storedTraceRef({ trace_id: 't', trace_root_span_id: 's' })).toEqual({
        traceId: 't',
        rootSpanId: 's',
      });
      expect(storedTraceRef({ trace_id: 't' })).toBeUndefined();
    });
  });
});
