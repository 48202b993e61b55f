import { isPiiKey } from '../observability/redact.ts';
import type { CompiledParameter } from './compiled-action.ts';

/**
 * Issue 31: "is this parameter personal data?", answered in one place. The compile step classifies every parameter
 * and records `pii: true` on those that carry guest PII (overlay pii_parameters, a PII field inside it, or a PII
 * name such as email, phone or guest_name: lib/registry/compile/input-policy.ts); every masker and check reads that
 * record here. A name the action does not declare (a model's invented key, or no action at all) is judged by the
 * same name rule the compiler uses, so an undeclared email is never let through unmasked.
 */
export function isPiiParameter(
  action: { readonly parameters: readonly CompiledParameter[] } | undefined,
  name: string,
): boolean {
  const declared = action?.parameters.find((p) => p.name === name);
  return declared === undefined ? isPiiKey(name) : declared.pii === true;
}
