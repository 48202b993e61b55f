import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';

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
  | { functionCalls: StubFunctionCall[] }
  | { text: string }
  | { status: number; message: string };

/** One captured request: the model from the URL, the API key header and the parsed JSON body. */
export interface CapturedRequest {
  model: string;
  apiKey: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: the wire body is asserted field by field in tests
  body: any;
}

export interface GeminiStub {
  /** Base URL to pass as GEMINI_BASE_URL / baseUrl. */
  url: string;
  requests: CapturedRequest[];
  /** Queues replies, answered in order; an unscripted call gets a 500 naming the problem. */
  reply(...replies: StubReply[]): void;
  close(): Promise<void>;
}

const ROUTE = /^\/v1beta\/models\/([^/:]+):generateContent$/;

/**
 * A local HTTP stand-in for Gemini's POST /v1beta/models/{model}:generateContent (DESIGN-NOTES: the real
 * ChatGoogleGenerativeAI can target it through baseUrl). It captures each request and answers scripted
 * function calls in Gemini's response shape, with usage metadata. Loopback only.
 */
export async function startGeminiStub(): Promise<GeminiStub> {
  const requests: CapturedRequest[] = [];
  const queue: StubReply[] = [];
  const server = createServer((req, res) => {
    void handle(req, res, requests, queue);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('gemini stub has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    reply: (...replies) => {
      queue.push(...replies);
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}

async function handle(
  req: IncomingMessage,
  res: ServerResponse,
  requests: CapturedRequest[],
  queue: StubReply[],
) {
  const match = ROUTE.exec(new URL(req.url ?? '/', 'http://stub').pathname);
  if (req.method !== 'POST' || !match)
    return send(res, 404, { error: { code: 404, message: `no route ${req.url}` } });
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  const text = (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
  const apiKey = req.headers['x-goog-api-key'];
  requests.push({
    model: match[1] ?? '',
    apiKey: typeof apiKey === 'string' ? apiKey : undefined,
    body: JSON.parse(text),
  });
  const next = queue.shift();
  if (!next)
    return send(res, 500, {
      error: { code: 500, message: `stub: no reply scripted for request ${requests.length}` },
    });
  if ('status' in next)
    return send(res, next.status, { error: { code: next.status, message: next.message } });
  const parts =
    'text' in next
      ? [{ text: next.text }]
      : next.functionCalls.map((c) => ({
          functionCall: { name: c.name, args: c.args, id: c.id },
          ...(c.thoughtSignature ? { thoughtSignature: c.thoughtSignature } : {}),
        }));
  return send(res, 200, {
    candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
    usageMetadata: { promptTokenCount: 1200, candidatesTokenCount: 40, totalTokenCount: 1240 },
    modelVersion: 'stub',
  });
}

function send(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** JSON Schema keys Gemini rejects (DESIGN-NOTES), plus `pattern`, which the registry keeps out on purpose. */
const FORBIDDEN_KEYS = new Set([
  '$schema',
  '$ref',
  '$defs',
  'definitions',
  'additionalProperties',
  'oneOf',
  'anyOf',
  'allOf',
  'not',
  'const',
  'propertyNames',
  'patternProperties',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'prefixItems',
  'pattern',
]);

/**
 * Every construct in function declarations that Gemini rejects, as "path: problem" strings: forbidden keys,
 * `type` arrays (nullable), `format` other than date-time/enum, and non-string enums.
 */
export function findForbiddenSchemaKeys(node: unknown, path = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((item, i) => findForbiddenSchemaKeys(item, `${path}[${i}]`));
  if (node === null || typeof node !== 'object') return [];
  const problems: string[] = [];
  for (const [key, value] of Object.entries(node)) {
    const at = `${path}.${key}`;
    if (FORBIDDEN_KEYS.has(key)) problems.push(`${at}: forbidden key`);
    if (key === 'type' && Array.isArray(value)) problems.push(`${at}: type array`);
    if (key === 'format' && typeof value === 'string' && !['date-time', 'enum'].includes(value)) {
      problems.push(`${at}: format ${value}`);
    }
    if (key === 'enum' && Array.isArray(value) && value.some((v) => typeof v !== 'string')) {
      problems.push(`${at}: non-string enum`);
    }
    // `properties` maps names to schemas: its keys are parameter names, not schema keywords.
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, schema] of Object.entries(value))
        problems.push(...findForbiddenSchemaKeys(schema, `${at}.${name}`));
    } else {
      problems.push(...findForbiddenSchemaKeys(value, at));
    }
  }
  return problems;
}
