import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../devkit/sandbox/start-sandbox.ts';
import { createPlanQueues, type PlanQueues, type TableNames } from '../../infra/local/provision.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { SqsPlanQueue } from '../../lib/adapters/sqs/sqs-plan-queue.ts';
import { buildPlanMessage } from '../../lib/plans/plan-message.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import { fixedClock } from '../../lib/ports/clock.ts';
import { aStoredPlan } from '../store/plan-factory.ts';
import { dieUntilDeadLettered, queueDepth } from '../support/dead-letters.ts';
import { EXECUTOR_NOW, executorFixture } from '../support/executor-fixture.ts';
import { type Emulators, startEmulators } from '../support/local-stack.ts';

const run = promisify(execFile);

let emulators: Emulators;
let sandbox: RunningSandbox;
beforeAll(async () => {
  emulators = await startEmulators();
  sandbox = await startSandbox({ fixture: executorFixture, clock: fixedClock(EXECUTOR_NOW) });
});
afterAll(async () => {
  await sandbox.close();
  await emulators.stop();
});

/** `npm run ops -- <command>` as a process: the CLI entry (devkit/ops/cli.ts) with the stack's env. */
async function ops(command: string, tables: TableNames, queues: PlanQueues) {
  const { stdout, stderr } = await run('npx', ['tsx', 'devkit/ops/cli.ts', command], {
    env: {
      ...process.env,
      AWS_REGION: 'us-east-1',
      DYNAMODB_ENDPOINT: emulators.dynamo.endpoint,
      SQS_ENDPOINT: emulators.sqs.endpoint,
      PLANS_TABLE: tables.plans,
      SESSIONS_TABLE: tables.sessions,
      EXECUTIONS_TABLE: tables.executions,
      PLAN_QUEUE_URL: queues.queueUrl,
      PLAN_DLQ_URL: queues.dlqUrl,
      BOOKING_API_URL: sandbox.url,
      LOG_LEVEL: 'SILENT',
    },
  });
  return { stdout, stderr };
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function executing(updatedAt: string, overrides: Partial<StoredPlan> = {}): StoredPlan {
  const plan = aStoredPlan({
    status: 'executing',
    updated_at: updatedAt,
    confirmed_at: updatedAt,
    ...overrides,
  });
  return { ...plan, actions: plan.actions.map((a) => ({ ...a, step_state: 'succeeded' as const })) };
}

describe('npm run ops against a local stack (dynalite, fauxqs, sandbox)', () => {
  it('stuck lists the stuck plan, redrive moves the DLQ message back, sweep redrives and fails with a report', async () => {
    // Prepare: a plan stuck executing for an hour, and a running plan whose message is in the DLQ.
    const tables = await emulators.freshTables();
    const queues = await createPlanQueues(emulators.sqsClient, {
      name: `ops-${randomUUID().slice(0, 8)}`,
      visibilityTimeoutSeconds: 1,
      maxReceiveCount: 1,
    });
    const plans = new DynamoPlanStore({ client: emulators.documentClient, tableName: tables.plans });
    const stuck = executing(minutesAgo(60));
    const dead = executing(minutesAgo(1));
    await plans.create(stuck);
    await plans.create(dead);
    const queue = new SqsPlanQueue({ client: emulators.sqsClient, queueUrl: queues.queueUrl });
    const start = buildPlanMessage(dead.plan_id, 'start', dead.version, 'tok-ops-1');
    await queue.enqueue(start.message, start.options);
    await dieUntilDeadLettered(emulators.sqsClient, queues);

    // Act / Assess: stuck
    const listed = await ops('stuck', tables, queues);
    expect(listed.stdout).toBe(
      `${stuck.plan_id}  executing  since ${stuck.updated_at}  stopped_executing\n1 stuck plan(s)\n`,
    );
    expect(await plans.get(stuck.plan_id)).toMatchObject({ status: 'executing', version: stuck.version });

    // Act / Assess: redrive
    const redriven = await ops('redrive', tables, queues);
    expect(redriven.stdout).toBe(
      `redriven ${dead.plan_id}\n1 message(s) moved back to the plan queue; 0 left in the DLQ (not plan messages)\n`,
    );
    expect([
      await queueDepth(emulators.sqsClient, queues.dlqUrl),
      await queueDepth(emulators.sqsClient, queues.queueUrl),
    ]).toEqual([0, 1]);

    // Act / Assess: sweep, after the redriven message died again
    await dieUntilDeadLettered(emulators.sqsClient, queues);
    const swept = await ops('sweep', tables, queues);
    expect(JSON.parse(swept.stdout)).toEqual({
      redriven: [dead.plan_id],
      failed: [stuck.plan_id],
      rolled_back: [],
      expired: [],
      discarded: 0,
    });
    expect(await plans.get(dead.plan_id)).toMatchObject({ status: 'executing', watchdog_redrives: 1 });
    expect([
      await queueDepth(emulators.sqsClient, queues.dlqUrl),
      await queueDepth(emulators.sqsClient, queues.queueUrl),
    ]).toEqual([0, 1]);
    const failed = await plans.get(stuck.plan_id);
    expect(failed).toMatchObject({ status: 'failed', attention_reason: 'manual_recovery' });
    expect(failed?.failure_reason).toContain('This request stopped before it finished');
    expect(`${listed.stdout}${redriven.stdout}${swept.stdout}`).not.toContain('tok-ops-1');
  }, 120_000);
});
