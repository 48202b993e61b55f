import * as z from 'zod';

/**
 * Context keys the CDK app reads (`-c key=value` or cdk.json "context"). Every default is documented in
 * docs/deploy.md ("Context"); keep the two in step.
 */
export const CONTEXT_KEYS = [
  'stage',
  'bookingApiUrl',
  'geminiSecretName',
  'langfuseSecretName',
  'langfuseBaseUrl',
  'alarmTopicArn',
  'xray',
  'iqPrincipalArns',
  'waf',
  'executorConcurrency',
] as const;

/**
 * Placeholder booking API for dev synth without context. `.invalid` never resolves (RFC 6761), so a dev stack
 * deployed without `-c bookingApiUrl=...` fails its booking calls loudly instead of hitting a real venue.
 */
export const DEV_BOOKING_API_PLACEHOLDER = 'https://booking-api.invalid';

/** Plans executing at once unless `executorConcurrency` says otherwise (docs/deploy.md "Limits"). */
export const DEFAULT_EXECUTOR_CONCURRENCY = 5;

/** CI passes `-c key=${{ vars.X }}`, which is an empty string when the variable is unset: treat that as absent. */
const blankAsUndefined = (value: unknown) => (value === '' ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankAsUndefined, schema.optional());

/** The user's token and the Langfuse keys travel to these URLs, so only https is accepted. */
const httpsUrl = () => z.url({ protocol: /^https$/, error: 'must be an https:// URL' });

/**
 * A role (any path), never an account root or a user: the resource policy denies every other principal with
 * `aws:PrincipalArn`, which for an assumed role is the role's ARN, so a root would match nobody who signs requests.
 */
const IAM_ROLE_ARN = /^arn:aws[a-z-]*:iam::\d{12}:role\/[\w+=,.@/-]{1,512}$/;

const booleanish = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

const StageContext = z.object({
  stage: z.enum(['dev', 'prod']).default('dev'),
  bookingApiUrl: optional(httpsUrl()),
  /** Secrets Manager name (or full ARN) of a plain-string secret holding the Gemini API key. */
  geminiSecretName: optional(z.string()),
  /** Secrets Manager name (or full ARN) of a JSON secret {"publicKey","secretKey"} for Langfuse. */
  langfuseSecretName: optional(z.string()),
  langfuseBaseUrl: z.preprocess(blankAsUndefined, httpsUrl().default('https://cloud.langfuse.com')),
  /** SNS topic every alarm notifies; required for prod. */
  alarmTopicArn: optional(z.string().startsWith('arn:')),
  xray: z.preprocess(blankAsUndefined, booleanish.default(false)),
  /** IAM roles of ROLLER iQ (any account) allowed by the API's resource policy; comma-separated from `-c`. */
  iqPrincipalArns: optional(
    z
      .union([z.array(z.string()), z.string().transform((v) => v.split(',').map((arn) => arn.trim()))])
      .pipe(
        z
          .array(
            z
              .string()
              .regex(
                IAM_ROLE_ARN,
                'each entry must be an IAM role ARN, arn:aws:iam::<12-digit account>:role/<name>',
              ),
          )
          .min(1),
      ),
  ),
  /** WAF web ACL on the API stage; default on in prod, off in dev. */
  waf: optional(booleanish),
  /** Concurrent executor invocations (event source maximumConcurrency = reserved concurrency). */
  executorConcurrency: optional(z.coerce.number().int().min(2).max(1000)),
});

/** Everything that differs between stages, resolved once from context (STYLE: config is one object). */
export interface StageSettings {
  readonly stage: 'dev' | 'prod';
  readonly bookingApiUrl: string;
  readonly geminiSecretName: string;
  readonly langfuseSecretName: string;
  readonly langfuseBaseUrl: string;
  readonly alarmTopicArn: string | undefined;
  readonly xray: boolean;
  /**
   * Who may invoke the API (resource policy). Undefined in a dev stack without the key: then only principals of
   * the stack's own account, as IAM alone would allow.
   */
  readonly iqPrincipalArns: readonly string[] | undefined;
  /** Attach the WAF web ACL (AWS managed rule groups) to the API stage. */
  readonly waf: boolean;
  /**
   * The booking API's rate budget on the executor side: at most this many plans execute at once (SQS event source
   * maximumConcurrency, and the executor's reserved concurrency).
   */
  readonly executorConcurrency: number;
  /** prod keeps its data: DynamoDB deletion protection and RETAIN on tables and log groups. */
  readonly protectData: boolean;
  readonly logRetentionDays: 14 | 90;
  /** API Gateway stage throttling (requests per second, burst). */
  readonly throttle: { readonly rateLimit: number; readonly burstLimit: number };
}

/** Raised when context is invalid; names every bad key. */
export class StageSettingsError extends Error {
  override readonly name = 'StageSettingsError';
}

/** Parses raw context values (strings from `-c`, or JSON values from cdk.json) into StageSettings. */
export function parseStageSettings(
  raw: Partial<Record<(typeof CONTEXT_KEYS)[number], unknown>>,
): StageSettings {
  const parsed = StageContext.safeParse(raw);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new StageSettingsError(`invalid CDK context: ${problems}`, { cause: parsed.error });
  }
  const c = parsed.data;
  const prod = c.stage === 'prod';
  const missing = prod
    ? (['bookingApiUrl', 'alarmTopicArn', 'iqPrincipalArns'] as const).filter((key) => c[key] === undefined)
    : [];
  if (missing.length > 0) {
    // prod must page someone (issue 28) and must name who may call it; a default would hide either.
    throw new StageSettingsError(
      `invalid CDK context: ${missing.map((key) => `${key} is required for stage prod`).join('; ')}`,
    );
  }
  return {
    stage: c.stage,
    bookingApiUrl: c.bookingApiUrl ?? DEV_BOOKING_API_PLACEHOLDER,
    geminiSecretName: c.geminiSecretName ?? `booking-update/${c.stage}/gemini-api-key`,
    langfuseSecretName: c.langfuseSecretName ?? `booking-update/${c.stage}/langfuse`,
    langfuseBaseUrl: c.langfuseBaseUrl,
    alarmTopicArn: c.alarmTopicArn,
    xray: c.xray,
    iqPrincipalArns: c.iqPrincipalArns,
    waf: c.waf ?? prod,
    executorConcurrency: c.executorConcurrency ?? DEFAULT_EXECUTOR_CONCURRENCY,
    protectData: prod,
    logRetentionDays: prod ? 90 : 14,
    throttle: prod ? { rateLimit: 50, burstLimit: 100 } : { rateLimit: 10, burstLimit: 20 },
  };
}

/** Reads the documented context keys from a construct node (usually the App's). */
export function readStageContext(node: {
  tryGetContext(key: string): unknown;
}): Partial<Record<(typeof CONTEXT_KEYS)[number], unknown>> {
  return Object.fromEntries(CONTEXT_KEYS.map((key) => [key, node.tryGetContext(key)]));
}
