import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeMetrics } from '../../devkit/metrics/compute-metrics.ts';
import { runMetrics } from '../../devkit/metrics/run-metrics.ts';
import { createTables } from '../../infra/local/provision.ts';
import { type LocalDynamo, startDynalite } from '../../infra/local/start-dynalite.ts';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { loadConfig } from '../../lib/config/config.ts';
import { metricPlans } from './metric-plans.ts';

const run = promisify(execFile);

let dynamo: LocalDynamo;
let client: DynamoDBDocumentClient;
let table: string;
const plans = metricPlans();

/** Captures what the CLI prints. */
function io() {
  const out: string[] = [];
  const err: string[] = [];
  return { out, err, sink: { out: (t: string) => out.push(t), err: (t: string) => err.push(t) } };
}

beforeAll(async () => {
  dynamo = await startDynalite();
  client = createDocumentClient(loadConfig({ DYNAMODB_ENDPOINT: dynamo.endpoint }));
  const id = randomUUID().slice(0, 8);
  table = `plans-${id}`;
  await createTables(client, { plans: table, sessions: `sessions-${id}`, executions: `executions-${id}` });
  const store = new DynamoPlanStore({ client, tableName: table });
  for (const plan of plans) await store.create(plan);
});

afterAll(async () => {
  client.destroy();
  await dynamo.stop();
});

describe('npm run metrics (against dynalite)', () => {
  describe('runMetrics', () => {
    it('prints the exact figures as JSON with --json', async () => {
      // Prepare
      const { out, err, sink } = io();
      // Act
      const code = await runMetrics(['--table', table, '--endpoint', dynamo.endpoint, '--json'], {}, sink);
      // Assess
      expect({ code, err }).toEqual({ code: 0, err: [] });
      const printed = JSON.parse(out.join('\n'));
      expect(printed).toEqual(computeMetrics(plans));
      expect(printed.planning_accuracy.rate).toBe(0.8);
      expect(printed.execution_success_rate.rate).toBe(0.5);
      expect(printed.rollback_frequency.rate).toBe(0.25);
      expect(printed.median_time_to_confirmation_ms).toBe(30_000);
    });

    it('reads table and endpoint from the environment when no flags are given, and prints a table', async () => {
      const { out, sink } = io();
      const code = await runMetrics([], { PLANS_TABLE: table, DYNAMODB_ENDPOINT: dynamo.endpoint }, sink);
      expect(code).toBe(0);
      expect(out.join('\n')).toMatch(/Planning accuracy\s+80\.0%/);
      expect(out.join('\n')).toMatch(/rescheduleBooking\s+3\s+2\s+66\.7%/);
    });

    it('exits 1 with a message when the table does not exist', async () => {
      const { err, sink } = io();
      const code = await runMetrics(['--table', 'no-such-table', '--endpoint', dynamo.endpoint], {}, sink);
      expect(code).toBe(1);
      expect(err.join('\n')).toContain('could not read plans table no-such-table');
    });

    it('exits 2 with the usage on an unknown flag', async () => {
      const { err, sink } = io();
      const code = await runMetrics(['--tabel', table], {}, sink);
      expect(code).toBe(2);
      expect(err.join('\n')).toContain('Usage: npm run metrics');
    });
  });

  describe('the npm script', () => {
    it('prints the same JSON from a separate process', async () => {
      // Act
      const { stdout } = await run(
        'npm',
        ['run', '--silent', 'metrics', '--', '--table', table, '--endpoint', dynamo.endpoint, '--json'],
        {
          cwd: process.cwd(),
          env: { ...process.env, PLANS_TABLE: '', DYNAMODB_ENDPOINT: '' },
        },
      );
      // Assess
      expect(JSON.parse(stdout)).toEqual(computeMetrics(plans));
    });
  });
});
