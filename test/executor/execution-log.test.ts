import { AIMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { InMemoryExecutionLog } from '../../devkit/adapters/memory/in-memory-execution-log.ts';
import { fromLoggedMessage, toLoggedMessage } from '../../lib/executor/message-codec.ts';
import { aSignedTurn, executionLogContract } from './execution-log.contract.ts';

executionLogContract('in-memory', async () => new InMemoryExecutionLog());

describe('message codec', () => {
  it('round-trips an AI turn with tool calls, ids and additional_kwargs', () => {
    // Prepare
    const turn = aSignedTurn();

    // Act
    const back = fromLoggedMessage(JSON.parse(JSON.stringify(toLoggedMessage(turn))));

    // Assess
    expect(back).toBeInstanceOf(AIMessage);
    expect(back.additional_kwargs).toEqual(turn.additional_kwargs);
    expect((back as AIMessage).tool_calls).toEqual(turn.tool_calls);
  });
});
