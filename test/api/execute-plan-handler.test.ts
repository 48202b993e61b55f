import { afterEach, describe, expect, it, vi } from 'vitest';
import { createHandler } from '../../functions/execute-plan.ts';
import { createLogger } from '../../lib/observability/logger.ts';
import type { PlanMessage } from '../../lib/ports/plan-queue.ts';
import { aLambdaContext, anSqsEvent, anSqsRecord } from '../support/events.ts';

const PLAN_A = '11111111-1111-4111-8111-111111111111';
const PLAN_B = '22222222-2222-4222-8222-222222222222';
const message = (plan_id: string, sealed_token = 'sealed-token-1'): PlanMessage => ({
  plan_id,
  kind: 'start',
  version: 1,
  sealed_token,
});

function consumer(execute: (msg: PlanMessage) => Promise<void>, logLevel: 'SILENT' | 'DEBUG' = 'SILENT') {
  const logger = createLogger({ LOG_LEVEL: logLevel });
  return createHandler(async () => ({ executePlanMessage: execute }), logger);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('execute-plan handler (SQS FIFO consumer)', () => {
  it('hands each parsed PlanMessage to the executor and reports no failures', async () => {
    // Prepare
    const seen: PlanMessage[] = [];
    const handler = consumer(async (msg) => {
      seen.push(msg);
    });
    // Act
    const result = await handler(
      anSqsEvent([anSqsRecord(message(PLAN_A), 'm1', PLAN_A), anSqsRecord(message(PLAN_B), 'm2', PLAN_B)]),
      aLambdaContext(),
    );
    // Assess
    expect(result).toEqual({ batchItemFailures: [] });
    expect(seen).toEqual([message(PLAN_A), message(PLAN_B)]);
  });

  it('stops at the first failure and reports it and every later record (FIFO order)', async () => {
    const seen: string[] = [];
    const handler = consumer(async (msg) => {
      seen.push(msg.plan_id);
      if (msg.plan_id === PLAN_A) throw new Error('plan not confirmed yet');
    });

    const result = await handler(
      anSqsEvent([
        anSqsRecord(message(PLAN_B), 'm0', PLAN_B),
        anSqsRecord(message(PLAN_A), 'm1', PLAN_A),
        anSqsRecord(message(PLAN_B), 'm2', PLAN_B),
      ]),
      aLambdaContext(),
    );

    expect(result.batchItemFailures.map((f) => f.itemIdentifier)).toEqual(['m1', 'm2']);
    expect(seen).toEqual([PLAN_B, PLAN_A]);
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a PlanMessage', { plan_id: 'nope', kind: 'start' }],
  ])('fails a record whose body is %s (it ends in the DLQ, never silently dropped)', async (_label, body) => {
    const execute = vi.fn(async () => undefined);
    const handler = consumer(execute);

    const result = await handler(anSqsEvent([anSqsRecord(body, 'bad')]), aLambdaContext());

    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'bad' }]);
    expect(execute).not.toHaveBeenCalled();
  });

  it('never logs the token carried by the message', async () => {
    // Prepare
    const canary = 'canary-token-sqs-77';
    const writes: string[] = [];
    for (const stream of [process.stdout, process.stderr]) {
      vi.spyOn(stream, 'write').mockImplementation((chunk: string | Uint8Array) => {
        writes.push(String(chunk));
        return true;
      });
    }
    const handler = consumer(async () => {
      throw new Error('executor failed');
    }, 'DEBUG');
    // Act
    await handler(anSqsEvent([anSqsRecord(message(PLAN_A, canary), 'm1', PLAN_A)]), aLambdaContext());
    // Assess
    expect(writes.join('')).toContain(PLAN_A);
    expect(writes.join('')).not.toContain(canary);
  });
});
