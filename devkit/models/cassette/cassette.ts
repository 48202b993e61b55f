import * as z from 'zod';
import { FunctionDeclaration, GenerateContentResponse } from '../wire/gemini-wire.ts';

const Part = z.union([
  z.strictObject({ text: z.string() }),
  z.strictObject({ call: z.strictObject({ name: z.string(), args: z.unknown() }) }),
  z.strictObject({ response: z.strictObject({ name: z.string(), response: z.unknown() }) }),
]);

/** A request as a cassette keeps it: normalizeRequest's output. */
export const CassetteRequest = z.strictObject({
  system: z.string().optional(),
  tools: z.array(FunctionDeclaration),
  tool_config: z.unknown().optional(),
  contents: z.array(z.strictObject({ role: z.string(), parts: z.array(Part) })),
});

/** One recorded exchange: the normalised request, and the model's answer or the error it got. */
export const CassetteInteraction = z
  .strictObject({
    request: CassetteRequest,
    response: GenerateContentResponse.optional(),
    error: z.strictObject({ code: z.number().int(), message: z.string() }).optional(),
  })
  .refine((i) => (i.response === undefined) !== (i.error === undefined), 'exactly one of response and error');

/**
 * A recorded conversation (docs/models.md "Cassettes"): every model request of one eval case and trial,
 * normalised, with the answer the model gave, and the case's verdict when it was recorded. Written by the relay
 * and `--provider gemini --record`; never by hand.
 */
export const Cassette = z.strictObject({
  format: z.literal(1),
  /** The eval suite and case it belongs to; `npm test` and `--provider cassette` replay that case. */
  suite: z.string(),
  case: z.string(),
  trial: z.number().int().min(1),
  recorded_with: z.enum(['relay', 'gemini']),
  model: z.string(),
  /** The eval's verdict on the recorded run: a replay must reach the same one. */
  verdict: z.strictObject({ passed: z.boolean(), failures: z.array(z.string()) }),
  interactions: z.array(CassetteInteraction),
});
export type Cassette = z.infer<typeof Cassette>;
export type CassetteInteraction = z.infer<typeof CassetteInteraction>;
