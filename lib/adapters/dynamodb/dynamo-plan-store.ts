import {
  type DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { StoredPlan } from '../../plans/stored-plan.ts';
import { type Clock, systemClock } from '../../ports/clock.ts';
import {
  PlanAlreadyExistsError,
  PlanNotFoundError,
  type PlanPatch,
  type PlanStore,
  PlanStoreError,
  type PlanUpdateOptions,
  StaleWriteError,
} from '../../ports/plan-store.ts';
import { isConditionalCheckFailed } from './conditional-check.ts';
import { PLANS_BY_SESSION_INDEX } from './table-definitions.ts';
import { buildUpdateExpression } from './update-expression.ts';

/** Options of the DynamoDB plan store. */
export interface DynamoPlanStoreOptions {
  client: DynamoDBDocumentClient;
  tableName: string;
  /** Stamps updated_at. Default: the system clock. */
  clock?: Clock;
}

/** Attributes the store owns: callers cannot set them through a patch. */
const STORE_OWNED = new Set(['plan_id', 'version', 'updated_at']);

/**
 * PlanStore on DynamoDB. One item per plan, flat and readable in the console: the StoredPlan attributes as they
 * are (ISO timestamps, plain status string, actions as a list of maps). Every write is a single-item
 * conditional write on `version` (no transactions: dynalite has none).
 */
export class DynamoPlanStore implements PlanStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly clock: Clock;

  constructor(options: DynamoPlanStoreOptions) {
    this.client = options.client;
    this.tableName = options.tableName;
    this.clock = options.clock ?? systemClock;
  }

  async create(plan: StoredPlan): Promise<void> {
    const item = StoredPlan.parse(plan);
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: item,
          ConditionExpression: 'attribute_not_exists(plan_id)',
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new PlanAlreadyExistsError(item.plan_id, { cause: error });
      throw storeFailure(`could not create plan ${item.plan_id}`, error);
    }
  }

  async get(planId: string): Promise<StoredPlan | undefined> {
    const out = await this.send(`could not read plan ${planId}`, () =>
      this.client.send(
        new GetCommand({ TableName: this.tableName, Key: { plan_id: planId }, ConsistentRead: true }),
      ),
    );
    return out.Item ? parsePlan(out.Item) : undefined;
  }

  async update(
    planId: string,
    expectedVersion: number,
    patch: PlanPatch,
    options: PlanUpdateOptions = {},
  ): Promise<StoredPlan> {
    const set = Object.fromEntries(Object.entries(patch.set ?? {}).filter(([k]) => !STORE_OWNED.has(k)));
    const remove = (patch.remove ?? []).filter((k) => !STORE_OWNED.has(k));
    const expr = buildUpdateExpression(
      { ...set, version: expectedVersion + 1, updated_at: this.clock.now().toISOString() },
      remove,
    );
    const statuses = options.expectStatus ?? [];
    const statusValues = Object.fromEntries(statuses.map((s, i) => [`:st${i}`, s]));
    const statusCondition =
      statuses.length > 0 ? ` AND #cst IN (${Object.keys(statusValues).join(', ')})` : '';
    try {
      const out = await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { plan_id: planId },
          ...expr,
          ConditionExpression: `attribute_exists(plan_id) AND #cver = :expected${statusCondition}`,
          ExpressionAttributeNames: {
            ...expr.ExpressionAttributeNames,
            '#cver': 'version',
            ...(statuses.length > 0 ? { '#cst': 'status' } : {}),
          },
          ExpressionAttributeValues: {
            ...expr.ExpressionAttributeValues,
            ':expected': expectedVersion,
            ...statusValues,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return parsePlan(out.Attributes ?? {});
    } catch (error) {
      if (!isConditionalCheckFailed(error)) throw storeFailure(`could not update plan ${planId}`, error);
      // dynalite does not return the old item on a failed condition: read it to tell "absent" from "stale".
      if (!(await this.get(planId))) throw new PlanNotFoundError(planId, { cause: error });
      throw new StaleWriteError(planId, expectedVersion, { cause: error });
    }
  }

  async listBySession(sessionId: string, limit = 20): Promise<StoredPlan[]> {
    const out = await this.send(`could not list plans of session ${sessionId}`, () =>
      this.client.send(
        new QueryCommand({
          TableName: this.tableName,
          IndexName: PLANS_BY_SESSION_INDEX,
          KeyConditionExpression: 'session_id = :s',
          ExpressionAttributeValues: { ':s': sessionId },
          ScanIndexForward: false,
          Limit: limit,
        }),
      ),
    );
    return (out.Items ?? []).map(parsePlan);
  }

  async *scanAll(): AsyncIterable<StoredPlan> {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await this.send('could not scan plans', () =>
        this.client.send(new ScanCommand({ TableName: this.tableName, ExclusiveStartKey: startKey })),
      );
      for (const item of page.Items ?? []) yield parsePlan(item);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }

  private async send<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw storeFailure(what, error);
    }
  }
}

/** zod at the boundary: an item that is not a StoredPlan is reported, never cast. */
function parsePlan(item: Record<string, unknown>): StoredPlan {
  const parsed = StoredPlan.safeParse(item);
  if (!parsed.success) {
    throw new PlanStoreError(`stored plan ${String(item.plan_id)} is not a valid StoredPlan`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}

function storeFailure(what: string, cause: unknown): PlanStoreError {
  return new PlanStoreError(what, { cause });
}
