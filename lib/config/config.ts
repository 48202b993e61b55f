import * as z from 'zod';
import { VenueLocale, VenueTimeZone } from '../dates/venue-settings-check.ts';

/** The venue locale when VENUE_LOCALE is not set: the service's home market. */
export const DEFAULT_VENUE_LOCALE = 'en-AU';
/** The venue timezone when VENUE_TIMEZONE is not set: the home market's. */
export const DEFAULT_VENUE_TIMEZONE = 'Australia/Sydney';

/** DEADLINE_MARGIN_MS when not set; also the HTTP handler's default when a composition passes none. */
export const DEFAULT_DEADLINE_MARGIN_MS = 2_500;

const int = (def: number, min: number, max: number) => z.coerce.number().int().min(min).max(max).default(def);
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/** A variable set to blank (`VENUE_TIMEZONE=`) is unset: its default applies. */
function blankIsUnset<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema);
}

/**
 * The service's whole configuration, parsed once from the environment (STYLE: config is one object).
 * Every default is documented in the README's configuration table; keep the two in step.
 */
export const ConfigSchema = z
  .object({
    STAGE: z.string().default('local'),
    AWS_REGION: z.string().default('us-east-1'),
    LOG_LEVEL: z.enum(['DEBUG', 'INFO', 'WARN', 'ERROR', 'SILENT']).default('INFO'),

    PLANS_TABLE: z.string().default('booking-update-plans'),
    SESSIONS_TABLE: z.string().default('booking-update-sessions'),
    EXECUTIONS_TABLE: z.string().default('booking-update-executions'),
    PLAN_QUEUE_URL: optionalString,
    /** The plan queue's DLQ, read by the watchdog and `npm run ops -- redrive` (ADR 0009). */
    PLAN_DLQ_URL: optionalString,
    /** ADR 0009: a confirmed or executing plan untouched this long is stuck. */
    STUCK_PLAN_AFTER_MINUTES: int(15, 1, 24 * 60),
    /** Local emulators only (dynalite, fauxqs); unset in AWS. */
    DYNAMODB_ENDPOINT: optionalString,
    SQS_ENDPOINT: optionalString,

    /**
     * Issue 28: the KMS key that seals the user's token in queue messages (deployed stages; the stack sets it on
     * confirm, answer, executor and watchdog). Wins over TOKEN_SEALING_KEY.
     */
    TOKEN_KMS_KEY_ARN: optionalString,
    /**
     * Issue 28, without KMS (the local stack): base64 of a 32-byte AES-256-GCM key. Unset in the local stage: a
     * random key per process (messages do not survive a restart). Never logged; errors do not echo it.
     */
    TOKEN_SEALING_KEY: optionalString.refine((v) => v === undefined || isSealingKey(v), {
      message: 'must be base64 of exactly 32 bytes',
    }),

    BOOKING_API_URL: z.url().default('http://127.0.0.1:4010'),
    /**
     * 000 Constraints: individual API calls time out within 30-120 s, configurable. This is the cap: each call
     * gets at most what is left of its invocation (DEADLINE_MARGIN_MS kept back; lib/ports/deadline.ts), so in a
     * 10 s confirm or a 28 s planner a hanging booking API cannot outlive the Lambda.
     */
    BOOKING_API_TIMEOUT_MS: int(30_000, 30_000, 120_000),
    /**
     * What a Lambda keeps back from its remaining time to answer with its own ServiceError (503 + Retry-After),
     * flush traces and log, before AWS kills it. Above LANGFUSE_FLUSH_TIMEOUT_MS's default, so the flush fits.
     */
    DEADLINE_MARGIN_MS: int(DEFAULT_DEADLINE_MARGIN_MS, 1_000, 10_000),
    /** Budget of the token/venue check on confirm and answer (issue 28): past it, a 503 and nothing written. */
    TOKEN_CHECK_BUDGET_MS: int(3_000, 500, 10_000),

    /** gemini | offline | relay (a person plays the model) | cassette (recorded answers); docs/models.md. */
    LLM_PROVIDER: z.enum(['gemini', 'offline', 'relay', 'cassette']).optional(),
    GOOGLE_API_KEY: optionalString,
    /** Secrets Manager ARN holding the Gemini key (deployed stacks); resolved at cold start. */
    GOOGLE_API_KEY_SECRET_ARN: optionalString,
    GEMINI_MODEL: z.string().default('gemini-2.5-flash'),
    GEMINI_TEMPERATURE: z.coerce.number().min(0).max(2).default(0),
    GEMINI_TIMEOUT_MS: int(20_000, 1_000, 120_000),
    /** Points the real Gemini client elsewhere (tests use a local generateContent stub). */
    GEMINI_BASE_URL: optionalString,
    /** LLM_PROVIDER=relay: each request is written under this directory and the answer is read from a file. */
    RELAY_DIR: z.string().min(1).default('.local/relay'),
    /** LLM_PROVIDER=relay: how long the relay waits for one answer file (a person is answering). */
    RELAY_ANSWER_TIMEOUT_MS: int(1_800_000, 1_000, 86_400_000),
    /** LLM_PROVIDER=relay: how often the relay prints that it is still waiting. */
    RELAY_PROGRESS_MS: int(30_000, 1_000, 3_600_000),

    /**
     * Issue 27: only the fallback for a booking API that declares no venue read; otherwise each request uses its
     * token's venue (GET /venue). An IANA zone; "AEST" or "Sydney" is refused at start.
     */
    VENUE_TIMEZONE: blankIsUnset(VenueTimeZone.default(DEFAULT_VENUE_TIMEZONE)),
    /**
     * BCP-47: day/month order ("3/4"), week start, named days and French of dates and times (issue 15). The
     * fallback for a booking API without a venue read, or a venue read without locale or country (issue 27).
     * "US" or "english" is refused at start.
     */
    VENUE_LOCALE: blankIsUnset(VenueLocale.default(DEFAULT_VENUE_LOCALE)),
    /** 000 Planning Rules 5: bounded clarification attempts. */
    MAX_CLARIFICATIONS: int(3, 1, 10),
    /** 000 Error Classification: bounded 400 self-correction. */
    MAX_SELF_CORRECTIONS: int(2, 0, 5),
    /** ADR 0007: same-key re-sends of a write whose answer was lost, after a read-back shows it not made. */
    IN_DOUBT_MAX_RESENDS: int(2, 0, 5),
    SESSION_TTL_HOURS: int(24, 1, 24 * 30),
    /** One request at a time per session: how long a second request waits for the first (then 409). */
    SESSION_LEASE_WAIT_MS: int(8_000, 0, 25_000),
    /** How long a request's session lease lasts if its holder dies (above the planner's 28 s timeout). */
    SESSION_LEASE_MS: int(60_000, 5_000, 600_000),
    HISTORY_MAX_MESSAGES: int(20, 2, 200),
    TOOL_RETRIEVAL_K: int(15, 1, 15),
    /**
     * Issue 32: code runs the lookups a message clearly needs (the named booking, that day's availability) before
     * the first model call and hands their results over as function turns. `false` is the earlier design (the
     * model asks for every lookup itself); the round-trips bench runs both side by side.
     */
    PLANNER_PREFETCH: blankIsUnset(z.stringbool().default(true)),
    MAX_EXECUTOR_MODEL_CALLS: int(12, 2, 50),
    /**
     * Issue 32: the executor runs a step whose arguments the confirmed plan fully determines itself, through the
     * same step runner, without a model turn; the model is asked only for judgement (a 400 to correct, a blocking
     * prompt, a value the plan lacks). `false` keeps the old design (one model turn per step), for the bench.
     */
    EXECUTOR_DIRECT_STEPS: z.stringbool().default(true),

    LANGFUSE_PUBLIC_KEY: optionalString,
    LANGFUSE_SECRET_KEY: optionalString,
    /** Secrets Manager ARN holding {"publicKey","secretKey"} (deployed stacks). */
    LANGFUSE_SECRET_ARN: optionalString,
    LANGFUSE_BASE_URL: z.url().default('https://cloud.langfuse.com'),
    /** Upper bound on how long a Lambda waits for Langfuse before returning. */
    LANGFUSE_FLUSH_TIMEOUT_MS: int(2_000, 100, 10_000),
  })
  .transform((c) => ({
    ...c,
    // An explicit provider wins; otherwise a key means Gemini and no key means the offline model.
    LLM_PROVIDER: c.LLM_PROVIDER ?? (c.GOOGLE_API_KEY || c.GOOGLE_API_KEY_SECRET_ARN ? 'gemini' : 'offline'),
  }));

export type Config = z.infer<typeof ConfigSchema>;

function isSealingKey(text: string): boolean {
  return /^[A-Za-z0-9+/]+={0,2}$/.test(text.trim()) && Buffer.from(text, 'base64').length === 32;
}

/** Raised at startup when the environment is invalid; names every bad variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Parses the environment once. Throws ConfigError naming each bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  return parsed.data;
}
