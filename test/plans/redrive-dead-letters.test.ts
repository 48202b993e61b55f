import { describe, expect, it } from 'vitest';
import { InMemoryDeadLetterQueue } from '../../devkit/adapters/memory/in-memory-dead-letter-queue.ts';
import { InMemoryPlanQueue } from '../../devkit/adapters/memory/in-memory-plan-queue.ts';
import { redriveDeadLetters } from '../../devkit/ops/redrive-dead-letters.ts';
import type { DeadLetter, DeadLetterQueue } from '../../lib/ports/dead-letter-queue.ts';

const PLAN_A = '6f1c1b1e-8a5e-4c3b-9d7e-1a2b3c4d5e6f';
const PLAN_B = '7a2d2c2f-9b6f-4d4c-8e8f-2b3c4d5e6f70';

const message = (plan_id: string, version = 2) => ({
  plan_id,
  kind: 'start',
  version,
  sealed_token: 'sealed-tok',
});

describe('redriveDeadLetters (npm run ops -- redrive)', () => {
  it('moves every plan message back to the queue under a per-run deduplication id, then out of the DLQ', async () => {
    // Prepare: more than one receive batch (10) of letters.
    const dlq = new InMemoryDeadLetterQueue();
    const queue = new InMemoryPlanQueue();
    dlq.put(message(PLAN_A));
    for (let i = 0; i < 10; i += 1) dlq.put(message(PLAN_B, i + 1));

    // Act
    const result = await redriveDeadLetters(dlq, queue, 'run-7');

    // Assess
    expect(result).toEqual({ moved: [PLAN_A, ...Array(10).fill(PLAN_B)], kept: 0 });
    expect(dlq.size).toBe(0);
    expect(queue.messages[0]).toEqual({
      message: message(PLAN_A),
      options: { groupId: PLAN_A, deduplicationId: `${PLAN_A}:ops-redrive-run-7` },
    });
  });

  it('keeps a body that is not a plan message in the DLQ, counted, and still moves the others', async () => {
    // Prepare
    const dlq = new InMemoryDeadLetterQueue();
    const queue = new InMemoryPlanQueue();
    dlq.put({ hello: 'world' });
    dlq.put(message(PLAN_A));

    // Act
    const result = await redriveDeadLetters(dlq, queue, 't');

    // Assess
    expect(result).toEqual({ moved: [PLAN_A], kept: 1 });
    expect(dlq.size).toBe(1);
    expect(queue.messages.map((m) => m.message.plan_id)).toEqual([PLAN_A]);
  });

  it('stops when a receive hands back only letters it has already seen (a kept letter becomes visible again)', async () => {
    // Prepare: a DLQ that returns the same unparseable letter forever.
    const stuck: DeadLetter = { receipt: 'r-1', body: 'not json' };
    let receives = 0;
    const dlq: DeadLetterQueue = {
      async receive() {
        receives += 1;
        return [stuck];
      },
      async remove() {},
    };

    // Act
    const result = await redriveDeadLetters(dlq, new InMemoryPlanQueue(), 't');

    // Assess
    expect(result).toEqual({ moved: [], kept: 1 });
    expect(receives).toBe(2);
  });

  it('does nothing on an empty DLQ', async () => {
    expect(await redriveDeadLetters(new InMemoryDeadLetterQueue(), new InMemoryPlanQueue(), 't')).toEqual({
      moved: [],
      kept: 0,
    });
  });
});
