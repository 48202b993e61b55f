import { AIMessage, HumanMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { decodeHistory, encodeHistory, trimHistory } from '../../lib/planner/session/history-codec.ts';

const SIGNATURES = '__gemini_function_call_thought_signatures__';
const turn = (n: number) => [
  new HumanMessage(`message ${n}`),
  new AIMessage({
    content: '',
    tool_calls: [
      { id: `call-${n}`, name: 'searchBookings', args: { search_text: 'John' }, type: 'tool_call' },
    ],
    additional_kwargs: { [SIGNATURES]: { [`call-${n}`]: `sig-${n}` }, finishReason: 'STOP' },
  }),
  new ToolMessage({ tool_call_id: `call-${n}`, name: 'searchBookings', content: '{"bookings":[]}' }),
];

describe('session history codec', () => {
  it('round-trips tool calls and provider metadata (additional_kwargs) through plain JSON', () => {
    // Act
    const stored = JSON.parse(JSON.stringify(encodeHistory(turn(1))));
    const [human, ai, tool] = decodeHistory(stored);

    // Assess
    expect(human?.text).toBe('message 1');
    expect(AIMessage.isInstance(ai) && ai.tool_calls).toEqual([
      { id: 'call-1', name: 'searchBookings', args: { search_text: 'John' }, type: 'tool_call' },
    ]);
    expect(ai?.additional_kwargs).toEqual({ [SIGNATURES]: { 'call-1': 'sig-1' }, finishReason: 'STOP' });
    expect(ToolMessage.isInstance(tool) && [tool.tool_call_id, tool.name]).toEqual([
      'call-1',
      'searchBookings',
    ]);
  });

  it('masks emails and phones in every stored message: user words, model text, tool-call args, tool results', () => {
    // Prepare
    const history = [
      new HumanMessage('email is jane@new.com, phone 0412 345 678'),
      new AIMessage({
        content: [{ type: 'text', text: 'Setting jane@new.com' }],
        tool_calls: [
          {
            id: 'p',
            name: 'propose_plan',
            args: {
              steps: [
                {
                  action_id: 'updateContactDetails',
                  parameters: [
                    { name: 'email', value: 'jane@new.com' },
                    { name: 'guest_name', value: 'Jane Doe' },
                    { name: 'note', value: 'call +61 412 555 019' },
                  ],
                },
              ],
            },
            type: 'tool_call',
          },
        ],
        additional_kwargs: { [SIGNATURES]: { p: 'sig-p' } },
      }),
      new ToolMessage({
        tool_call_id: 'c',
        name: 'getBooking',
        content: '{"email":"john.smith@example.com","phone":"+61 412 555 019"}',
      }),
    ];

    // Act
    const text = JSON.stringify(encodeHistory(history));

    // Assess
    for (const raw of ['jane@new.com', 'john.smith@example.com', '412 555 019', '0412 345 678', 'Jane Doe']) {
      expect(text).not.toContain(raw);
    }
    expect(text).toContain('j***@new.com');
    expect(text).toContain('"sig-p"');
  });

  it('refuses a stored shape it never writes', () => {
    expect(() => decodeHistory([{ type: 'alien', data: { content: 'x' } }])).toThrow();
  });

  it('trims whole turns from the front and always keeps the latest turn whole', () => {
    const history = [...turn(1), ...turn(2), ...turn(3)];
    expect(trimHistory(history, 7).map((m) => m.text)).toEqual([
      'message 2',
      '',
      '{"bookings":[]}',
      'message 3',
      '',
      '{"bookings":[]}',
    ]);
    expect(trimHistory(history, 2).map((m) => m.text)).toEqual(['message 3', '', '{"bookings":[]}']);
    expect(trimHistory(history, 100)).toHaveLength(9);
  });
});
