import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AesGcmTokenSealer } from '../../lib/adapters/token-sealer/aes-gcm-token-sealer.ts';
import { createAbandonExecution } from '../../lib/executor/abandon-execution.ts';
import { OfflineExecutorModel } from '../../lib/models/offline-executor-model.ts';
import type { TokenSealer } from '../../lib/ports/token-sealer.ts';
import { TokenSealerUnavailableError } from '../../lib/ports/token-sealer.ts';
import { TOKEN } from '../support/executor-fixture.ts';
import { freshWorld } from '../support/executor-harness.ts';
import { aConfirmedPlan, steps } from '../support/executor-plans.ts';
import { testTokenSealer } from '../support/token-sealer.ts';
import { useMemoryExecutorStack } from '../support/use-memory-executor-stack.ts';

/**
 * Issue 28: a message whose token cannot be unsealed (another key, tampered, another plan's) fails its plan
 * truthfully without a single booking API call, and is acknowledged (no loop through the consumer); a key service
 * that does not answer lets SQS redeliver.
 */
describe('executor: a sealed token that cannot be unsealed (issue 28)', () => {
  const stack = useMemoryExecutorStack();

  const otherKey = new AesGcmTokenSealer(randomBytes(32));
  const cases: [string, (planId: string) => Promise<string>][] = [
    ['sealed with another key', (planId) => otherKey.seal(TOKEN, planId)],
    ['sealed for another plan', () => testTokenSealer.seal(TOKEN, '99999999-9999-4999-8999-999999999999')],
    [
      'tampered',
      async (planId) => {
        const sealed = await testTokenSealer.seal(TOKEN, planId);
        return `${sealed.slice(0, -4)}${sealed.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
      },
    ],
    ['a token in clear', async () => TOKEN],
  ];

  it.each(cases)(
    '%s: the plan fails, nothing was called, the message is acknowledged',
    async (_label, sealedFor) => {
      // Prepare
      const world = await freshWorld(stack);
      const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
      const sealedToken = await sealedFor(plan.plan_id);

      // Act: resolves (acknowledged), never throws for SQS to redeliver.
      await world.deliver(plan, new OfflineExecutorModel(), { sealedToken });

      // Assess
      const done = await world.reload(plan);
      expect(done.status).toBe('failed');
      expect(done.failure_reason).toBe(
        'The sign-in sent with this request could not be read. Nothing was changed. You can ask again.',
      );
      expect(done.rollback_report).toBeUndefined();
      expect(stack.sandbox.admin.journal()).toEqual([]);
      expect(world.logger.lines.map((l) => l.message)).toContain(
        `plan ${plan.plan_id}: the message's sealed token cannot be unsealed; failing the plan`,
      );
    },
  );

  it('a resume after a step was applied: listed for a manual check, never claimed undone, nothing called', async () => {
    // Prepare: step 1 was applied before the plan waited; the resume's token cannot be unsealed.
    const world = await freshWorld(stack);
    const confirmed = aConfirmedPlan([steps.guestCount(14), steps.reschedule('2026-12-12', '10:00')], {
      status: 'executing',
    });
    const [first, second] = confirmed.actions;
    if (!first || !second) throw new Error('two steps expected');
    const plan = await world.seed({
      ...confirmed,
      actions: [
        {
          ...first,
          step_state: 'succeeded',
          executed: true,
          resolved_parameters: first.parameters,
          result: { success: true, response_data: { booking_reference: 'BK-1042', party_size: 14 } },
        },
        second,
      ],
    });

    // Act
    await world.deliver(plan, new OfflineExecutorModel(), {
      kind: 'resume',
      sealedToken: 'aes256gcm.v1.x.y.z',
    });

    // Assess
    const done = await world.reload(plan);
    expect(done.status).toBe('failed');
    expect(done.rollback_report?.actions_reversed).toEqual([]);
    expect(done.rollback_report?.actions_failed_to_reverse?.map((f) => f.step_number)).toEqual([1]);
    expect(done.failure_reason).toMatch(
      /^The sign-in sent with this request could not be read, and it could not be resumed, so nothing was undone automatically\. Please check: Step 1 .* on booking BK-1042 was applied and was not undone\./,
    );
    expect(stack.sandbox.admin.journal()).toEqual([]);
  });

  it('the watchdog’s rollback refuses an unsealable token before any call (the sweep then fails the plan for a manual check)', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)], { status: 'executing' }));
    const { model: _model, ...deps } = world.deps(new OfflineExecutorModel());
    const sealed_token = await otherKey.seal(TOKEN, plan.plan_id);

    // Act
    const abandoned = createAbandonExecution(deps)({
      plan_id: plan.plan_id,
      kind: 'start',
      version: 1,
      sealed_token,
    });

    // Assess
    await expect(abandoned).rejects.toMatchObject({ name: 'TokenUnsealError', planId: plan.plan_id });
    expect(stack.sandbox.admin.journal()).toEqual([]);
    expect((await world.reload(plan)).status).toBe('executing');
  });

  it('a key service that does not answer: throws TokenSealerUnavailableError, so SQS redelivers', async () => {
    // Prepare
    const world = await freshWorld(stack);
    const plan = await world.seed(aConfirmedPlan([steps.guestCount(14)]));
    const down: TokenSealer = {
      seal: async () => '',
      unseal: async (_sealed, planId) => Promise.reject(new TokenSealerUnavailableError(planId)),
    };

    // Act
    const delivery = world.deliver(plan, new OfflineExecutorModel(), { deps: { tokenSealer: down } });

    // Assess: redelivered later; nothing was called and the plan is not ended.
    await expect(delivery).rejects.toMatchObject({ name: 'TokenSealerUnavailableError', retryable: true });
    expect((await world.reload(plan)).status).toBe('executing');
    expect(stack.sandbox.admin.journal()).toEqual([]);
  });
});
