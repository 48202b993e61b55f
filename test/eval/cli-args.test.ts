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

describe('the relay round flags: --shard, --sample/--seed, --rerecord, --json <file>', () => {
  it('reads them', () => {
    // Act
    const args = parseEvalArgs([
      '--provider',
      'relay',
      '--suite',
      'sealed',
      '--sample',
      '40',
      '--seed',
      '1',
      '--shard',
      '2/5',
      '--json',
      'out.json',
    ]);

    // Assess
    expect(args).toMatchObject({
      sample: 40,
      seed: 1,
      shard: { k: 2, n: 5 },
      json: false,
      jsonFile: 'out.json',
    });
    expect(parseEvalArgs(['--json']).json).toBe(true);
    expect(parseEvalArgs(['--json', '--case', 'x'])).toMatchObject({ json: true, case: ['x'] });
    expect(parseEvalArgs(['--json=r.json']).jsonFile).toBe('r.json');
    expect(
      parseEvalArgs(['--provider', 'relay', '--suite', 'blind', '--confirm', '--rerecord']).rerecord,
    ).toBe(true);
  });

  it.each([
    [['--shard', '3/2'], /--shard: must be k\/n with 1 ≤ k ≤ n ≤ 100/],
    [['--shard', '0/2'], /--shard/],
    [['--shard', 'two'], /--shard: must be k\/n, such as 2\/3/],
    [['--sample', '40'], /--sample and --seed go together/],
    [['--seed', '1'], /--sample and --seed go together/],
    [['--sample', '0', '--seed', '1'], /--sample/],
    [['--rerecord'], /--rerecord: re-records, so it needs --provider relay/],
    [
      ['--provider', 'relay', '--suite', 'blind', '--rerecord'],
      /--rerecord with --suite blind needs --confirm/,
    ],
    [['--suite', 'dates', '--shard', '1/2'], /not for --suite dates/],
  ])('refuses %j, naming the flag', (argv, message) => {
    expect(() => parseEvalArgs(argv)).toThrow(UsageError);
    expect(() => parseEvalArgs(argv)).toThrow(message);
  });
});
