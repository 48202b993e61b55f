import {
  type ExecutionLog,
  ExecutionRecord,
  StaleExecutionRecordError,
} from '../../../lib/ports/execution-log.ts';

/**
 * ExecutionLog held in a Map, with the same conditional semantics as the DynamoDB adapter
 * (test/executor/execution-log.contract.ts). Deep copies in and out.
 */
export class InMemoryExecutionLog implements ExecutionLog {
  private readonly records = new Map<string, ExecutionRecord>();

  async get(planId: string): Promise<ExecutionRecord | undefined> {
    const record = this.records.get(planId);
    return record ? structuredClone(record) : undefined;
  }

  async put(record: ExecutionRecord, expectedSeq: number | undefined): Promise<void> {
    const parsed = ExecutionRecord.parse(record);
    const stored = this.records.get(parsed.plan_id);
    const ok = expectedSeq === undefined ? stored === undefined : stored?.seq === expectedSeq;
    if (!ok) throw new StaleExecutionRecordError(parsed.plan_id, expectedSeq);
    this.records.set(parsed.plan_id, structuredClone(parsed));
  }

  async delete(planId: string): Promise<void> {
    this.records.delete(planId);
  }
}
