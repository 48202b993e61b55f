import type { CassetteInteraction } from '../cassette/cassette.ts';
import { normalizeRequest } from '../cassette/normalize-request.ts';
import { type ModelReply, startModelEndpoint } from '../wire/model-endpoint.ts';
import { SignatureLedger } from '../wire/signature-ledger.ts';
import { withGeminiRules } from '../wire/with-gemini-rules.ts';
import type { ConversationResponder, RecordedConversation } from './conversation.ts';

/** Options of startModelServer. */
export interface ModelServerOptions {
  respond: ConversationResponder;
  /** See ModelEndpointOptions.keepAliveMs: set for the relay, whose answers take minutes. */
  keepAliveMs?: number;
  /** The conversation of calls made outside begin()/end(), e.g. the whole `npm start` session. */
  defaultConversation: string;
  /** Called after each answered call (the relay keeps the conversation's cassette on disk as it grows). */
  onInteraction?: (conversation: RecordedConversation) => void;
}

/** A running Gemini stand-in that groups calls into conversations. */
export interface ModelServer {
  /** For GEMINI_BASE_URL. */
  url: string;
  /** Calls from now on belong to this conversation (the eval starts one per case and trial). */
  begin(name: string): void;
  /** Ends the current conversation and returns what it recorded; later calls go to the default one. */
  end(): RecordedConversation;
  close(): Promise<void>;
}

/**
 * The loopback stand-in behind LLM_PROVIDER=relay and cassette, and behind `--provider gemini --record`: the
 * real client talks to it as to Gemini. Every request first meets Gemini's request rules (a broken one gets
 * Gemini's 400 and is reported), then the responder; every answered call is recorded for the cassette.
 * Conversations are sequential: one at a time, as the eval runs its cases.
 */
export async function startModelServer(options: ModelServerOptions): Promise<ModelServer> {
  const fresh = (name: string): RecordedConversation => ({ name, interactions: [], violations: [] });
  let current = fresh(options.defaultConversation);
  const ledger = new SignatureLedger();
  const respond = withGeminiRules(
    async function recordedTurn(call): Promise<ModelReply> {
      const conversation = current;
      const reply = await options.respond(call, {
        conversation: conversation.name,
        seq: conversation.interactions.length + 1,
      });
      const interaction: CassetteInteraction = {
        request: normalizeRequest(call.request),
        ...(reply.ok
          ? { response: reply.response }
          : { error: { code: reply.code, message: reply.message } }),
      };
      conversation.interactions.push(interaction);
      options.onInteraction?.(conversation);
      return reply;
    },
    {
      onViolation: (v) => current.violations.push(`request ${current.interactions.length + 1}: ${v.message}`),
    },
  );
  const endpoint = await startModelEndpoint({
    respond,
    ...(options.keepAliveMs ? { keepAliveMs: options.keepAliveMs } : {}),
  });
  return {
    url: endpoint.url,
    begin(name) {
      current = fresh(name);
      ledger.reset();
    },
    end() {
      const ended = current;
      current = fresh(options.defaultConversation);
      return ended;
    },
    close: endpoint.close,
  };
}
