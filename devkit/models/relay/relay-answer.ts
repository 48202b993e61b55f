import * as z from 'zod';
import {
  declarationsOf,
  type GenerateContentRequest,
  GenerateContentResponse,
  modelResponse,
  type Part,
} from '../wire/gemini-wire.ts';

/**
 * The simple answer shape a person writes into `<seq>.response.json` (docs/models.md "Relay"): text, function
 * calls, or both. `args` is the call's arguments as a JSON object, with the types the tool declares.
 */
export const RelayAnswer = z
  .strictObject({
    text: z.string().min(1).optional(),
    functionCalls: z
      .array(
        z.strictObject({
          name: z.string().min(1),
          args: z.record(z.string(), z.unknown()).default({}),
        }),
      )
      .optional(),
  })
  .refine((a) => a.text !== undefined || (a.functionCalls?.length ?? 0) > 0, {
    message: 'give "text", "functionCalls" (at least one call), or both',
  });
export type RelayAnswer = z.infer<typeof RelayAnswer>;

/** An answer file read: the model turn as a Gemini response, or every problem found in it. */
export type ReadAnswer = { ok: true; response: GenerateContentResponse } | { ok: false; problems: string[] };

/**
 * Reads an answer: Gemini's own response shape (`{"candidates": [...]}`) or the simple shape. Every function
 * call must name a tool the request declared; calls get ids `relay-<seq>-<n>` when they have none (LangChain
 * would invent random ones, which would make recordings differ).
 */
export function readRelayAnswer(json: unknown, request: GenerateContentRequest, seq: number): ReadAnswer {
  const parts = partsOf(json);
  if (!parts.ok) return parts;
  const declared = new Set(declarationsOf(request).map((d) => d.name));
  const problems = parts.parts.flatMap((p, i) => {
    const name = p.functionCall?.name;
    if (name === undefined || declared.has(name)) return [];
    return [
      `functionCalls[${i}].name: '${name}' is not one of the declared tools (${[...declared].join(', ')})`,
    ];
  });
  if (problems.length > 0) return { ok: false, problems };
  let n = 0;
  const withIds = parts.parts.map((p) =>
    p.functionCall && !p.functionCall.id
      ? { ...p, functionCall: { ...p.functionCall, id: `relay-${seq}-${++n}` } }
      : p,
  );
  return { ok: true, response: modelResponse(withIds, 'relay') };
}

function partsOf(json: unknown): { ok: true; parts: Part[] } | { ok: false; problems: string[] } {
  if (json !== null && typeof json === 'object' && 'candidates' in json) {
    const full = GenerateContentResponse.safeParse(json);
    if (!full.success) return { ok: false, problems: issues(full.error) };
    const parts = full.data.candidates[0]?.content?.parts ?? [];
    return parts.length > 0
      ? { ok: true, parts }
      : { ok: false, problems: ['candidates[0].content.parts is empty'] };
  }
  const simple = RelayAnswer.safeParse(json);
  if (!simple.success) return { ok: false, problems: issues(simple.error) };
  const { text, functionCalls = [] } = simple.data;
  return {
    ok: true,
    parts: [
      ...(text ? [{ text }] : []),
      ...functionCalls.map((c) => ({ functionCall: { name: c.name, args: c.args } })),
    ],
  };
}

function issues(error: z.ZodError): string[] {
  return error.issues.map((i) => `${i.path.join('.') || '(answer)'}: ${i.message}`);
}
