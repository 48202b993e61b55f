import { fc, it } from '@fast-check/vitest';
import { describe, expect } from 'vitest';
import { checkGeminiRequest } from '../../devkit/models/wire/gemini-request-rules.ts';
import type { Content } from '../../devkit/models/wire/gemini-wire.ts';
import { mergeTurns } from '../../lib/models/gemini-turns.ts';
import { compliantConversation } from '../fixtures/gemini-conversations.ts';
import { geminiRequest } from '../fixtures/gemini-requests.ts';

type Turn = Content & { role: string };

/** What @langchain/google-genai 2.3.2 sends: one user content per ToolMessage, and empty model replies kept. */
function asLangChainSendsIt(contents: Turn[], emptyAt: number[]): Turn[] {
  const split = contents.flatMap((c): Turn[] =>
    c.parts.every((p) => p.functionResponse) ? c.parts.map((p) => ({ role: c.role, parts: [p] })) : [c],
  );
  for (const at of emptyAt.sort((a, b) => b - a)) {
    // An empty reply only ever follows a user turn (the model answered it with nothing).
    if (split[at]?.role === 'user' && split[at + 1]?.role === 'user') {
      split.splice(at + 1, 0, { role: 'model', parts: [{ text: '' }] }, { role: 'model', parts: [] });
    }
  }
  return split;
}

const flatParts = (contents: readonly Content[]) =>
  contents.flatMap((c) => c.parts).filter((p) => p.text !== '');

describe('mergeTurns (GeminiChatModel repairs what LangChain sends)', () => {
  it.prop([compliantConversation, fc.array(fc.nat({ max: 30 }), { maxLength: 3 })])(
    'turns every LangChain-shaped conversation into one Gemini accepts, parts unchanged and in order',
    ({ contents }, emptyAt) => {
      // Prepare
      const sent = asLangChainSendsIt(contents as Turn[], emptyAt);

      // Act
      const repaired = mergeTurns(sent);

      // Assess
      expect(checkGeminiRequest(geminiRequest(repaired))).toEqual([]);
      expect(flatParts(repaired)).toEqual(flatParts(sent));
    },
  );

  it('never merges a function response into a user text turn', () => {
    const contents: Turn[] = [
      { role: 'user', parts: [{ text: 'Move BK-1042' }] },
      { role: 'model', parts: [{ functionCall: { name: 'propose_plan', args: {} } }] },
      { role: 'user', parts: [{ functionResponse: { name: 'propose_plan', response: {} } }] },
      { role: 'user', parts: [{ text: 'actually Sunday' }] },
    ];
    expect(mergeTurns(contents)).toEqual(contents);
  });
});
