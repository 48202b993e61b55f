import { maskEchoedText, piiLookupFromRegistry } from '../../plans/mask-plan.ts';
import type { ActionOutcome } from '../../ports/booking-api.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import type { StepContext } from '../run-context.ts';
import { KEY_FIELDS } from './observation.ts';
import { maskDeep, maskParameters } from './pii-masking.ts';

export interface ActionInvocation {
  action: CompiledAction;
  args: Record<string, unknown>;
  /** Only mutations carry one. */
  idempotencyKey?: string;
  ifMatch?: string;
  stepNumber: number;
  /** What the call is for, in the span: the forward step, its pre-image read, or its compensation. */
  purpose: 'step' | 'pre_image' | 'compensation' | 'settle_in_doubt' | 'read_back';
  /** The user confirmed this forward step as high risk: danger acknowledgements (X-Dangerous) may be sent. */
  confirmedHighRisk?: boolean;
}

function responseSummary(outcome: ActionOutcome): unknown {
  if (!outcome.ok) {
    return {
      error_type: outcome.error_type,
      status: outcome.status,
      message: outcome.message,
      field: outcome.field,
    };
  }
  const d = outcome.data;
  return maskDeep(Object.fromEntries(KEY_FIELDS.filter((k) => k in d).map((k) => [k, d[k]])));
}

/**
 * One booking API call in its own `tool:<action_id>` span (issue 7: action id, masked parameters, response
 * summary, latency, outcome). The user's token goes to the API only, never to the span.
 */
export async function callAction(ctx: StepContext, call: ActionInvocation): Promise<ActionOutcome> {
  const { action, args, stepNumber, purpose } = call;
  return ctx.deps.tracer.span(
    `tool:${action.action_id}`,
    ctx.scope,
    {
      asType: 'tool',
      input: { step_number: stepNumber, purpose, parameters: maskParameters(action, args) },
      metadata: {
        action_id: action.action_id,
        plan_id: ctx.planId,
        idempotency_key: call.idempotencyKey,
      },
    },
    async function invokeBookingApi(span) {
      const started = performance.now();
      const raw = await ctx.deps.bookingApi.invoke({
        action,
        args,
        token: ctx.token,
        ...(call.idempotencyKey ? { idempotencyKey: call.idempotencyKey } : {}),
        ...(call.ifMatch ? { ifMatch: call.ifMatch } : {}),
        // Danger acknowledgements (X-Dangerous) only for a forward step the user confirmed as high risk.
        ...(purpose === 'step' && call.confirmedHighRisk && action.safety_tier === 'high_risk'
          ? { confirmedHighRisk: true }
          : {}),
      });
      const outcome = maskedEcho(ctx, call, raw);
      span.update({
        output: responseSummary(outcome),
        metadata: {
          latency_ms: Math.round(performance.now() - started),
          outcome: outcome.ok ? 'success' : outcome.error_type,
          http_status: outcome.status,
        },
        level: outcome.ok ? 'DEFAULT' : 'ERROR',
        ...(outcome.ok ? {} : { statusMessage: outcome.error_type }),
      });
      return outcome;
    },
  );
}

/**
 * Issue 14, decision 6: APIs echo the rejected value in their error text ("email x@y.z is not accepted"). The
 * text is masked as it enters, like the plan's PII at rest, so no copy of it (observation, log, span, failure
 * reason, rollback report) holds the raw value.
 */
function maskedEcho(ctx: StepContext, call: ActionInvocation, outcome: ActionOutcome): ActionOutcome {
  if (outcome.ok) return outcome;
  const isPii = piiLookupFromRegistry((id) => ctx.deps.registry.get(id));
  const source = [{ action_id: call.action.action_id, parameters: call.args }];
  return { ...outcome, message: maskEchoedText(outcome.message, source, isPii) };
}
