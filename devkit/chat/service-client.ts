import * as z from 'zod';
import { BookingSummary } from '../../lib/contracts/booking.ts';
import { ExecutionPlan } from '../../lib/contracts/execution-plan.ts';

/** What POST /v1/requests answers (openapi/service.yaml). Parsed loosely: extra fields are shown if known. */
export const ChatReply = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('plan'),
    plan: ExecutionPlan,
    presentation: z.object({
      intent_summary: z.string(),
      steps: z.array(
        z.object({
          step_number: z.number(),
          line: z.string(),
          safety_tier: z.enum(['normal', 'high_risk']),
          irreversible: z.boolean(),
        }),
      ),
      retry_note: z.string().optional(),
    }),
  }),
  z.object({
    kind: z.literal('clarification'),
    question: z.string(),
    reply_type: z.enum(['question', 'rephrase', 'declined', 'cancelled']).optional(),
    asks_for: z.string().optional(),
    candidates: z.array(BookingSummary).optional(),
    suggestions: z.array(z.string()).optional(),
  }),
]);
export type ChatReply = z.infer<typeof ChatReply>;

/** The plan as GET /v1/plans/{id} returns it. */
export const PlanEnvelope = z.object({ plan: ExecutionPlan });
export type ViewedPlan = z.infer<typeof PlanEnvelope>['plan'];

const ErrorBody = z.object({ error_type: z.string(), message: z.string() });

/** A non-2xx answer from the service, with its ServiceError. */
export class ServiceCallError extends Error {
  override readonly name = 'ServiceCallError';
  constructor(
    readonly status: number,
    readonly errorType: string,
    message: string,
  ) {
    super(message);
  }
}

export interface ServiceClientOptions {
  baseUrl: string;
  userId: string;
  token: string;
  fetch?: typeof fetch;
}

/** A small client of the IQ-facing API (openapi/service.yaml), acting as IQ would. */
export class ServiceClient {
  readonly #opts: ServiceClientOptions;
  readonly #fetch: typeof fetch;

  constructor(options: ServiceClientOptions) {
    this.#opts = options;
    this.#fetch = options.fetch ?? fetch;
  }

  sendRequest(sessionId: string, message: string): Promise<ChatReply> {
    return this.#call(
      'POST',
      '/v1/requests',
      { session_id: sessionId, user_id: this.#opts.userId, message },
      ChatReply,
    );
  }

  async confirm(planId: string): Promise<ViewedPlan> {
    const body = { user_id: this.#opts.userId };
    return (await this.#call('POST', `/v1/plans/${planId}/confirm`, body, PlanEnvelope)).plan;
  }

  async get(planId: string): Promise<ViewedPlan> {
    const query = `?user_id=${encodeURIComponent(this.#opts.userId)}`;
    return (await this.#call('GET', `/v1/plans/${planId}${query}`, undefined, PlanEnvelope)).plan;
  }

  async answer(planId: string, userMessage: string): Promise<ViewedPlan> {
    const body = { user_id: this.#opts.userId, user_message: userMessage };
    return (await this.#call('POST', `/v1/plans/${planId}/answer`, body, PlanEnvelope)).plan;
  }

  async #call<T>(method: string, path: string, body: unknown, schema: z.ZodType<T>): Promise<T> {
    const res = await this.#fetch(new URL(path, this.#opts.baseUrl), {
      method,
      headers: { 'content-type': 'application/json', 'x-user-token': this.#opts.token },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json: unknown = await res.json().catch(() => ({}));
    if (!res.ok) {
      const err = ErrorBody.safeParse(json);
      throw new ServiceCallError(
        res.status,
        err.success ? err.data.error_type : 'unknown',
        err.success ? err.data.message : `HTTP ${res.status}`,
      );
    }
    return schema.parse(json);
  }
}
