import type { CompiledParameter } from './compiled-action.ts';

/** Format hints go into the description because Gemini rejects `format: date` and `pattern` (docs/design-facts.md). */
const FORMAT_HINT: Partial<Record<CompiledParameter['type'], { token: string; hint: string }>> = {
  date: { token: 'YYYY-MM-DD', hint: 'Format YYYY-MM-DD.' },
  time: { token: 'HH:MM', hint: 'Format HH:MM, 24-hour, local venue time.' },
  datetime: { token: 'ISO 8601', hint: 'ISO 8601 UTC, e.g. 2024-03-15T14:30:00Z.' },
};

/** The description a model sees for one parameter (or nested field): the 001 description plus format and default hints. */
export function modelFacingDescription(
  parameter: Pick<CompiledParameter, 'description' | 'type'> & { default?: unknown },
): string {
  const parts = [parameter.description];
  const format = FORMAT_HINT[parameter.type];
  if (format !== undefined && !parameter.description.includes(format.token)) parts.push(format.hint);
  if (parameter.default !== undefined) parts.push(`Default: ${JSON.stringify(parameter.default)}.`);
  return parts.join(' ');
}
