import { canonicalJson } from './canonical-json.ts';
import type { Part } from './gemini-wire.ts';

/**
 * The thought signatures a Gemini stand-in has handed out (Gemini 3: `thoughtSignature` on a functionCall part,
 * which the client must send back on that same part). A call is recognised later by its name and arguments.
 */
export class SignatureLedger {
  readonly #byCall = new Map<string, string>();
  readonly #known = new Set<string>();

  /** Remembers the signatures of one model turn the stand-in answered. */
  issue(parts: readonly Part[]): void {
    for (const part of parts) {
      if (!part.thoughtSignature) continue;
      this.#known.add(part.thoughtSignature);
      if (part.functionCall) this.#byCall.set(callKey(part), part.thoughtSignature);
    }
  }

  /** True once any signature was handed out: Gemini then enforces them in the current turn. */
  get signing(): boolean {
    return this.#known.size > 0;
  }

  isKnown(signature: string): boolean {
    return this.#known.has(signature);
  }

  /** The signature handed out with this function call, if any. */
  expectedFor(part: Part): string | undefined {
    return part.functionCall ? this.#byCall.get(callKey(part)) : undefined;
  }
}

function callKey(part: Part): string {
  return canonicalJson({ name: part.functionCall?.name, args: part.functionCall?.args ?? {} });
}
