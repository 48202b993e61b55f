import { setTimeout as sleep } from 'node:timers/promises';
import type { ServiceClient, ViewedPlan } from '../../devkit/chat/service-client.ts';
import { isTerminal } from '../../lib/plans/status-machine.ts';

/** How a confirmed plan ended: its last state and the blocking prompts it asked on the way. */
export type WaitResult =
  | { ok: true; plan: ViewedPlan; prompts: string[] }
  | { ok: false; reason: string; plan?: ViewedPlan; prompts: string[] };

export interface WaitOptions {
  /** Answers to blocking prompts, in order. */
  answers: readonly string[];
  /** Give up after this long (bounded wait). */
  timeoutMs: number;
  /** Delay between two GETs. */
  pollMs: number;
  now?: () => number;
}

/**
 * Polls GET /v1/plans/{id} as IQ would (000 "MVP approach: polling") until the plan is terminal, answering each
 * blocking prompt with the next scripted answer. A prompt with no answer left, or the deadline, ends the wait.
 */
export async function waitForPlan(
  client: Pick<ServiceClient, 'get' | 'answer'>,
  planId: string,
  options: WaitOptions,
): Promise<WaitResult> {
  const now = options.now ?? Date.now;
  const deadline = now() + options.timeoutMs;
  const prompts: string[] = [];
  let plan = await client.get(planId);
  while (!isTerminal(plan.status)) {
    if (plan.status === 'executing' && plan.blocking_prompt) {
      prompts.push(plan.blocking_prompt);
      const answer = options.answers[prompts.length - 1];
      if (answer === undefined) {
        return { ok: false, reason: `unexpected blocking prompt "${plan.blocking_prompt}"`, plan, prompts };
      }
      plan = await client.answer(planId, answer);
      continue;
    }
    if (now() >= deadline) {
      return { ok: false, reason: `plan still ${plan.status} after ${options.timeoutMs} ms`, plan, prompts };
    }
    await sleep(options.pollMs);
    plan = await client.get(planId);
  }
  return { ok: true, plan, prompts };
}
