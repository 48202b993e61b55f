import {
  type DynamoDBDocumentClient,
  GetCommand,
  UpdateCommand,
  type UpdateCommandInput,
} from '@aws-sdk/lib-dynamodb';
import { type Clock, systemClock } from '../../ports/clock.ts';
import { Session, type SessionStore, StaleSessionError } from '../../ports/session-store.ts';
import { isConditionalCheckFailed } from './conditional-check.ts';
import { buildUpdateExpression } from './update-expression.ts';

/** Options of the DynamoDB session store. */
export interface DynamoSessionStoreOptions {
  client: DynamoDBDocumentClient;
  tableName: string;
  /** TTL given to an item that claimBlockingSlot creates before the session has any history. */
  slotTtlSeconds: number;
  /** Default: the system clock. */
  clock?: Clock;
}

/** Error family member for infrastructure faults of the session table. */
export class SessionStoreUnavailableError extends Error {
  override readonly name = 'SessionStoreUnavailableError';
}

/** Attributes put() never writes: the key, and the blocking slot that claim/release own. */
const NOT_WRITTEN_BY_PUT = new Set(['session_id', 'blocking_plan_id', 'lease_holder', 'lease_until']);
const OPTIONAL_BODY = ['referenced_booking', 'pending_plan_id', 'offered_candidates'] as const;

/**
 * SessionStore on DynamoDB: one item per session_id with TTL `expires_at`.
 *
 * The blocking slot (`blocking_plan_id`) is a separate attribute owned by claim/release: `put` writes the
 * versioned body with an UpdateItem that leaves the slot alone, and claim/release are conditional on the slot
 * only. So a planner's read-modify-write and an executor's claim never invalidate each other, and 000's
 * invariant (one blocking plan per session) holds under concurrency. An item created by a claim has no
 * `version` and no history: `get` reports no session until the first `put`.
 */
export class DynamoSessionStore implements SessionStore {
  private readonly client: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly clock: Clock;
  private readonly slotTtlSeconds: number;

  constructor(options: DynamoSessionStoreOptions) {
    this.client = options.client;
    this.tableName = options.tableName;
    this.clock = options.clock ?? systemClock;
    this.slotTtlSeconds = options.slotTtlSeconds;
  }

  async get(sessionId: string): Promise<Session | undefined> {
    const out = await this.guard(`could not read session ${sessionId}`, () =>
      this.client.send(
        new GetCommand({ TableName: this.tableName, Key: { session_id: sessionId }, ConsistentRead: true }),
      ),
    );
    if (!out.Item || out.Item.version === undefined) return undefined;
    const parsed = Session.safeParse(out.Item);
    if (!parsed.success) {
      throw new SessionStoreUnavailableError(`stored session ${sessionId} is not a valid Session`, {
        cause: parsed.error,
      });
    }
    return parsed.data;
  }

  async put(session: Session, expectedVersion: number | undefined): Promise<void> {
    const body = Session.parse(session);
    const set = Object.fromEntries(Object.entries(body).filter(([k]) => !NOT_WRITTEN_BY_PUT.has(k)));
    const remove = OPTIONAL_BODY.filter((k) => body[k] === undefined);
    const expr = buildUpdateExpression(set, remove);
    const condition = expectedVersion === undefined ? 'attribute_not_exists(#cver)' : '#cver = :expected';
    try {
      await this.client.send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: { session_id: body.session_id },
          ...expr,
          ConditionExpression: condition,
          ExpressionAttributeNames: { ...expr.ExpressionAttributeNames, '#cver': 'version' },
          ExpressionAttributeValues: {
            ...expr.ExpressionAttributeValues,
            ...(expectedVersion === undefined ? {} : { ':expected': expectedVersion }),
          },
        }),
      );
    } catch (error) {
      if (isConditionalCheckFailed(error)) throw new StaleSessionError(body.session_id, { cause: error });
      throw new SessionStoreUnavailableError(`could not write session ${body.session_id}`, { cause: error });
    }
  }

  async claimBlockingSlot(sessionId: string, planId: string): Promise<boolean> {
    const ttl = Math.floor(this.clock.now().getTime() / 1000) + this.slotTtlSeconds;
    return this.conditionalUpdate(`could not claim the blocking slot of ${sessionId}`, {
      TableName: this.tableName,
      Key: { session_id: sessionId },
      UpdateExpression: 'SET blocking_plan_id = :plan, expires_at = if_not_exists(expires_at, :ttl)',
      ConditionExpression: 'attribute_not_exists(blocking_plan_id) OR blocking_plan_id = :plan',
      ExpressionAttributeValues: { ':plan': planId, ':ttl': ttl },
    });
  }

  async releaseBlockingSlot(sessionId: string, planId: string): Promise<void> {
    // A failed condition (another plan holds it, or nobody) is a no-op by contract.
    await this.conditionalUpdate(`could not release the blocking slot of ${sessionId}`, {
      TableName: this.tableName,
      Key: { session_id: sessionId },
      UpdateExpression: 'REMOVE blocking_plan_id',
      ConditionExpression: 'blocking_plan_id = :plan',
      ExpressionAttributeValues: { ':plan': planId },
    });
  }

  async acquireLease(sessionId: string, holder: string, until: Date, now: Date): Promise<boolean> {
    const ttl = Math.floor(now.getTime() / 1000) + this.slotTtlSeconds;
    return this.conditionalUpdate(`could not take the request lease of ${sessionId}`, {
      TableName: this.tableName,
      Key: { session_id: sessionId },
      UpdateExpression:
        'SET lease_holder = :holder, lease_until = :until, expires_at = if_not_exists(expires_at, :ttl)',
      ConditionExpression:
        'attribute_not_exists(lease_holder) OR lease_until < :now OR lease_holder = :holder',
      ExpressionAttributeValues: {
        ':holder': holder,
        ':until': until.getTime(),
        ':now': now.getTime(),
        ':ttl': ttl,
      },
    });
  }

  async releaseLease(sessionId: string, holder: string): Promise<void> {
    // A failed condition (another holder took an expired lease, or nobody holds it) is a no-op by contract.
    await this.conditionalUpdate(`could not release the request lease of ${sessionId}`, {
      TableName: this.tableName,
      Key: { session_id: sessionId },
      UpdateExpression: 'REMOVE lease_holder, lease_until',
      ConditionExpression: 'lease_holder = :holder',
      ExpressionAttributeValues: { ':holder': holder },
    });
  }

  /** One conditional UpdateItem: false when its condition fails; any other error means the store is unavailable. */
  private async conditionalUpdate(what: string, input: UpdateCommandInput): Promise<boolean> {
    try {
      await this.client.send(new UpdateCommand(input));
      return true;
    } catch (error) {
      if (isConditionalCheckFailed(error)) return false;
      throw new SessionStoreUnavailableError(what, { cause: error });
    }
  }

  private async guard<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw new SessionStoreUnavailableError(what, { cause: error });
    }
  }
}
