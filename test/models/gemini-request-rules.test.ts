import { fc, it } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { checkGeminiRequest } from '../../devkit/models/wire/gemini-request-rules.ts';
import type { Content } from '../../devkit/models/wire/gemini-wire.ts';
import { SignatureLedger } from '../../devkit/models/wire/signature-ledger.ts';
import { compliantConversation as compliant, withCalls } from '../fixtures/gemini-conversations.ts';
import {
  answer,
  call,
  declaration,
  geminiRequest,
  modelCalls,
  modelText,
  responses,
  userText,
} from '../fixtures/gemini-requests.ts';

const rulesOf = (contents: Content[]) => checkGeminiRequest(geminiRequest(contents)).map((v) => v.rule);

describe("checkGeminiRequest (the strict stub's rules)", () => {
  it.prop([compliant])('passes every compliant conversation', ({ contents }) => {
    expect(checkGeminiRequest(geminiRequest(contents))).toEqual([]);
  });

  describe('a function-call turn only right after a user turn or a function-response turn', () => {
    it.prop([withCalls, fc.nat()])(
      'refuses model text right before a call turn',
      ({ contents, callTurns }, n) => {
        // Prepare
        const at = callTurns[n % callTurns.length] ?? 0;
        const broken = [...contents.slice(0, at), modelText('Let me look.'), ...contents.slice(at)];

        // Act
        const rules = rulesOf(broken);

        // Assess
        expect(rules).toContain('call-after-user');
      },
    );

    it('refuses a conversation that opens with a call turn', () => {
      expect(rulesOf([modelCalls(call('searchBookings')), responses(answer('searchBookings'))])).toEqual([
        'call-after-user',
      ]);
    });
  });

  describe('function responses right after their call, only responses, answering exactly its calls', () => {
    it.prop([withCalls, fc.nat()])('refuses a missing response', ({ contents, callTurns }, n) => {
      const at = (callTurns[n % callTurns.length] ?? 0) + 1;
      const turn = contents[at] as Content;
      const broken = contents.with(at, { ...turn, parts: turn.parts.slice(1) });
      expect(rulesOf(broken)).toContain(turn.parts.length > 1 ? 'response-matches-calls' : 'non-empty-parts');
    });

    it.prop([withCalls, fc.nat()])(
      'refuses responses split over two turns (parallel calls)',
      ({ contents, callTurns }, n) => {
        // Prepare: LangChain 2.3 sends one user content per ToolMessage.
        const at = (callTurns[n % callTurns.length] ?? 0) + 1;
        const turn = contents[at] as Content;
        fc.pre(turn.parts.length > 1);
        const split = turn.parts.map((p) => responses(p));

        // Act
        const rules = rulesOf([...contents.slice(0, at), ...split, ...contents.slice(at + 1)]);

        // Assess
        expect(rules).toEqual(expect.arrayContaining(['response-matches-calls', 'response-after-call']));
      },
    );

    it.prop([withCalls, fc.nat()])(
      'refuses a response naming another function',
      ({ contents, callTurns }, n) => {
        const at = (callTurns[n % callTurns.length] ?? 0) + 1;
        const turn = contents[at] as Content;
        const broken = contents.with(at, {
          ...turn,
          parts: [answer('cancelBooking'), ...turn.parts.slice(1)],
        });
        expect(rulesOf(broken)).toEqual(['response-matches-calls']);
      },
    );

    it.prop([withCalls, fc.nat()])(
      'refuses text inside a function-response turn',
      ({ contents, callTurns }, n) => {
        const at = (callTurns[n % callTurns.length] ?? 0) + 1;
        const turn = contents[at] as Content;
        const broken = contents.with(at, { ...turn, parts: [...turn.parts, { text: 'and also…' }] });
        expect(rulesOf(broken)).toEqual(['response-only']);
      },
    );

    it.prop([withCalls, fc.nat()])(
      'refuses a call turn answered by user text',
      ({ contents, callTurns }, n) => {
        const at = (callTurns[n % callTurns.length] ?? 0) + 1;
        const broken = contents.with(at, userText('never mind'));
        expect(rulesOf(broken)).toContain('response-after-call');
      },
    );

    it('refuses a function-response turn after user text', () => {
      expect(rulesOf([userText(), responses(answer('searchBookings'))])).toEqual(['response-after-call']);
    });
  });

  describe('no request ending on a model turn', () => {
    it.prop([compliant, fc.boolean()])('refuses a trailing model turn', ({ contents }, withCall) => {
      const last = withCall ? modelCalls(call('searchBookings')) : modelText();
      expect(rulesOf([...contents, last])).toContain('ends-on-user');
    });
  });

  describe('non-empty parts', () => {
    it.prop([compliant, fc.nat()])('refuses a content without parts', ({ contents }, n) => {
      const at = n % contents.length;
      const broken = contents.with(at, { ...(contents[at] as Content), parts: [] });
      expect(rulesOf(broken)).toContain('non-empty-parts');
    });

    it('refuses an empty text part and an empty request', () => {
      expect(rulesOf([userText(''), modelText(), userText()])).toEqual(['non-empty-parts']);
      expect(rulesOf([])).toEqual(['non-empty-parts']);
    });
  });

  describe('tool declarations within the schema subset', () => {
    it.prop([
      fc.constantFrom(
        { additionalProperties: false },
        { anyOf: [{ type: 'string' }] },
        { const: 'x' },
        { $ref: '#/x' },
        { type: ['string', 'null'] },
        { format: 'email' },
        { enum: [1, 2] },
        { exclusiveMinimum: 0 },
        { pattern: '^bk_' },
      ),
    ])('refuses a forbidden construct', (extra) => {
      const request = geminiRequest([userText()], [declaration('getBooking', extra)]);
      expect(checkGeminiRequest(request).map((v) => v.rule)).toEqual(['schema-subset']);
    });

    it('refuses a function name Gemini does not accept', () => {
      const request = geminiRequest([userText()], [declaration('get booking')]);
      expect(checkGeminiRequest(request)).toEqual([
        expect.objectContaining({ rule: 'schema-subset', message: expect.stringContaining("'get booking'") }),
      ]);
    });
  });

  describe('thought signatures echoed back', () => {
    const issued = () => {
      const ledger = new SignatureLedger({ everyCallSigned: true });
      ledger.issue([call('searchBookings', { search_text: 'John' }, 'sig-1')]);
      return ledger;
    };
    const turn = (signature?: string) => [
      userText(),
      modelCalls(call('searchBookings', { search_text: 'John' }, signature)),
      responses(answer('searchBookings')),
    ];

    it('passes a request that carries the signature on its part', () => {
      expect(checkGeminiRequest(geminiRequest(turn('sig-1')), issued())).toEqual([]);
    });

    it('refuses a request that drops it, in the current turn and in an earlier one', () => {
      // Prepare
      const current = geminiRequest(turn());
      const earlier = geminiRequest([...turn(), modelText(), userText('and BK-1043?')]);

      // Act
      const rules = [current, earlier].map((r) => checkGeminiRequest(r, issued()).map((v) => v.rule));

      // Assess
      expect(rules).toEqual([['signature-echoed'], ['signature-echoed']]);
    });

    it('with a model that signs only some answers (Gemini 2.5): only the signed call must echo, until reset()', () => {
      // Prepare
      const partial = new SignatureLedger();
      partial.issue([call('searchBookings', { search_text: 'John' }, 'sig-1')]);
      const unsigned = [
        userText(),
        modelCalls(call('getBooking', { booking_id: 'bk_1' })),
        responses(answer('getBooking')),
      ];

      // Act
      const signedCallDropped = checkGeminiRequest(geminiRequest(turn()), partial).map((v) => v.rule);
      const otherCall = checkGeminiRequest(geminiRequest(unsigned), partial);
      partial.reset();
      const afterReset = checkGeminiRequest(geminiRequest(turn()), partial);

      // Assess
      expect([signedCallDropped, otherCall, afterReset]).toEqual([['signature-echoed'], [], []]);
    });

    it('refuses an unsigned call of the current turn once signatures are in use, and a forged signature', () => {
      const unsigned = [
        userText(),
        modelCalls(call('getBooking', { booking_id: 'bk_1' })),
        responses(answer('getBooking')),
      ];
      const forged = turn('sig-forged');
      expect(checkGeminiRequest(geminiRequest(unsigned), issued()).map((v) => v.rule)).toEqual([
        'signature-echoed',
      ]);
      expect(checkGeminiRequest(geminiRequest(forged), issued())[0]?.message).toMatch(
        /Corrupted thought signature/,
      );
    });
  });
});
