import { parseArgs } from 'node:util';
import { createDocumentClient } from '../../lib/adapters/dynamodb/document-client.ts';
import { DynamoPlanStore } from '../../lib/adapters/dynamodb/dynamo-plan-store.ts';
import { type Config, loadConfig } from '../../lib/config/config.ts';
import type { StoredPlan } from '../../lib/plans/stored-plan.ts';
import type { PlanStore } from '../../lib/ports/plan-store.ts';
import { resolveStackSource, type StackSource } from '../ops/local-stack-state.ts';
import { computeMetrics, type PlanMetrics } from './compute-metrics.ts';
import { formatMetrics } from './format-metrics.ts';

/** Where the CLI writes; injected so tests read the output without spawning a process. */
export interface MetricsIo {
  out(text: string): void;
  err(text: string): void;
}

/** Bad command-line usage (unknown flag, missing value). */
export class MetricsUsageError extends Error {
  override readonly name = 'MetricsUsageError';
}

export const METRICS_USAGE = `Usage: npm run metrics -- [--table <plans table>] [--endpoint <dynamodb url>] [--state <file>] [--json]
  --table     plans table name (default: PLANS_TABLE from the environment, else booking-update-plans)
  --endpoint  DynamoDB endpoint, e.g. a local dynalite (default: DYNAMODB_ENDPOINT, else AWS)
  --state     the state file of a running \`npm start\` (default: .local/stack/state.json, read when it exists and
              neither the flags above nor the environment name a stack)
  --json      print the metrics as JSON instead of a table`;

interface MetricsArgs {
  table: string | undefined;
  endpoint: string | undefined;
  state: string | undefined;
  json: boolean;
  help: boolean;
}

function parseMetricsArgs(argv: readonly string[]): MetricsArgs {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        table: { type: 'string' },
        endpoint: { type: 'string' },
        state: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    return {
      table: values.table,
      endpoint: values.endpoint,
      state: values.state,
      json: values.json,
      help: values.help,
    };
  } catch (error) {
    throw new MetricsUsageError(error instanceof Error ? error.message : String(error), { cause: error });
  }
}

/** Reads every plan through the PlanStore port (the DynamoDB adapter's scanAll pages through the table). */
export async function collectPlans(store: Pick<PlanStore, 'scanAll'>): Promise<StoredPlan[]> {
  const plans: StoredPlan[] = [];
  for await (const plan of store.scanAll()) plans.push(plan);
  return plans;
}

/**
 * `npm run metrics`: table name and endpoint come from a running `npm start`'s state file or loadConfig(env)
 * (PLANS_TABLE, DYNAMODB_ENDPOINT; local-stack-state.ts decides which), and flags override them. Returns the exit
 * code: 0 printed, 1 the table could not be read, 2 bad usage or configuration.
 */
export async function runMetrics(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: MetricsIo,
): Promise<number> {
  let args: MetricsArgs;
  try {
    args = parseMetricsArgs(argv);
  } catch (error) {
    io.err(`${error instanceof Error ? error.message : String(error)}\n${METRICS_USAGE}`);
    return 2;
  }
  if (args.help) {
    io.out(METRICS_USAGE);
    return 0;
  }
  let config: Config;
  try {
    // --table or --endpoint name the stack by hand, as the environment's variables do.
    const byHand = args.table !== undefined || args.endpoint !== undefined;
    const source: StackSource =
      byHand && !args.state ? { env } : resolveStackSource({ env, stateFile: args.state });
    if (source.description) io.err(`using the ${source.description}`);
    config = loadConfig({
      ...source.env,
      ...(args.table ? { PLANS_TABLE: args.table } : {}),
      ...(args.endpoint ? { DYNAMODB_ENDPOINT: args.endpoint } : {}),
    });
  } catch (error) {
    io.err(error instanceof Error ? error.message : String(error));
    return 2;
  }
  const client = createDocumentClient(config);
  try {
    const metrics: PlanMetrics = computeMetrics(
      await collectPlans(new DynamoPlanStore({ client, tableName: config.PLANS_TABLE })),
    );
    io.out(args.json ? JSON.stringify(metrics, null, 2) : formatMetrics(metrics));
    return 0;
  } catch (error) {
    io.err(
      `could not read plans table ${config.PLANS_TABLE}: ${error instanceof Error ? error.message : String(error)}`,
    );
    return 1;
  } finally {
    client.destroy();
  }
}
