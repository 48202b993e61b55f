import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { writeSampleCorpus } from './sample-corpus.ts';

const run = promisify(execFile);

// Offline model, pinned clock: a guest-count change at each venue, one labelled right and one labelled with
// another count (so the executed plan changes state in a way the label does not allow: WRONG).
const CASES = `cases:
  - id: us-right
    venue: venue_lakeside
    turns: ["Change LK-1002 to 9 guests"]
    expect: { outcome: plan, state: { bookings: { bk_lee2: { partySize: 9 } } } }
  - id: au-wrong
    venue: venue_harbour
    turns: ["Change HL-2001 to 12 guests"]
    expect: { outcome: plan, state: { bookings: { bk_ngu3: { partySize: 14 } } } }
`;

describe('npm run eval -- --suite sealed --json', () => {
  it('runs each case with its venue operator and prints nothing but the JSON report', async () => {
    // Prepare
    const dir = writeSampleCorpus({ 'guest-count.yaml': CASES });
    // Act
    const out = await run('node_modules/.bin/tsx', [
      'eval/run.ts',
      '--suite',
      'sealed',
      '--corpus',
      dir,
      '--json',
    ]).catch((error: { stdout: string; code: number }) => ({ stdout: error.stdout, code: error.code }));
    // Assess
    const report = JSON.parse(out.stdout);
    expect(report.summary).toBe('1 right, 1 wrong, 0 miss');
    expect(
      report.results.map((r: { id: string; venue: string; verdict: { verdict: string } }) => [
        r.id,
        r.venue,
        r.verdict.verdict,
      ]),
    ).toEqual([
      ['us-right', 'venue_lakeside', 'right'],
      ['au-wrong', 'venue_harbour', 'wrong'],
    ]);
    expect(report.results[1].verdict).toMatchObject({
      failureClass: 'wrong state',
      reason: 'bk_ngu3.partySize expected 14, got 12',
    });
  });
});
