import { END } from '@langchain/langgraph';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  afterAgent,
  afterAnswer,
  afterAsk,
  afterFinish,
  afterTools,
  routeStart,
} from '../../../lib/executor/graph/routers.ts';
import type { PlannedCall } from '../../../lib/ports/execution-log.ts';
import { aGraphState, calls, lastMessages, outcomes, planWithDone } from '../../support/graph-states.ts';

const aCall = fc.constantFrom<() => PlannedCall>(calls.step, calls.ask, calls.refused, calls.deferred);
const anyState = fc
  .record({
    outcome: fc.constantFrom(...Object.keys(outcomes)),
    pending: fc.array(aCall, { maxLength: 4 }),
    done: fc.integer({ min: 0, max: 2 }),
    answer: fc.option(fc.constantFrom('16', ''), { nil: undefined }),
    prompt: fc.option(fc.constant('What should it be?'), { nil: undefined }),
    last: fc.constantFrom(...Object.keys(lastMessages)),
  })
  .map((r) => {
    const plan = planWithDone(r.done);
    return aGraphState({
      outcome: outcomes[r.outcome],
      pending: r.pending.map((c) => c()),
      plan: {
        ...plan,
        ...(r.answer !== undefined ? { blocking_answer: r.answer } : {}),
        ...(r.prompt !== undefined ? { blocking_prompt: r.prompt } : {}),
      },
      messages: lastMessages[r.last],
    });
  });

/** The executor graph's edges (routers.ts): a decided failure always rolls back; then the state decides. */
describe('executor graph routers', () => {
  it('send every decided failure to roll_back, whatever else the state holds', () => {
    fc.assert(
      fc.property(anyState, (s) => {
        const failed = s.outcome.kind === 'failed';
        expect(routeStart(s) === 'roll_back').toBe(failed);
        expect(afterAnswer(s) === 'roll_back').toBe(failed);
        expect(afterAgent(s) === 'roll_back').toBe(failed);
        expect(afterTools(s) === 'roll_back').toBe(failed);
        expect(afterAsk(s)).toBe(failed ? 'roll_back' : END);
        expect(afterFinish(s)).toBe(failed ? 'roll_back' : END);
      }),
    );
  });

  it('start: a stored answer to a pending question is received; a pending question still shown is asked', () => {
    // Prepare
    const waiting = (pending: PlannedCall[], answer?: string, prompt?: string) =>
      aGraphState({
        pending,
        plan: {
          ...planWithDone(0),
          ...(answer !== undefined ? { blocking_answer: answer } : {}),
          ...(prompt !== undefined ? { blocking_prompt: prompt } : {}),
        },
      });

    // Act + Assess: the answer is read only once the prompt was cleared by the answer use case.
    expect(routeStart(waiting([calls.ask()], '16'))).toBe('receive_answer');
    expect(routeStart(waiting([calls.ask()], ''))).toBe('receive_answer');
    expect(routeStart(waiting([calls.step(), calls.ask()], '16'))).toBe('receive_answer');
    expect(routeStart(waiting([calls.ask()], '16', 'What should it be?'))).toBe('ask_user');
    expect(routeStart(waiting([calls.ask()]))).toBe('ask_user');
    expect(routeStart(waiting([calls.step()], '16'))).toBe('tools');
    expect(routeStart(waiting([calls.step(), calls.ask()]))).toBe('tools');
    expect(routeStart(waiting([calls.refused()]))).toBe('tools');
  });

  it('start without a pending turn: the agent while a step is open, finish when every step succeeded', () => {
    expect(routeStart(aGraphState({ plan: planWithDone(0) }))).toBe('agent');
    expect(routeStart(aGraphState({ plan: planWithDone(1) }))).toBe('agent');
    expect(routeStart(aGraphState({ plan: planWithDone(2) }))).toBe('finish');
  });

  it('after an answer: an unreadable one was asked again and ends the invocation; a readable one goes on', () => {
    expect(afterAnswer(aGraphState({ outcome: outcomes.blocked }))).toBe(END);
    expect(afterAnswer(aGraphState({ outcome: outcomes.running }))).toBe('agent');
    expect(afterAnswer(aGraphState({ outcome: outcomes.failed }))).toBe('roll_back');
  });

  it('after the agent: calls go to tools; a reminder asks the agent again; a stop without calls finishes', () => {
    expect(afterAgent(aGraphState({ pending: [calls.step()], messages: lastMessages.ai }))).toBe('tools');
    expect(afterAgent(aGraphState({ pending: [calls.deferred()], messages: lastMessages.human }))).toBe(
      'tools',
    );
    expect(afterAgent(aGraphState({ messages: lastMessages.human }))).toBe('agent');
    expect(afterAgent(aGraphState({ messages: lastMessages.ai }))).toBe('finish');
    expect(afterAgent(aGraphState({ messages: lastMessages.none }))).toBe('finish');
  });

  it('after tools: a question left pending is asked (wherever it is), else the agent or finish', () => {
    expect(afterTools(aGraphState({ pending: [calls.ask()], plan: planWithDone(2) }))).toBe('ask_user');
    expect(afterTools(aGraphState({ pending: [calls.step(), calls.ask()], plan: planWithDone(2) }))).toBe(
      'ask_user',
    );
    expect(afterTools(aGraphState({ pending: [calls.step()], plan: planWithDone(1) }))).toBe('agent');
    expect(afterTools(aGraphState({ pending: [], plan: planWithDone(2) }))).toBe('finish');
    expect(afterTools(aGraphState({ pending: [calls.deferred()], plan: planWithDone(2) }))).toBe('finish');
  });
});
