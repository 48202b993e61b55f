import { describe, expect, it } from 'vitest';
import type { ChatReply } from '../../devkit/chat/service-client.ts';
import { TurnExpectation } from '../../eval/lib/case-schema.ts';
import { checkReply } from '../../eval/lib/check-reply.ts';

function aQuestion(extra: Partial<Extract<ChatReply, { kind: 'clarification' }>> = {}): ChatReply {
  return { kind: 'clarification', question: 'Which day would you like?', reply_type: 'question', ...extra };
}

describe('checkReply: asks_for (issue 30)', () => {
  const expectation = TurnExpectation.parse({ kind: 'clarification', question: 'which', asks_for: 'date' });

  it('passes a question that says it asks for the expected thing', () => {
    // Act
    const failures = checkReply(1, expectation, aQuestion({ asks_for: 'date' }));
    // Assess
    expect(failures).toEqual([]);
  });

  it('fails a question that asks for something else, or does not say', () => {
    // Act
    const other = checkReply(2, expectation, aQuestion({ asks_for: 'time' }));
    const unsaid = checkReply(2, expectation, aQuestion());
    // Assess
    expect(other).toEqual(['turn 2: the question asks for time, expected date']);
    expect(unsaid).toEqual(['turn 2: the question does not say what it asks for, expected date']);
  });
});
