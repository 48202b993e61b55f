import { describe, expect, it } from 'vitest';
import { parseEvalArgs, UsageError } from '../../eval/lib/cli-args.ts';

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
