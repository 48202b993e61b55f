import { formatPath, readPath, resolveParameters, templatesIn } from '../../contracts/template-grammar.ts';
import type { ActionOutcome } from '../../ports/booking-api.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import type { StepContext } from '../run-context.ts';
import { callAction } from './call-action.ts';

/** Fields always kept from a pre-image: they name the booking in messages and the recovery guidance. */
const IDENTITY_FIELDS = ['booking_id', 'booking_reference', 'version'];

/** The `{{before.x}}` fields a compensation reads: only these are stored (data minimisation). */
export function beforeFieldsOf(action: CompiledAction): string[] {
  const fields = new Set(IDENTITY_FIELDS);
  for (const template of Object.values(action.compensation?.parameters ?? {})) {
    // Dotted form ("items.0.id"): pick() nests by these keys, and readPath reads either index style.
    for (const ref of templatesIn(template))
      if (ref.scope === 'before') fields.add(formatPath(ref.path, 'dots'));
  }
  return [...fields];
}

/** The fields at these paths, nested as in `data`, so `{{before.booking.start_at}}` reads back the same way. */
export function pick(data: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  // Objects this function created; a value taken whole (`booking` before `booking.start_at`) is never entered.
  const nodes = new Map<unknown, Record<string, unknown>>([[out, out]]);
  for (const f of fields) {
    const v = readPath(data, f);
    if (v === undefined) continue;
    const keys = f.split('.');
    let at = nodes.get(out);
    for (const key of keys.slice(0, -1)) {
      if (at !== undefined && !(key in at)) {
        const child: Record<string, unknown> = {};
        nodes.set(child, child);
        at[key] = child;
      }
      at = at === undefined ? undefined : nodes.get(at[key]);
    }
    const last = keys[keys.length - 1];
    if (at !== undefined && last !== undefined && !(last in at)) at[last] = v;
  }
  return out;
}

/** The read a pre-image (and a read-back) makes: the overlay's reader and its arguments resolved over the request. */
export type PreImageRead =
  | { kind: 'none' }
  | { kind: 'missing'; parameters: string[] }
  | { kind: 'read'; reader: CompiledAction; args: Record<string, unknown> };

export function preImageRead(
  ctx: StepContext,
  action: CompiledAction,
  request: Record<string, unknown>,
): PreImageRead {
  const spec = action.compensation?.pre_image;
  if (!spec) return { kind: 'none' };
  const reader = ctx.deps.registry.require(spec.action_id);
  const { values, missing } = resolveParameters(spec.parameters, (scope, path) =>
    scope === 'request' ? readPath(request, path) : undefined,
  );
  const unresolved = Object.keys(missing);
  return unresolved.length > 0
    ? { kind: 'missing', parameters: unresolved }
    : { kind: 'read', reader, args: values };
}

export type PreImage =
  | { ok: true; before?: Record<string, unknown> }
  | { ok: false; outcome: Extract<ActionOutcome, { ok: false }> };

/**
 * Reads the pre-image a reversible step's compensation needs (overlay compensation.pre_image: a read-only
 * action whose parameters are templates over the forward request), just before the forward call. Rollback
 * then restores recorded values; no model chooses them (docs/design-facts.md: rollback is deterministic).
 */
export async function takePreImage(
  ctx: StepContext,
  action: CompiledAction,
  stepNumber: number,
  request: Record<string, unknown>,
): Promise<PreImage> {
  const read = preImageRead(ctx, action, request);
  if (read.kind === 'none') return { ok: true };
  if (read.kind === 'missing') {
    return {
      ok: false,
      outcome: {
        ok: false,
        status: undefined,
        error_type: 'bad_request',
        message: `cannot read the current booking before the change: ${read.parameters.join(', ')} missing`,
      },
    };
  }
  const outcome = await callAction(ctx, {
    action: read.reader,
    args: read.args,
    stepNumber,
    purpose: 'pre_image',
  });
  if (!outcome.ok) return { ok: false, outcome };
  return { ok: true, before: pick(outcome.data, beforeFieldsOf(action)) };
}
