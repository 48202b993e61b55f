import type { CompiledAction } from '../../registry/compiled-action.ts';
import { argsSchema } from '../../registry/gemini-declarations.ts';

export interface ArgumentIssue {
  field: string;
  message: string;
}

/**
 * Validates resolved arguments against the registry schema (argsSchema: types, 001 formats, OpenAPI constraints,
 * no unknown keys) before any HTTP call. Issues name the field, like the booking API's 400 does, so the model can
 * correct them.
 */
export function validateArguments(
  action: CompiledAction,
  args: Record<string, unknown>,
): { ok: true; args: Record<string, unknown> } | { ok: false; issues: ArgumentIssue[] } {
  const parsed = argsSchema(action).safeParse(args);
  if (parsed.success) return { ok: true, args: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({
      field:
        i.path.length > 0
          ? i.path.join('.')
          : i.code === 'unrecognized_keys'
            ? i.keys.join(', ')
            : '(arguments)',
      message: i.message,
    })),
  };
}
