import { describe, expect, it } from 'vitest';
import type { Cassette } from '../../devkit/models/cassette/cassette.ts';
import { cassettePlayer } from '../../devkit/models/cassette/cassette-player.ts';
import { normalizeRequest } from '../../devkit/models/cassette/normalize-request.ts';
import type { ModelCall } from '../../devkit/models/wire/model-endpoint.ts';
import { call, geminiRequest, modelCalls, userText } from '../fixtures/gemini-requests.ts';

/** The request a planner sends, recorded once; `system` rewords its system instruction. */
function plannerRequest(system = 'You plan booking changes.') {
  return { ...geminiRequest([userText()]), systemInstruction: { role: 'system', parts: [{ text: system }] } };
}

/** A one-request cassette of case `reschedule-by-name` (built here: committed cassettes are never edited). */
function recordedCassette(): Cassette {
  return {
    format: 1,
    suite: 'golden',
    case: 'reschedule-by-name',
    trial: 1,
    recorded_with: 'relay',
    model: 'gemini-2.5-flash',
    verdict: { passed: true, failures: [] },
    interactions: [
      {
        request: normalizeRequest(plannerRequest()),
        response: {
          candidates: [{ content: modelCalls(call('searchBookings', { search_text: 'BK-1042' })) }],
        },
      },
    ],
  } as Cassette;
}

function modelCall(request: ReturnType<typeof plannerRequest>): ModelCall {
  return {
    model: 'gemini-2.5-flash',
    apiKey: undefined,
    request,
    signal: new AbortController().signal,
  } as ModelCall;
}

describe('cassettePlayer', () => {
  describe('respond', () => {
    it('answers the recorded request with the recorded answer', async () => {
      // Prepare
      const player = cassettePlayer(() => recordedCassette());

      // Act
      const reply = await player.respond(modelCall(plannerRequest()), {
        conversation: 'reschedule-by-name',
        seq: 1,
      });

      // Assess
      expect(reply.ok).toBe(true);
      expect(player.finish('reschedule-by-name')).toEqual({ problems: [] });
    });

    it('fails a changed system prompt with a 400 that names the cassette to re-record through the relay', async () => {
      // Prepare
      const player = cassettePlayer(() => recordedCassette());
      const reworded = plannerRequest('You plan booking changes. Never compute dates yourself.');

      // Act
      const reply = await player.respond(modelCall(reworded), { conversation: 'reschedule-by-name', seq: 1 });
      const report = player.finish('reschedule-by-name');

      // Assess
      expect(reply).toEqual({
        ok: false,
        code: 400,
        message: `cassette reschedule-by-name: ${report.problems[0]}`,
      });
      expect(report.problems).toEqual([
        [
          'request 1 of 1 differs from the recording:',
          '  system instruction:',
          '    + You plan booking changes. Never compute dates yourself.',
          '    - You plan booking changes.',
          're-record cassette golden/reschedule-by-name through the relay: ' +
            'npm run eval -- --provider relay --suite golden --case reschedule-by-name ' +
            '(docs/models.md, "Relay: playing the model yourself")',
        ].join('\n'),
      ]);
    });
  });
});
