import { AIMessage, ChatMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromLoggedMessage, toLoggedMessage } from '../../lib/executor/message-codec.ts';
import type { LoggedMessage } from '../../lib/ports/execution-log.ts';

/** A LoggedMessage as the codec writes it: optional fields only when defined and non-empty. */
const loggedMessage: fc.Arbitrary<LoggedMessage> = fc
  .record(
    {
      type: fc.constantFrom('system', 'human', 'ai', 'tool'),
      content: fc.oneof(
        fc.string(),
        fc.array(fc.record({ type: fc.constant('text'), text: fc.string() }), { maxLength: 2 }),
      ),
      id: fc.string({ minLength: 1, maxLength: 6 }),
      name: fc.string({ minLength: 1, maxLength: 6 }),
      additional_kwargs: fc.dictionary(fc.constantFrom('signature', 'x'), fc.string(), { minKeys: 1 }),
      response_metadata: fc.dictionary(fc.constantFrom('finish', 'y'), fc.string(), { minKeys: 1 }),
      tool_calls: fc.array(
        fc.record({
          id: fc.string({ minLength: 1, maxLength: 4 }),
          name: fc.string({ minLength: 1, maxLength: 6 }),
          args: fc.dictionary(fc.string({ minLength: 1, maxLength: 3 }), fc.integer()),
        }),
        { minLength: 1, maxLength: 3 },
      ),
      tool_call_id: fc.string({ minLength: 1, maxLength: 4 }),
    },
    { requiredKeys: ['type', 'content'] },
  )
  .map((m) => {
    const { tool_calls, tool_call_id, ...rest } = m;
    if (m.type === 'ai') return { ...rest, ...(tool_calls ? { tool_calls } : {}) } as LoggedMessage;
    if (m.type === 'tool') return { ...rest, tool_call_id: tool_call_id ?? 'call-1' } as LoggedMessage;
    return rest as LoggedMessage;
  });

describe('message codec: the checkpoint keeps the conversation losslessly and compactly', () => {
  it('logging a restored message gives back exactly the logged form (the codec is an exact inverse)', () => {
    fc.assert(
      fc.property(loggedMessage, (logged) => {
        // Act
        const back = toLoggedMessage(fromLoggedMessage(structuredClone(logged)));

        // Assess
        expect(back).toEqual(logged);
      }),
      { numRuns: 60 },
    );
  });

  it('restores each type as its LangChain class, with tool call ids and thought signatures', () => {
    // Prepare
    const logged: LoggedMessage[] = [
      { type: 'system', content: 'rules' },
      { type: 'human', content: 'go' },
      {
        type: 'ai',
        content: '',
        additional_kwargs: { signature: 'sig-1' },
        tool_calls: [{ id: 'c1', name: 'updateGuestCount', args: { party_size: 9 } }],
      },
      { type: 'tool', content: 'ok', name: 'updateGuestCount', tool_call_id: 'c1' },
    ];

    // Act
    const restored = logged.map(fromLoggedMessage);

    // Assess
    expect(restored.map((m) => m.constructor)).toEqual([SystemMessage, HumanMessage, AIMessage, ToolMessage]);
    expect((restored[2] as AIMessage).tool_calls).toEqual([
      { id: 'c1', name: 'updateGuestCount', args: { party_size: 9 }, type: 'tool_call' },
    ]);
    expect(restored[2]?.additional_kwargs).toEqual({ signature: 'sig-1' });
    expect((restored[3] as ToolMessage).tool_call_id).toBe('c1');
    expect(restored[3]?.name).toBe('updateGuestCount');
  });

  it('drops empty optional fields: no id, no name, no empty kwargs or metadata, no empty tool call list', () => {
    // Prepare
    const ai = new AIMessage({
      content: 'done',
      additional_kwargs: {},
      response_metadata: {},
      tool_calls: [],
    });
    const human = new HumanMessage({ content: 'hi', id: '', name: '' });

    // Act / Assess
    expect(toLoggedMessage(ai)).toStrictEqual({ type: 'ai', content: 'done' });
    expect(toLoggedMessage(human)).toStrictEqual({ type: 'human', content: 'hi' });
    expect(toLoggedMessage(new SystemMessage('s'))).toStrictEqual({ type: 'system', content: 's' });
  });

  it('keeps a tool call without id as an empty id, and a tool message with its call id', () => {
    // Prepare
    const ai = new AIMessage({
      content: '',
      tool_calls: [{ name: 'getBooking', args: { booking_id: 'b' } }],
    });
    const tool = new ToolMessage({ content: 'r', tool_call_id: 'c9' });

    // Act / Assess
    expect(toLoggedMessage(ai)).toStrictEqual({
      type: 'ai',
      content: '',
      tool_calls: [{ id: '', name: 'getBooking', args: { booking_id: 'b' } }],
    });
    expect(toLoggedMessage(tool)).toStrictEqual({ type: 'tool', content: 'r', tool_call_id: 'c9' });
  });

  it('restores a tool message logged without a call id with an empty one', () => {
    // Act
    const restored = fromLoggedMessage({ type: 'tool', content: 'r' });

    // Assess
    expect((restored as ToolMessage).tool_call_id).toBe('');
  });

  it('refuses to log a message type the executor never writes', () => {
    // Act / Assess
    expect(() => toLoggedMessage(new ChatMessage('x', 'critic'))).toThrow(
      new TypeError('cannot log a generic message'),
    );
  });

  it('copies the content, so a later edit of the message does not change the log', () => {
    // Prepare
    const blocks = [{ type: 'text', text: 'a' }];
    const message = new HumanMessage({ content: blocks, additional_kwargs: { k: { deep: 1 } } });

    // Act
    const logged = toLoggedMessage(message);
    blocks[0] = { type: 'text', text: 'changed' };
    (message.additional_kwargs.k as { deep: number }).deep = 2;

    // Assess
    expect(logged).toEqual({
      type: 'human',
      content: [{ type: 'text', text: 'a' }],
      additional_kwargs: { k: { deep: 1 } },
    });
  });
});
