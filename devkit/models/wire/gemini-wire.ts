import * as z from 'zod';

/**
 * Gemini's generateContent wire format (docs/design-facts.md "Gemini through @langchain/google-genai"), as far as this
 * service uses it. Objects are loose: Gemini has more fields than we read, and a stand-in must not refuse them.
 */

export const FunctionCall = z.looseObject({
  name: z.string(),
  args: z.record(z.string(), z.unknown()).optional(),
  id: z.string().optional(),
});

export const FunctionResponse = z.looseObject({
  name: z.string(),
  response: z.record(z.string(), z.unknown()).optional(),
  id: z.string().optional(),
});

/** One part: exactly one of text, functionCall, functionResponse (or media, which we never send). */
export const Part = z.looseObject({
  text: z.string().optional(),
  thought: z.boolean().optional(),
  thoughtSignature: z.string().optional(),
  functionCall: FunctionCall.optional(),
  functionResponse: FunctionResponse.optional(),
});
export type Part = z.infer<typeof Part>;

export const Content = z.looseObject({
  role: z.string().optional(),
  parts: z.array(Part),
});
export type Content = z.infer<typeof Content>;

export const FunctionDeclaration = z.looseObject({
  name: z.string(),
  description: z.string().optional(),
  parameters: z.unknown().optional(),
});
export type FunctionDeclaration = z.infer<typeof FunctionDeclaration>;

export const GenerateContentRequest = z.looseObject({
  contents: z.array(Content),
  systemInstruction: Content.optional(),
  tools: z.array(z.looseObject({ functionDeclarations: z.array(FunctionDeclaration).optional() })).optional(),
  toolConfig: z.unknown().optional(),
  generationConfig: z.unknown().optional(),
});
export type GenerateContentRequest = z.infer<typeof GenerateContentRequest>;

export const Candidate = z.looseObject({
  content: Content.optional(),
  finishReason: z.string().optional(),
  index: z.number().optional(),
});

export const GenerateContentResponse = z.looseObject({
  candidates: z.array(Candidate).min(1),
  usageMetadata: z.unknown().optional(),
  modelVersion: z.string().optional(),
});
export type GenerateContentResponse = z.infer<typeof GenerateContentResponse>;

/** Gemini's error body: `{error: {code, message, status}}` (status e.g. INVALID_ARGUMENT). */
export interface GeminiErrorBody {
  error: { code: number; message: string; status: string };
}

const STATUS_NAMES: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  404: 'NOT_FOUND',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

export function geminiError(code: number, message: string): GeminiErrorBody {
  return { error: { code, message, status: STATUS_NAMES[code] ?? 'UNKNOWN' } };
}

/** The function declarations of a request (all tools entries), in order. */
export function declarationsOf(request: GenerateContentRequest): FunctionDeclaration[] {
  return (request.tools ?? []).flatMap((t) => t.functionDeclarations ?? []);
}

/** The model's turn as a full response, with usage metadata (zeros: no tokens were counted). */
export function modelResponse(parts: Part[], modelVersion: string): GenerateContentResponse {
  return {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 0, candidatesTokenCount: 0, totalTokenCount: 0 },
    modelVersion,
  };
}
