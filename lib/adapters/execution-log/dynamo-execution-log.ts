import { gunzipSync, gzipSync } from 'node:zlib';
import { DeleteCommand, type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import * as z from 'zod';
import {
  type ExecutionLog,
  ExecutionLogError,
  ExecutionRecord,
  LoggedMessage,
  StaleExecutionRecordError,
} from '../../ports/execution-log.ts';

/** Options of the DynamoDB execution log. */
export interface DynamoExecutionLogOptions {
  client: DynamoDBDocumentClient;
  /** Config EXECUTIONS_TABLE: hash key plan_id (S), TTL attribute expires_at. */
  tableName: string;
  /** Above this many characters the message log is stored gzipped (DynamoDB items are capped at 400 KB). */
  compressAboveChars?: number;
}

const DEFAULT_COMPRESS_ABOVE = 100_000;

/** The stored item: readable counters as attributes, the message log as one JSON (or gzip+base64) string. */
const StoredItem = z.object({
  plan_id: z.string(),
  seq: z.number(),
  messages_encoding: z.enum(['json', 'gzip']),
  messages: z.string(),
  record: z.record(z.string(), z.unknown()),
});

/**
 * ExecutionLog on DynamoDB: one item per plan. The message log is kept as a JSON string so provider metadata
 * (AIMessage.additional_kwargs, e.g. Gemini thought signatures) round-trips byte for byte, which a DynamoDB
 * map would not guarantee (it drops undefined and rejects some shapes). Writes are conditional on `seq`.
 */
export class DynamoExecutionLog implements ExecutionLog {
  private readonly client: DynamoDBDocumentClient;
  private readonly tableName: string;
  private readonly compressAbove: number;

  constructor(options: DynamoExecutionLogOptions) {
    this.client = options.client;
    this.tableName = options.tableName;
    this.compressAbove = options.compressAboveChars ?? DEFAULT_COMPRESS_ABOVE;
  }

  async get(planId: string): Promise<ExecutionRecord | undefined> {
    const out = await this.send(`could not read the execution log of plan ${planId}`, () =>
      this.client.send(
        new GetCommand({ TableName: this.tableName, Key: { plan_id: planId }, ConsistentRead: true }),
      ),
    );
    if (!out.Item) return undefined;
    const item = StoredItem.parse(out.Item);
    const json =
      item.messages_encoding === 'gzip'
        ? gunzipSync(Buffer.from(item.messages, 'base64')).toString('utf8')
        : item.messages;
    const messages = z.array(LoggedMessage).parse(JSON.parse(json));
    return ExecutionRecord.parse({ ...item.record, plan_id: item.plan_id, seq: item.seq, messages });
  }

  async put(record: ExecutionRecord, expectedSeq: number | undefined): Promise<void> {
    const { messages, plan_id, seq, expires_at, ...rest } = ExecutionRecord.parse(record);
    const json = JSON.stringify(messages);
    const compress = json.length > this.compressAbove;
    try {
      await this.client.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            plan_id,
            seq,
            expires_at,
            updated_at: rest.updated_at,
            message_count: messages.length,
            messages_encoding: compress ? 'gzip' : 'json',
            messages: compress ? gzipSync(json).toString('base64') : json,
            record: { ...rest, expires_at },
          },
          ...(expectedSeq === undefined
            ? { ConditionExpression: 'attribute_not_exists(plan_id)' }
            : {
                ConditionExpression: '#seq = :expected',
                ExpressionAttributeNames: { '#seq': 'seq' },
                ExpressionAttributeValues: { ':expected': expectedSeq },
              }),
        }),
      );
    } catch (error) {
      if (error instanceof Error && error.name === 'ConditionalCheckFailedException') {
        throw new StaleExecutionRecordError(plan_id, expectedSeq, { cause: error });
      }
      throw new ExecutionLogError(`could not write the execution log of plan ${plan_id}`, { cause: error });
    }
  }

  async delete(planId: string): Promise<void> {
    await this.send(`could not delete the execution log of plan ${planId}`, () =>
      this.client.send(new DeleteCommand({ TableName: this.tableName, Key: { plan_id: planId } })),
    );
  }

  private async send<T>(what: string, call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      throw new ExecutionLogError(what, { cause: error });
    }
  }
}
