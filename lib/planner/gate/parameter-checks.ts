import { IsoDate, IsoDateTime, LocalTime } from '../../contracts/primitives.ts';
import { parameterSchema } from '../../registry/args-schema.ts';
import type { CompiledParameter } from '../../registry/compiled-action.ts';
import { isWholePlaceholder } from '../placeholders.ts';

/**
 * Why a value does not fit a registry parameter (001 primitive types plus the OpenAPI constraints the registry
 * kept), or undefined when it fits. A whole-value placeholder fits any type: it is resolved at execution.
 */
export function parameterProblem(param: CompiledParameter, value: unknown): string | undefined {
  if (isWholePlaceholder(value)) return undefined;
  const typeProblem = typeMismatch(param, value);
  if (typeProblem) return typeProblem;
  return constraintProblem(param, value);
}

function typeMismatch(param: CompiledParameter, value: unknown): string | undefined {
  const expect = (ok: boolean, what: string) => (ok ? undefined : `${param.name} must be ${what}`);
  switch (param.type) {
    case 'number':
      return expect(typeof value === 'number' && Number.isFinite(value), 'a number');
    case 'boolean':
      return expect(typeof value === 'boolean', 'true or false');
    case 'date':
      return expect(IsoDate.safeParse(value).success, 'a date YYYY-MM-DD');
    case 'time':
      return expect(LocalTime.safeParse(value).success, 'a time HH:MM (24-hour)');
    case 'datetime':
      return expect(IsoDateTime.safeParse(value).success, 'an ISO 8601 UTC datetime');
    case 'enum':
      return expect(
        typeof value === 'string' && (param.enum_values ?? []).includes(value),
        `one of ${(param.enum_values ?? []).join(', ')}`,
      );
    case 'array':
    case 'object':
      return structureProblem(param, value);
    default:
      return expect(typeof value === 'string' && value.length > 0, 'a non-empty text');
  }
}

/** A list or object is checked against the registry's own schema of it, naming the nested field at fault. */
function structureProblem(param: CompiledParameter, value: unknown): string | undefined {
  const parsed = parameterSchema(param).safeParse(value);
  if (parsed.success) return undefined;
  const issue = parsed.error.issues[0];
  const where = [param.name, ...(issue?.path ?? [])].join('.');
  return `${where}: ${issue?.message ?? 'does not fit'}`;
}

function constraintProblem(param: CompiledParameter, value: unknown): string | undefined {
  const c = param.constraints;
  if (!c) return undefined;
  if (typeof value === 'number') {
    if (c.integer && !Number.isInteger(value)) return `${param.name} must be a whole number`;
    if (c.minimum !== undefined && value < c.minimum) return `${param.name} must be at least ${c.minimum}`;
    if (c.maximum !== undefined && value > c.maximum) return `${param.name} must be at most ${c.maximum}`;
  }
  if (typeof value === 'string') {
    if (c.min_length !== undefined && value.length < c.min_length) {
      return `${param.name} must have at least ${c.min_length} characters`;
    }
    if (c.max_length !== undefined && value.length > c.max_length) {
      return `${param.name} must have at most ${c.max_length} characters`;
    }
    if (c.pattern !== undefined && !safeTest(c.pattern, value)) return `${param.name} has the wrong format`;
  }
  return undefined;
}

/** A pattern from the spec that does not compile is not the plan's fault: it is skipped. */
function safeTest(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return true;
  }
}
