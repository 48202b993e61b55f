import { canonicalJson } from './canonical-json.ts';
import type { Part } from './gemini-wire.ts';

/**
 * Signatures that stand for "this call was not made by the model", on a call code put in the conversation (issue
 * 32: the planner's prefetched lookups, the executor's direct steps). Google documents two sentinels for calls a
 * client injects (ai.google.dev/gemini-api/docs/thought-signatures); @langchain/google-genai 2.3.2 puts its own
 * stand-in on any call it has no signature for when the model is a gemini-3 one (dist/utils/common.js,
 * DUMMY_SIGNATURE). Live Gemini 3 was not reachable to check that stand-in; docs/design-facts.md says so.
 */
export const SKIP_SIGNATURES: ReadonlySet<string> = new Set([
  'skip_thought_signature_validator',
  'context_engineering_is_the_way_to_go',
  'ErYCCrMCAdHtim9kOoOkrPiCNVsmlpMIKd7ZMxgiFbVQOkgp7nlLcDMzVsZwIzvuT7nQROivoXA72ccC2lSDvR0Gh7dkWaGuj7ctv6t7ZceHnecx0QYa+ix8tYpRfjhyWozQ49lWiws6+YGjCt10KRTyWsZ2h6O7iHTYJwKIRwGUHRKy/qK/6kFxJm5ML00gLq4D8s5Z6DBpp2ZlR+uF4G8jJgeWQgyHWVdx2wGYElaceVAc66tZdPQRdOHpWtgYSI1YdaXgVI8KHY3/EfNc2YqqMIulvkDBAnuMhkAjV9xmBa54Tq+ih3Im4+r3DzqhGqYdsSkhS0kZMwte4Hjs65dZzCw9lANxIqYi1DJ639WNPYihp/DCJCos7o+/EeSPJaio5sgWDyUnMGkY1atsJZ+m7pj7DD5tvQ==',
]);

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

  /** A signature this stand-in handed out, or one that stands for "no model thought here" (SKIP_SIGNATURES). */
  isKnown(signature: string): boolean {
    return this.#known.has(signature) || SKIP_SIGNATURES.has(signature);
  }

  /** The signature handed out with this function call, if any. */
  expectedFor(part: Part): string | undefined {
    return part.functionCall ? this.#byCall.get(callKey(part)) : undefined;
  }
}

function callKey(part: Part): string {
  return canonicalJson({ name: part.functionCall?.name, args: part.functionCall?.args ?? {} });
}
