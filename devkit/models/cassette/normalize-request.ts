import type * as z from 'zod';
import type { GenerateContentRequest, Part } from '../wire/gemini-wire.ts';
import type { CassetteRequest } from './cassette.ts';

/** A request as a cassette keeps it (docs/models.md "Cassettes"): what the model saw, without volatile values. */
export type NormalizedRequest = z.infer<typeof CassetteRequest>;
type NormalizedPart = NormalizedRequest['contents'][number]['parts'][number];

/** Values that differ on every run while meaning the same: ids and clock readings. */
const VOLATILE: Array<[RegExp, string]> = [
  [/\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/gi, '<uuid>'],
  [/\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?/g, '<timestamp>'],
];

/**
 * The request with volatile values replaced (uuids, timestamps) and function results parsed from their JSON
 * strings, so a later comparison sees structure rather than text. Generation settings (temperature…) are left
 * out: they are configuration, not conversation.
 */
export function normalizeRequest(request: GenerateContentRequest): NormalizedRequest {
  const system = request.systemInstruction?.parts.flatMap((p) => (p.text ? [p.text] : [])).join('\n');
  return {
    ...(system ? { system: stable(system) } : {}),
    tools: (request.tools ?? []).flatMap((t) => t.functionDeclarations ?? []),
    ...(request.toolConfig === undefined ? {} : { tool_config: request.toolConfig }),
    contents: request.contents.map((c) => ({
      role: c.role ?? 'user',
      parts: c.parts.flatMap(normalizePart),
    })),
  };
}

function normalizePart(part: Part): NormalizedPart[] {
  if (part.functionCall) {
    return [{ call: { name: part.functionCall.name, args: deepStable(part.functionCall.args ?? {}) } }];
  }
  if (part.functionResponse) {
    const response = deepStable(parseJsonStrings(part.functionResponse.response ?? {}));
    return [{ response: { name: part.functionResponse.name, response } }];
  }
  return typeof part.text === 'string' && part.thought !== true ? [{ text: stable(part.text) }] : [];
}

/** Replaces the volatile values of one string. */
export function stable(text: string): string {
  return VOLATILE.reduce((t, [pattern, token]) => t.replace(pattern, token), text);
}

function deepStable(value: unknown): unknown {
  if (typeof value === 'string') return stable(value);
  if (Array.isArray(value)) return value.map(deepStable);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, deepStable(v)]));
}

/** LangChain sends a tool result as `{result: "<the JSON text>"}`: parsed here, one level at a time. */
function parseJsonStrings(value: unknown): unknown {
  if (typeof value === 'string' && /^\s*[[{]/.test(value)) {
    try {
      return parseJsonStrings(JSON.parse(value));
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) return value.map(parseJsonStrings);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, parseJsonStrings(v)]));
}
