import type { DeadLetterQueue } from '../../lib/ports/dead-letter-queue.ts';
import { PlanMessage, type PlanQueue } from '../../lib/ports/plan-queue.ts';

/**
 * Use case "redrive" (`npm run ops -- redrive`, after a fix): every DLQ message goes back to the main queue under
 * a new deduplication id (`tag` makes it unique per run), then leaves the DLQ. A body that is not a plan message
 * stays in the DLQ for a person to look at. Returns the plan ids moved.
 */
export async function redriveDeadLetters(
  deadLetters: DeadLetterQueue,
  queue: PlanQueue,
  tag: string,
): Promise<{ moved: string[]; kept: number }> {
  const moved: string[] = [];
  let kept = 0;
  const seen = new Set<string>();
  // Stryker disable next-line EqualityOperator: `>= 0` on an empty batch enters the body, finds nothing fresh and breaks: same receives, same result
  for (let batch = await deadLetters.receive(10); batch.length > 0; batch = await deadLetters.receive(10)) {
    const fresh = batch.filter((l) => !seen.has(l.receipt));
    if (fresh.length === 0) break;
    for (const letter of fresh) {
      seen.add(letter.receipt);
      const parsed = PlanMessage.safeParse(letter.body);
      if (!parsed.success) {
        kept += 1;
        continue;
      }
      const message = parsed.data;
      await queue.enqueue(message, {
        groupId: message.plan_id,
        deduplicationId: `${message.plan_id}:ops-redrive-${tag}`,
      });
      await deadLetters.remove(letter.receipt);
      moved.push(message.plan_id);
    }
  }
  return { moved, kept };
}
