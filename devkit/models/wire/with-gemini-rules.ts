import { checkGeminiRequest, type RuleViolation } from './gemini-request-rules.ts';
import type { ModelReply, Responder } from './model-endpoint.ts';
import { SignatureLedger } from './signature-ledger.ts';

/**
 * A responder that behaves like Gemini at its door: a request breaking one of Gemini's request rules gets the
 * 400 Gemini would send (the first rule broken) and never reaches the inner responder; the thought signatures of
 * every answer are remembered, so the next requests must echo them.
 */
export function withGeminiRules(
  inner: Responder,
  options: { ledger?: SignatureLedger; onViolation?: (violation: RuleViolation) => void } = {},
): Responder {
  const ledger = options.ledger ?? new SignatureLedger();
  return async function strictGemini(call): Promise<ModelReply> {
    const [violation] = checkGeminiRequest(call.request, ledger);
    if (violation) {
      options.onViolation?.(violation);
      return { ok: false, code: 400, message: violation.message };
    }
    const reply = await inner(call);
    if (reply.ok) ledger.issue(reply.response.candidates[0]?.content?.parts ?? []);
    return reply;
  };
}
