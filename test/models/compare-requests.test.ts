import { fc, it } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { readCassette } from '../../devkit/models/cassette/cassette-files.ts';
import { compareRequests } from '../../devkit/models/cassette/compare-requests.ts';
import { type NormalizedRequest, normalizeRequest } from '../../devkit/models/cassette/normalize-request.ts';
import {
  answer,
  call,
  declaration,
  geminiRequest,
  modelCalls,
  responses,
  userText,
} from '../fixtures/gemini-requests.ts';

/**
 * A recorded planner request from a fixture cassette (recorded through the relay, never written by hand): the first
 * and only one, with the prefetched search and availability (issue 32).
 */
const recorded = readCassette(
  new URL('../fixtures/cassettes/golden/reschedule-by-reference-saturday-3pm.cassette.json', import.meta.url)
    .pathname,
).interactions[0]?.request as NormalizedRequest;
const copy = (): NormalizedRequest => structuredClone(recorded);

/** The prose of a request (system instruction, turn text, descriptions) rewritten by `change`. */
function mapProse(value: unknown, change: (s: string) => string, key = ''): unknown {
  if (typeof value === 'string')
    return ['system', 'text', 'description'].includes(key) ? change(value) : value;
  if (Array.isArray(value)) return value.map((v) => mapProse(v, change, key));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapProse(v, change, k)]));
}

describe('normalizeRequest', () => {
  it('replaces volatile ids and timestamps, drops call ids and signatures, parses function results', () => {
    // Prepare
    const request = geminiRequest([
      userText('Move BK-1042'),
      modelCalls({
        ...call('getBooking', { booking_id: 'bk_1' }, 'sig-1'),
        functionCall: { name: 'getBooking', args: { booking_id: 'bk_1' }, id: 'fc-9' },
      }),
      responses(
        answer(
          'getBooking',
          JSON.stringify({
            plan_id: '0b3c2a6e-7d1f-4c1e-9a55-1f2e3d4c5b6a',
            updated_at: '2026-11-23T10:00:00.000Z',
          }),
        ),
      ),
    ]);

    // Act
    const normalized = normalizeRequest(request);

    // Assess
    expect(normalized.contents.slice(1)).toEqual([
      { role: 'model', parts: [{ call: { name: 'getBooking', args: { booking_id: 'bk_1' } } }] },
      {
        role: 'user',
        parts: [
          {
            response: {
              name: 'getBooking',
              response: { result: { plan_id: '<uuid>', updated_at: '<timestamp>' } },
            },
          },
        ],
      },
    ]);
  });
});

describe('compareRequests', () => {
  it('finds nothing between a request and itself, whatever its whitespace', () => {
    fc.assert(
      fc.property(fc.constantFrom(' ', '  ', '\n', '\t '), (space) => {
        const respaced = mapProse(
          copy(),
          (s) => `${space}${s.replace(/ /g, space)}${space}`,
        ) as NormalizedRequest;
        expect(compareRequests(recorded, respaced)).toEqual({ breaking: [] });
      }),
    );
  });

  it('breaks on a changed tool declaration, naming the path', () => {
    // Prepare
    const changed = copy();
    const search = changed.tools.find((t) => t.name === 'searchBookings');
    if (!search) throw new Error('fixture cassette lacks searchBookings');
    search.description = 'Find bookings by anything at all';

    // Act
    const diff = compareRequests(recorded, changed);

    // Assess
    expect(diff.breaking).toEqual([
      expect.stringMatching(/^tools\.searchBookings\.description: ".*→ "Find bookings by anything at all"$/),
    ]);
  });

  it('breaks on an added or removed tool', () => {
    const changed = copy();
    changed.tools = [
      ...changed.tools.filter((t) => t.name !== 'getAvailability'),
      declaration('exportBookings'),
    ];
    expect(compareRequests(recorded, changed).breaking).toEqual([
      'tools: getAvailability removed',
      'tools: exportBookings added',
    ]);
  });

  it('breaks on a changed function result, and on a changed conversation shape', () => {
    // Prepare
    const value = copy();
    const part = value.contents[2]?.parts[0];
    if (!part || !('response' in part))
      throw new Error('fixture cassette: the third turn is a function response');
    // Issue 14: a lookup result is a booking-data block (quoted JSON in a string), so a changed result is a changed text.
    part.response.response = { result: '<booking_data>{"bookings":[]}</booking_data>' };
    const shape = copy();
    shape.contents.push({ role: 'user', parts: [{ text: 'and BK-1043?' }] });

    // Act
    const [byValue, byShape] = [value, shape].map((r) => compareRequests(recorded, r).breaking);

    // Assess
    expect(byValue).toEqual([
      expect.stringMatching(
        /^contents\[2\] \(user:response\(searchBookings\)\)\.parts\[0\]\.response\.response\.result: "<booking_data>\{.*bk_miachen.* → "<booking_data>\{\\"bookings\\":\[\]\}<\/booking_data>"$/,
      ),
    ]);
    expect(byShape).toEqual([
      'conversation shape: recorded [user:text, model:call(searchBookings), user:response(searchBookings), model:call(getAvailability), user:response(getAvailability)]',
      '                    now      [user:text, model:call(searchBookings), user:response(searchBookings), model:call(getAvailability), user:response(getAvailability), user:text]',
    ]);
  });

  it('fails a reworded system instruction as breaking, with its changed line (issue 31: no more drift)', () => {
    // Prepare
    const changed = copy();
    changed.system = `${changed.system ?? ''}\nNever compute dates yourself.`;

    // Act
    const diff = compareRequests(recorded, changed);

    // Assess
    expect(diff).toEqual({ breaking: ['system instruction:', '  + Never compute dates yourself.'] });
  });
});
