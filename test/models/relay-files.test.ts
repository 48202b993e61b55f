import { fc, it } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { readRelayAnswer } from '../../devkit/models/relay/relay-answer.ts';
import { requestMarkdown } from '../../devkit/models/relay/request-markdown.ts';
import {
  answer,
  call,
  declaration,
  geminiRequest,
  modelCalls,
  responses,
  userText,
} from '../fixtures/gemini-requests.ts';

const request = geminiRequest(
  [
    userText('Move John Smith to Saturday'),
    modelCalls(call('searchBookings', { search_text: 'John Smith' })),
    responses(
      answer('searchBookings', JSON.stringify({ bookings: [{ booking_id: 'bk_1042', party_size: 12 }] })),
    ),
  ],
  [declaration('searchBookings', { maxLength: 40 }), declaration('propose_plan')],
);

/** Argument names as a model writes them (`__proto__` is not one: zod's record drops it as a key). */
const argName = fc.string().filter((k) => k !== '__proto__');

describe('readRelayAnswer', () => {
  it.prop([
    fc.array(
      fc.record({
        name: fc.constantFrom('searchBookings', 'propose_plan'),
        args: fc.dictionary(argName, fc.jsonValue()),
      }),
      {
        minLength: 1,
        maxLength: 3,
      },
    ),
    fc.option(fc.string({ minLength: 1 }), { nil: undefined }),
  ])(
    'turns the simple shape into a model turn: text first, then the calls in order, with stable ids',
    (calls, text) => {
      // Act
      const read = readRelayAnswer({ ...(text ? { text } : {}), functionCalls: calls }, request, 4);

      // Assess
      if (!read.ok) throw new Error(read.problems.join('; '));
      expect(read.response.candidates[0]?.content?.parts).toEqual([
        ...(text ? [{ text }] : []),
        ...calls.map((c, i) => ({ functionCall: { name: c.name, args: c.args, id: `relay-4-${i + 1}` } })),
      ]);
    },
  );

  it("accepts Gemini's own response shape", () => {
    const gemini = { candidates: [{ content: { role: 'model', parts: [{ text: 'Done.' }] } }] };
    expect(readRelayAnswer(gemini, request, 1)).toMatchObject({ ok: true, response: gemini });
  });

  it('names every problem of a bad answer', () => {
    expect(readRelayAnswer({ functionCalls: [{ name: 'cancelBooking', args: {} }] }, request, 1)).toEqual({
      ok: false,
      problems: [
        "functionCalls[0].name: 'cancelBooking' is not one of the declared tools (searchBookings, propose_plan)",
      ],
    });
    expect(readRelayAnswer({}, request, 1)).toEqual({
      ok: false,
      problems: ['(answer): give "text", "functionCalls" (at least one call), or both'],
    });
    expect(
      readRelayAnswer({ functionCalls: [{ name: 'searchBookings', arguments: {} }] }, request, 1),
    ).toMatchObject({
      ok: false,
      problems: [expect.stringContaining('arguments')],
    });
  });
});

describe('requestMarkdown', () => {
  it('shows the system instruction, the tools, the turns with results parsed, and where and how to answer', () => {
    // Act
    const md = requestMarkdown(request, {
      conversation: 'case-1',
      seq: 3,
      answerPath: '/relay/case-1/3.response.json',
      timeoutMs: 1_800_000,
    });

    // Assess
    expect(md).toContain('# Model request 3 · conversation `case-1`');
    expect(md).toContain('    /relay/case-1/3.response.json');
    expect(md).toContain('You plan booking changes.');
    expect(md).toContain('### searchBookings');
    expect(md).toContain('- `booking_id` (string, required, maxLength 40): Booking id');
    expect(md).toContain('> Move John Smith to Saturday');
    expect(md).toContain('- call `searchBookings` `{"search_text":"John Smith"}`');
    expect(md).toContain('"booking_id": "bk_1042"');
    expect(md).toContain('{"functionCalls": [{"name":"searchBookings","args":{"booking_id":"…"}}]}');
    expect(md).toContain('The relay waits 30 min');
  });
});
