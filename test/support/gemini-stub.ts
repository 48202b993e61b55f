import type { GeminiRule } from '../../devkit/models/wire/gemini-request-rules.ts';
import { modelResponse, type Part } from '../../devkit/models/wire/gemini-wire.ts';
import { type Responder, startModelEndpoint } from '../../devkit/models/wire/model-endpoint.ts';
import { SignatureLedger } from '../../devkit/models/wire/signature-ledger.ts';
import { withGeminiRules } from '../../devkit/models/wire/with-gemini-rules.ts';

export { findForbiddenSchemaKeys } from '../../devkit/models/wire/schema-subset.ts';

/** One scripted functionCall part; `id` is always sent (without one LangChain invents a random id). */
export interface StubFunctionCall {
  name: string;
  args: Record<string, unknown>;
  id: string;
  /** Gemini 3 thought signature, sent back as part.thoughtSignature. */
  thoughtSignature?: string;
}

/** What the stub answers to one generateContent call. */
export type StubReply =
  | { functionCalls: StubFunctionCall[]; text?: string }
  | { text: string }
  | { status: number; message: string };

/** One captured request: the model from the URL, the API key header and the parsed JSON body. */
export interface CapturedRequest {
  model: string;
  apiKey: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: the wire body is asserted field by field in tests
  body: any;
}

export interface GeminiStubOptions {
  /** Enforce Gemini's request rules (devkit/models/wire/gemini-request-rules.ts) with its 400s. Default true. */
  strict?: boolean;
  /**
   * Act like Gemini 3: put a fresh thought signature on the first function call of every answer that has none,
   * so every conversation must echo them. Default false.
   */
  sign?: boolean;
  /** Answers instead of the scripted queue (e.g. a cassette player); the rules still apply first. */
  respond?: Responder;
}

export interface GeminiStub {
  /** Base URL to pass as GEMINI_BASE_URL / baseUrl. */
  url: string;
  requests: CapturedRequest[];
  /** The rules the requests broke, in order (each got a 400). */
  violations: Array<{ request: number; rule: GeminiRule; message: string }>;
  /** Queues replies, answered in order; an unscripted call gets a 500 naming the problem. */
  reply(...replies: StubReply[]): void;
  close(): Promise<void>;
}

/**
 * The strict Gemini stub: the real ChatGoogleGenerativeAI can target it through baseUrl (docs/design-facts.md). It
 * captures every request, refuses one that breaks Gemini's documented request rules with Gemini's 400 (issue 14
 * "A strict Gemini stub"), and otherwise answers scripted function calls or text in Gemini's response shape.
 * Loopback only.
 */
export async function startGeminiStub(options: GeminiStubOptions = {}): Promise<GeminiStub> {
  const requests: CapturedRequest[] = [];
  const violations: GeminiStub['violations'] = [];
  const queue: StubReply[] = [];
  let signatures = 0;
  const scripted: Responder = async () => {
    const next = queue.shift();
    if (!next)
      return { ok: false, code: 500, message: `stub: no reply scripted for request ${requests.length}` };
    if ('status' in next) return { ok: false, code: next.status, message: next.message };
    const parts = partsOf(next);
    const first = parts.find((p) => p.functionCall);
    if (options.sign && first && !first.thoughtSignature) first.thoughtSignature = `stub-sig-${++signatures}`;
    return { ok: true, response: modelResponse(parts, 'stub') };
  };
  const inner = options.respond ?? scripted;
  const checked: Responder =
    options.strict === false
      ? inner
      : withGeminiRules(inner, {
          ledger: new SignatureLedger({ everyCallSigned: options.sign === true }),
          onViolation: (v) => violations.push({ request: requests.length, ...v }),
        });
  const endpoint = await startModelEndpoint({
    respond(call) {
      requests.push({ model: call.model, apiKey: call.apiKey, body: structuredClone(call.request) });
      return checked(call);
    },
  });
  return {
    url: endpoint.url,
    requests,
    violations,
    reply: (...replies) => {
      queue.push(...replies);
    },
    close: endpoint.close,
  };
}

function partsOf(reply: Exclude<StubReply, { status: number }>): Part[] {
  const text = reply.text ? [{ text: reply.text }] : [];
  if (!('functionCalls' in reply)) return 'text' in reply ? [{ text: reply.text }] : text;
  return [
    ...text,
    ...reply.functionCalls.map((c) => ({
      functionCall: { name: c.name, args: c.args, id: c.id },
      ...(c.thoughtSignature ? { thoughtSignature: c.thoughtSignature } : {}),
    })),
  ];
}
