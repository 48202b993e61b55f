import type { CallbackManagerForLLMRun } from '@langchain/core/callbacks/manager';
import type { BaseMessage } from '@langchain/core/messages';
import type { ChatResult } from '@langchain/core/outputs';
import { ChatGoogleGenerativeAI, type GoogleGenerativeAIChatInput } from '@langchain/google-genai';
import { budgetFor, type Deadline } from '../ports/deadline.ts';
import { currentDeadline } from '../ports/deadline-scope.ts';
import { mergeTurns } from './gemini-turns.ts';

type CompletionRequest = Parameters<ChatGoogleGenerativeAI['completionWithRetry']>[0];

/** Options of the Gemini chat model, all from Config (GEMINI_*). */
export interface GeminiModelOptions {
  apiKey: string;
  model: string;
  temperature: number;
  /** Per-call timeout (GEMINI_TIMEOUT_MS): an aborted call surfaces as PlannerUnavailableError (503). */
  timeoutMs: number;
  /** A local generateContent stub in tests (GEMINI_BASE_URL); Google's endpoint when unset. */
  baseUrl?: string;
  /**
   * The deadline of the invocation making the call; default the ambient one (lib/ports/deadline-scope.ts). A call
   * waits at most the smaller of timeoutMs and what is left of it (issue 28).
   */
  deadline?: () => Deadline;
}

/**
 * ChatGoogleGenerativeAI with a per-call timeout. The client has no timeout option of its own, so every
 * generation gets an AbortSignal that fires after timeoutMs (combined with the caller's signal, if any).
 * maxRetries is 0: the planner has its own single retry for invalid output, and 000 wants plans in 5-15 s.
 * Every request's contents go through mergeTurns (gemini-turns.ts): LangChain's message conversion sends shapes
 * Gemini refuses with a 400 (parallel function responses split over several turns, empty model turns).
 */
export class GeminiChatModel extends ChatGoogleGenerativeAI {
  private readonly timeoutMs: number;
  private readonly deadline: () => Deadline;

  constructor(options: GeminiModelOptions) {
    const fields: GoogleGenerativeAIChatInput = {
      model: options.model,
      apiKey: options.apiKey,
      temperature: options.temperature,
      maxRetries: 0,
      ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
    };
    super(fields);
    this.timeoutMs = options.timeoutMs;
    this.deadline = options.deadline ?? currentDeadline;
  }

  override async _generate(
    messages: BaseMessage[],
    options: this['ParsedCallOptions'],
    runManager?: CallbackManagerForLLMRun,
  ): Promise<ChatResult> {
    // A spent deadline aborts at once (timeout 0): the call surfaces as PlannerUnavailableError, a 503.
    const timeout = AbortSignal.timeout(Math.floor(budgetFor(this.deadline(), this.timeoutMs)));
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    return super._generate(messages, { ...options, signal }, runManager);
  }

  override completionWithRetry(request: CompletionRequest, options?: this['ParsedCallOptions']) {
    if (typeof request === 'string' || Array.isArray(request))
      return super.completionWithRetry(request, options);
    return super.completionWithRetry({ ...request, contents: mergeTurns(request.contents) }, options);
  }
}
