import { GenerateContentResponse } from '../wire/gemini-wire.ts';
import type { ModelReply } from '../wire/model-endpoint.ts';
import type { ConversationResponder } from './conversation.ts';

/** Google's Gemini API, where `--provider gemini --record` forwards requests. */
export const GOOGLE_GEMINI_URL = 'https://generativelanguage.googleapis.com';

/** Options of upstreamResponder. */
export interface UpstreamOptions {
  /** Default Google's endpoint; tests pass a stub. */
  baseUrl?: string;
  /** Per call; default 120 s. */
  timeoutMs?: number;
}

/**
 * `--provider gemini --record`: forwards each request unchanged to Gemini with the caller's API key and returns
 * Gemini's answer, so the model server can record it. The key travels in the header only; nothing stores it.
 */
export function upstreamResponder(options: UpstreamOptions = {}): ConversationResponder {
  const base = (options.baseUrl ?? GOOGLE_GEMINI_URL).replace(/\/$/, '');
  return async function forwardToGemini(call): Promise<ModelReply> {
    const signal = AbortSignal.any([call.signal, AbortSignal.timeout(options.timeoutMs ?? 120_000)]);
    let response: Response;
    try {
      response = await fetch(`${base}/v1beta/models/${encodeURIComponent(call.model)}:generateContent`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(call.apiKey ? { 'x-goog-api-key': call.apiKey } : {}),
        },
        body: JSON.stringify(call.request),
        signal,
      });
    } catch (error) {
      return {
        ok: false,
        code: 503,
        message: `upstream Gemini unreachable: ${error instanceof Error ? error.name : 'error'}`,
      };
    }
    const body: unknown = await response.json().catch(() => undefined);
    if (!response.ok) {
      const message = errorMessage(body) ?? `upstream Gemini answered HTTP ${response.status}`;
      return { ok: false, code: response.status, message };
    }
    const parsed = GenerateContentResponse.safeParse(body);
    if (parsed.success) return { ok: true, response: parsed.data };
    return { ok: false, code: 502, message: 'upstream Gemini answered without a candidate' };
  };
}

function errorMessage(body: unknown): string | undefined {
  if (typeof body !== 'object' || body === null || !('error' in body)) return undefined;
  const error = body.error;
  return typeof error === 'object' &&
    error !== null &&
    'message' in error &&
    typeof error.message === 'string'
    ? error.message
    : undefined;
}
