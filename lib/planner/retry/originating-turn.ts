import type { BaseMessage } from '@langchain/core/messages';
import * as z from 'zod';
import { SERVICE_FEEDBACK_KWARG } from '../graph/agent-loop.ts';

/** The turn of the session history that proposed a plan: the messages before it and the user's message. */
export interface OriginatingTurn {
  /** The session's history before the user's message, as the model saw it then. */
  before: BaseMessage[];
  /** The user's message of that turn (its additional_kwargs say whether it picked a candidate). */
  human: BaseMessage;
}

/** The result recordOutcome gives a propose_plan call once the plan exists (turn-messages.ts). */
const ShownPlan = z.looseObject({ plan_id: z.string() });

/**
 * Finds the turn that proposed `planId` in the session history: the tool result that closed it names the plan id,
 * and its user message is the last one of the user's own before that result (the service's feedback turns are not
 * the user's words). Undefined when the history no longer holds it (trimmed, reset or expired): then there are no
 * words to plan again, and the user is asked to send the request again.
 */
export function originatingTurn(
  history: readonly BaseMessage[],
  planId: string,
): OriginatingTurn | undefined {
  const closing = history.findIndex((m) => m.getType() === 'tool' && shownPlanId(m.text) === planId);
  for (let i = closing - 1; i >= 0; i--) {
    const message = history[i] as BaseMessage;
    if (message.getType() === 'human' && message.additional_kwargs?.[SERVICE_FEEDBACK_KWARG] !== true) {
      return { before: history.slice(0, i), human: message };
    }
  }
  return undefined;
}

/**
 * The session's last plan: the newest plan id the history's closing tool results name. The history, not the plan
 * table's creation order, is the session's own record of what it proposed (two plans can share a timestamp).
 */
export function lastShownPlanId(history: readonly BaseMessage[]): string | undefined {
  for (let i = history.length - 1; i >= 0; i--) {
    const message = history[i] as BaseMessage;
    const id = message.getType() === 'tool' ? shownPlanId(message.text) : undefined;
    if (id) return id;
  }
  return undefined;
}

function shownPlanId(text: string): string | undefined {
  try {
    const parsed = ShownPlan.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data.plan_id : undefined;
  } catch {
    return undefined;
  }
}
