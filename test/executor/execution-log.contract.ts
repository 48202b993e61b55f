import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { fromLoggedMessage, toLoggedMessage } from '../../lib/executor/message-codec.ts';
import {
  type ExecutionLog,
  type ExecutionRecord,
  StaleExecutionRecordError,
} from '../../lib/ports/execution-log.ts';

/** A Gemini-3-style turn: the thought signature lives in additional_kwargs and must come back untouched. */
export function aSignedTurn(): AIMessage {
  return new AIMessage({
    content: [{ type: 'text', text: 'calling the first step' }],
    additional_kwargs: { signatures: ['', 'Cs0BAVSoXO4+/thought==', ''], nested: { a: [1, { b: null }] } },
    tool_calls: [
      { id: 'call-1', name: 'rescheduleBooking', args: { booking_id: 'bk_1042' }, type: 'tool_call' },
    ],
  });
}

function aRecord(planId: string, seq: number): ExecutionRecord {
  return {
    plan_id: planId,
    seq,
    messages: [
      new SystemMessage('rules'),
      new HumanMessage('goal'),
      aSignedTurn(),
      new ToolMessage({ tool_call_id: 'call-1', content: '{"status":"succeeded"}' }),
    ].map(toLoggedMessage),
    pending: [
      {
        tool_call_id: 'call-2',
        name: 'ask_user',
        kind: 'ask',
        question: 'Which time?',
        ask_kind: 'missing_value',
        step_number: 1,
        parameter: 'start_time',
        re_asks: 0,
      },
    ],
    model_calls: 2,
    model_errors: 0,
    corrections: { '1': 1 },
    nudges: 0,
    after_answer: false,
    compensation_failures: { '3': 'the booking was changed by someone else' },
    // Versions returned by applied compensations, by step (the next compensation's If-Match).
    compensation_versions: { '2': 7 },
    updated_at: '2026-11-20T10:00:00.000Z',
    expires_at: 1_800_000_000,
  };
}

/** The ExecutionLog port's conformance suite (STYLE 6: one contract suite, run against every adapter). */
export function executionLogContract(name: string, makeLog: () => Promise<ExecutionLog>): void {
  describe(`ExecutionLog contract: ${name}`, () => {
    it('returns undefined for a plan without a log', async () => {
      const log = await makeLog();

      expect(await log.get('no-such-plan')).toBeUndefined();
    });

    it('round-trips a record, with provider metadata on messages intact', async () => {
      // Prepare
      const log = await makeLog();
      const record = aRecord('plan-a', 1);

      // Act
      await log.put(record, undefined);
      const read = await log.get('plan-a');

      // Assess
      expect(read).toEqual(record);
      const turn = fromLoggedMessage(read?.messages[2] ?? toLoggedMessage(new HumanMessage('x')));
      expect(turn.additional_kwargs).toEqual(aSignedTurn().additional_kwargs);
      expect(turn.content).toEqual(aSignedTurn().content);
    });

    it('writes only over the expected seq', async () => {
      // Prepare
      const log = await makeLog();
      await log.put(aRecord('plan-b', 1), undefined);

      // Act
      await log.put(aRecord('plan-b', 2), 1);
      const stale = log.put(aRecord('plan-b', 3), 1);
      const duplicateCreate = log.put(aRecord('plan-b', 1), undefined);

      // Assess
      await expect(stale).rejects.toBeInstanceOf(StaleExecutionRecordError);
      await expect(duplicateCreate).rejects.toBeInstanceOf(StaleExecutionRecordError);
      expect((await log.get('plan-b'))?.seq).toBe(2);
    });

    it('deletes a record, and deleting twice is harmless', async () => {
      const log = await makeLog();
      await log.put(aRecord('plan-c', 1), undefined);

      await log.delete('plan-c');
      await log.delete('plan-c');

      expect(await log.get('plan-c')).toBeUndefined();
    });
  });
}
