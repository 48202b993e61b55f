import { describe, expect, it } from 'vitest';
import { EvalCase } from '../../eval/lib/case-schema.ts';
import { loadCases } from '../../eval/lib/load-cases.ts';

describe('eval/cases', () => {
  const cases = loadCases();

  it('holds at least 40 valid golden conversations with unique ids', () => {
    expect(cases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(cases.map((c) => c.id)).size).toBe(cases.length);
  });

  it('covers every scenario issue 8 asks for', () => {
    const tags = new Set(cases.flatMap((c) => c.tags));
    const required = [
      'reschedule',
      'guest-count',
      'contact',
      'ambiguous-name',
      'unknown-booking',
      'missing-guest-count',
      'relative-date',
      'change-of-mind',
      'french',
      'amend',
      'full-slot',
      'rollback',
      'blocking-prompt',
      'new-reservation',
      'payment-link',
    ];
    expect(required.filter((t) => !tags.has(t))).toEqual([]);
  });

  it('says why each case out of scope for the offline model is', () => {
    const outOfScope = cases.filter((c) => !c.offline_in_scope);
    expect(outOfScope.every((c) => (c.out_of_scope_reason ?? '').length > 20)).toBe(true);
  });
});

describe('EvalCase schema', () => {
  const minimal = {
    id: 'a-case',
    title: 'A case',
    tags: ['reschedule'],
    offline_in_scope: true,
    turns: [{ user: 'Move BK-1 to Saturday', expect: { kind: 'clarification' } }],
  };

  it('accepts a minimal case and fills the defaults', () => {
    const parsed = EvalCase.parse(minimal);

    expect(parsed.fixture).toEqual({ base: 'eval', bookings: [] });
    expect(parsed.database.payment_links).toBe(0);
  });

  it('rejects a misspelt expectation key instead of skipping the check', () => {
    const result = EvalCase.safeParse({
      ...minimal,
      turns: [{ user: 'x', expect: { kind: 'clarification', questoin: 'which' } }],
    });

    expect(result.success).toBe(false);
  });

  it('rejects an out-of-scope case without a reason, and a confirm of a turn that has no plan', () => {
    const noReason = EvalCase.safeParse({ ...minimal, offline_in_scope: false });
    const badConfirm = EvalCase.safeParse({ ...minimal, confirm: {}, outcome: { status: 'completed' } });

    expect(noReason.error?.issues.map((i) => i.path.join('.'))).toEqual(['out_of_scope_reason']);
    expect(badConfirm.error?.issues.map((i) => i.message)).toContain('no turn expects a plan to confirm');
  });
});
