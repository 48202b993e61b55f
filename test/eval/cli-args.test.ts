import { describe, expect, it } from 'vitest';
import { parseEvalArgs, UsageError } from '../../eval/lib/cli-args.ts';
import { pickCases } from '../../eval/lib/pick-cases.ts';

describe('parseEvalArgs: the relay and cassette flags', () => {
  it('reads provider, suite, record and cassettes, with their defaults', () => {
    expect(parseEvalArgs([])).toMatchObject({ provider: 'offline', suite: 'golden', record: false });
    expect(
      parseEvalArgs([
        '--provider',
        'relay',
        '--suite',
        'test/fixtures/cassettes',
        '--cassettes',
        '/tmp/c',
        '--timeout-ms',
        '3600000',
      ]),
    ).toMatchObject({
      provider: 'relay',
      suite: 'test/fixtures/cassettes',
      cassettes: '/tmp/c',
      timeoutMs: 3_600_000,
    });
    expect(parseEvalArgs(['--provider', 'gemini', '--record'])).toMatchObject({
      provider: 'gemini',
      record: true,
    });
  });

  it('refuses an unknown provider, naming the flag', () => {
    expect(() => parseEvalArgs(['--provider', 'openai'])).toThrow(UsageError);
    expect(() => parseEvalArgs(['--provider', 'openai'])).toThrow(/--provider/);
  });
});

describe('--case: a chosen set of cases (relay recordings)', () => {
  const cases = [{ id: 'reschedule-01' }, { id: 'reschedule-010' }, { id: 'guest-count-02' }];

  it('repeats, and an exact id picks that case only, a fragment every case containing it', () => {
    // Act
    const args = parseEvalArgs(['--case', 'reschedule-01', '--case', 'guest']);
    // Assess
    expect(args.case).toEqual(['reschedule-01', 'guest']);
    expect(pickCases(cases, args.case).map((c) => c.id)).toEqual(['reschedule-01', 'guest-count-02']);
    expect(pickCases(cases, ['reschedule']).map((c) => c.id)).toEqual(['reschedule-01', 'reschedule-010']);
    expect(pickCases(cases, undefined)).toHaveLength(3);
  });

  it('a text that picks nothing is an error naming it', () => {
    expect(() => pickCases(cases, ['guest', 'refund'])).toThrow(/no case id contains 'refund'/);
  });
});
