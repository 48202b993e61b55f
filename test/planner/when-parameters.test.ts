import { describe, expect, it } from 'vitest';
import { whenReader } from '../../lib/planner/gate/when-parameters.ts';

/** Wednesday 11 March 2026, 12:00 in Sydney (AEDT, UTC+11). */
const venue = { now: new Date('2026-03-11T01:00:00Z'), timeZone: 'Australia/Sydney', locale: 'en-AU' };

describe('whenReader: datetime parameters (001: UTC on the wire, said on the venue’s clock)', () => {
  it('sends the UTC instant of the day and time the user said at the venue', () => {
    expect(whenReader(venue, undefined).read('datetime', 'Saturday at 3pm')).toEqual({
      kind: 'value',
      value: '2026-03-14T04:00:00Z',
    });
  });

  it('asks which time is meant when the clocks skip it or pass it twice, instead of moving or picking it', () => {
    // Forward at 02:00 on Sun 4 Oct 2026 (02:30 never happens), back at 03:00 on Sun 5 Apr 2026 (it happens twice).
    for (const phrase of ['Sunday 4 October at 02:30', 'Sunday 5 April at 02:30']) {
      expect(whenReader(venue, undefined).read('datetime', phrase)).toEqual({
        kind: 'ask',
        question: {
          question: `“${phrase}”: the clocks change at 02:30 that day in the venue's timezone, so it is not one moment. Which time do you mean?`,
          suggestions: [],
          unclear: 'time',
        },
      });
    }
  });
});
