import type { CompiledValue } from './compiled-action.ts';

/**
 * A compact, model-readable type of a parameter or nested value: `date`, `a|b|c`, `list of {id*: string}`
 * (`*` marks required fields). The planner's prompt lists plan-step parameters this way.
 */
export function shapeSummary(value: CompiledValue): string {
  if (value.type === 'enum') return (value.enum_values ?? []).join('|');
  if (value.type === 'array') return `list of ${value.items ? shapeSummary(value.items) : 'values'}`;
  if (value.type === 'object') {
    const fields = (value.fields ?? []).map((f) => `${f.name}${f.required ? '*' : ''}: ${shapeSummary(f)}`);
    return `{${fields.join(', ')}}`;
  }
  return value.type;
}
