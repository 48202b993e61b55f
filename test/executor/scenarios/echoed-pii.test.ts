import { describe, expect, it } from 'vitest';
import { OfflineExecutorModel } from '../../../lib/models/offline-executor-model.ts';
import type { ExecutionLog, ExecutionRecord } from '../../../lib/ports/execution-log.ts';
import { freshWorld } from '../../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../../support/executor-plans.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

const stack = useMemoryExecutorStack();

/** Every record the executor writes to its checkpoint, kept (the real log is deleted once the plan is terminal). */
function recordingLog(inner: ExecutionLog): ExecutionLog & { written: ExecutionRecord[] } {
  const written: ExecutionRecord[] = [];
  return {
    written,
    get: (id) => inner.get(id),
    put: async (record, seq) => {
      written.push(structuredClone(record));
      await inner.put(record, seq);
    },
    delete: (id) => inner.delete(id),
  };
}

const EMAIL = 'ruby.green@example.com';
const PHONE = '+61 412 999 321';

/** Issue 14, decision 6: what the booking API echoes is masked at rest like the plan's own PII parameters. */
describe('executor: PII echoed by the booking API', () => {
  it('a failed contact update whose 400 echoes the rejected email stores no raw email anywhere', async () => {
    // Prepare: the API rejects the new email and echoes it (and a phone) in its message, every time.
    const world = await freshWorld(stack, { maxSelfCorrections: 1 });
    const plan = await world.seed(
      aConfirmedPlan([steps.reschedule('2026-12-12', '10:00'), steps.contact({ email: EMAIL })]),
    );
    stack.sandbox.admin.injectFault({
      operation: 'updateContactDetails',
      kind: 'status',
      status: 400,
      times: 'always',
      body: {
        field: 'email',
        message: `email ${EMAIL} is not accepted for this venue; call ${PHONE} to verify it`,
      },
    });
    const log = recordingLog(world.log);

    // Act
    await world.deliver(plan, new OfflineExecutorModel(), { deps: { executionLog: log } });

    // Assess
    const done = await world.reload(plan);
    expect(done.status).toBe('rolled_back');
    // The log holds the confirmed plan (the model must send its values) until the plan is terminal, then is
    // deleted; what the API said back (observations, the model's turns after them, the failure) is checked here.
    const echoed = log.written.map((r) => ({
      messages: r.messages.filter((m) => m.type === 'tool' || (m.type === 'ai' && m.content !== '')),
      failure: r.failure,
    }));
    const everywhere = JSON.stringify({
      plan: done,
      log: echoed,
      spans: world.tracer.spans,
      logs: world.logger.lines,
    });
    expect(everywhere).not.toContain(EMAIL);
    expect(everywhere).not.toContain(PHONE);
    expect(everywhere).not.toContain('412 999');
  });
});
