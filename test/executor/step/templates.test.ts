import { describe, expect, it } from 'vitest';
import { hasTemplate, resolveParameters, resolveValue } from '../../../lib/contracts/template-grammar.ts';
import { stepOutputLookup } from '../../../lib/executor/step/templates.ts';

const outputs = new Map<number, Record<string, unknown>>([
  [1, { booking_id: 'bk_1042', party_size: 12, notes: [{ note_id: 'n_1' }] }],
]);
const lookup = stepOutputLookup(outputs);

describe('resolveValue', () => {
  it('keeps the type of a whole-value placeholder', () => {
    // Act
    const resolved = resolveValue('{{step_1.party_size}}', lookup);

    // Assess
    expect(resolved).toEqual({ ok: true, value: 12 });
  });

  it('interpolates a placeholder inside text and reads dotted paths', () => {
    const resolved = resolveValue('note {{ step_1.notes.0.note_id }} on {{step_1.booking_id}}', lookup);

    expect(resolved).toEqual({ ok: true, value: 'note n_1 on bk_1042' });
  });

  it('reports a placeholder whose step or field was never recorded', () => {
    const resolved = resolveValue('{{step_2.booking_id}}', lookup);

    expect(resolved).toEqual({ ok: false, missing: ['{{step_2.booking_id}}'] });
  });

  it('leaves non-string values alone', () => {
    expect(resolveValue(4, lookup)).toEqual({ ok: true, value: 4 });
  });
});

describe('resolveParameters', () => {
  it('resolves request/response/before templates and lists what is missing', () => {
    // Prepare
    const sources: Record<string, Record<string, unknown>> = {
      request: { booking_id: 'bk_1' },
      before: { date: '2026-12-12' },
    };

    // Act
    const { values, missing } = resolveParameters(
      { booking_id: '{{request.booking_id}}', date: '{{before.date}}', start_time: '{{before.start_time}}' },
      (scope, path) => sources[scope]?.[path],
    );

    // Assess
    expect(values).toEqual({ booking_id: 'bk_1', date: '2026-12-12' });
    expect(missing).toEqual({ start_time: ['{{before.start_time}}'] });
  });
});

describe('hasTemplate', () => {
  it('tells templates from plain values', () => {
    expect(hasTemplate('{{step_1.booking_id}}')).toBe(true);
    expect(hasTemplate('bk_1042')).toBe(false);
    expect(hasTemplate(3)).toBe(false);
  });
});
