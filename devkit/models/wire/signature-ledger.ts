import { canonicalJson } from './canonical-json.ts';
import type { Part } from './gemini-wire.ts';

/** Options of SignatureLedger. */
export interface SignatureLedgerOptions {
  /**
   * Gemini 3's strict validation: once signatures are in use, the first function call of every model turn in the
   * current turn must carry one. Right for a stand-in that signs every answer (the strict stub's `sign`); wrong
   * in front of a model that signs only some answers (Gemini 2.5), so off by default.
   */
  everyCallSigned?: boolean;
}

/**
 * The thought signatures a Gemini stand-in has handed out (Gemini 3: `thoughtSignature` on a functionCall part,
 * which the client must send back on that same part). A call is recognised later by its name and arguments, so a
 * ledger serves one conversation at a time (reset() between them): two conversations may make the same call.
 */
export class SignatureLedger {
  readonly #byCall = new Map<string, string>();
  readonly #known = new Set<string>();
  readonly everyCallSigned: boolean;

  constructor(options: SignatureLedgerOptions = {}) {
    this.everyCallSigned = options.everyCallSigned ?? false;
  }

  /** Forgets the calls of the previous conversation (their signatures stay valid if they come back). */
  reset(): void {
    this.#byCall.clear();
  }

  /** Remembers the signatures of one model turn the stand-in answered. */
  issue(parts: readonly Part[]): void {
    for (const part of parts) {
      if (!part.thoughtSignature) continue;
      this.#known.add(part.thoughtSignature);
      if (part.functionCall) this.#byCall.set(callKey(part), part.thoughtSignature);
    }
  }

  /** True when every call of the current turn must be signed (everyCallSigned, once signatures are in use). */
  get signing(): boolean {
    return this.everyCallSigned && this.#known.size > 0;
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
