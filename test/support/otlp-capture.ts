import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync, inflateSync } from 'node:zlib';
import * as z from 'zod';

/**
 * A local stand-in for Langfuse's OTLP endpoint (POST {baseUrl}/api/public/otel/v1/traces). @langfuse/otel 5.11
 * sends OTLP/JSON through @opentelemetry/exporter-trace-otlp-http (hex ids, no compression unless
 * OTEL_EXPORTER_OTLP_COMPRESSION=gzip); gzip/deflate bodies are accepted anyway. Protobuf is rejected with 415 so a
 * change of exporter shows up as a test failure instead of silently empty captures.
 */
export const OTLP_TRACES_PATH = '/api/public/otel/v1/traces';

/** How the server answers: ok (200), unavailable (503, retryable), error (500), hang (never, until close()). */
export type CaptureMode = 'ok' | 'unavailable' | 'error' | 'hang';

/** One exported span, flattened: attribute values unwrapped (strings, numbers, booleans, arrays). */
export interface CapturedSpan {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  scope: string;
  attributes: Record<string, unknown>;
  status: { code: number; message: string | undefined };
  events: Array<{ name: string; attributes: Record<string, unknown> }>;
  startTimeUnixNano: string;
}

/** A span with its children, ordered by start time. */
export interface SpanNode {
  span: CapturedSpan;
  children: SpanNode[];
}

/** Compact shape of a tree for exact `toEqual` assertions: `{ name, children }`. */
export interface TreeShape {
  name: string;
  children: TreeShape[];
}

const AnyValue: z.ZodType<unknown> = z.lazy(() =>
  z
    .object({
      stringValue: z.string().optional(),
      boolValue: z.boolean().optional(),
      intValue: z.union([z.string(), z.number()]).optional(),
      doubleValue: z.number().optional(),
      arrayValue: z.object({ values: z.array(AnyValue).optional() }).optional(),
    })
    .transform(unwrap),
);
const KeyValues = z
  .array(z.object({ key: z.string(), value: AnyValue }))
  .optional()
  .transform((kvs) => Object.fromEntries((kvs ?? []).map((kv) => [kv.key, kv.value])));
const OtlpSpan = z.object({
  traceId: z.string(),
  spanId: z.string(),
  parentSpanId: z.string().optional(),
  name: z.string(),
  startTimeUnixNano: z.union([z.string(), z.number()]).transform(String),
  attributes: KeyValues,
  events: z.array(z.object({ name: z.string(), attributes: KeyValues })).optional(),
  status: z.object({ code: z.number().optional(), message: z.string().optional() }).optional(),
});
const OtlpRequest = z.object({
  resourceSpans: z.array(
    z.object({
      scopeSpans: z.array(
        z.object({ scope: z.object({ name: z.string() }).optional(), spans: z.array(OtlpSpan) }),
      ),
    }),
  ),
});

function unwrap(v: {
  stringValue?: string | undefined;
  boolValue?: boolean | undefined;
  intValue?: string | number | undefined;
  doubleValue?: number | undefined;
  arrayValue?: { values?: unknown[] | undefined } | undefined;
}): unknown {
  if (v.stringValue !== undefined) return v.stringValue;
  if (v.boolValue !== undefined) return v.boolValue;
  if (v.intValue !== undefined) return Number(v.intValue);
  if (v.doubleValue !== undefined) return v.doubleValue;
  if (v.arrayValue !== undefined) return v.arrayValue.values ?? [];
  return undefined;
}

/** OTLP/JSON uses hex ids; tolerate base64 (protobuf-JSON mapping) too. */
function hexId(id: string | undefined): string | undefined {
  if (!id) return undefined;
  if (/^[0-9a-f]+$/.test(id)) return id;
  return Buffer.from(id, 'base64').toString('hex');
}

function decodeBody(raw: Buffer, encoding: string | undefined): string {
  if (encoding === 'gzip') return gunzipSync(raw).toString('utf8');
  if (encoding === 'deflate') return inflateSync(raw).toString('utf8');
  return raw.toString('utf8');
}

/** Flattens one OTLP/JSON export request into spans. */
export function parseOtlpJson(body: string): CapturedSpan[] {
  const request = OtlpRequest.parse(JSON.parse(body));
  return request.resourceSpans.flatMap((rs) =>
    rs.scopeSpans.flatMap((ss) =>
      ss.spans.map((s) => ({
        name: s.name,
        traceId: hexId(s.traceId) ?? '',
        spanId: hexId(s.spanId) ?? '',
        parentSpanId: hexId(s.parentSpanId),
        scope: ss.scope?.name ?? '',
        attributes: s.attributes,
        status: { code: s.status?.code ?? 0, message: s.status?.message || undefined },
        events: (s.events ?? []).map((e) => ({ name: e.name, attributes: e.attributes })),
        startTimeUnixNano: s.startTimeUnixNano,
      })),
    ),
  );
}

function byStart(a: SpanNode, b: SpanNode): number {
  const d = BigInt(a.span.startTimeUnixNano) - BigInt(b.span.startTimeUnixNano);
  return d < 0n ? -1 : d > 0n ? 1 : 0;
}

/**
 * The trace's span forest: roots are spans without a parent or whose parent was not captured (e.g. the stored
 * root of another Lambda that had no keys).
 */
export function buildTree(spans: readonly CapturedSpan[], traceId: string): SpanNode[] {
  const nodes = new Map<string, SpanNode>();
  for (const span of spans.filter((s) => s.traceId === traceId))
    nodes.set(span.spanId, { span, children: [] });
  const roots: SpanNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.span.parentSpanId ? nodes.get(node.span.parentSpanId) : undefined;
    (parent ? parent.children : roots).push(node);
  }
  const sortDeep = (list: SpanNode[]): SpanNode[] => {
    list.sort(byStart);
    for (const n of list) sortDeep(n.children);
    return list;
  };
  return sortDeep(roots);
}

/** `{ name, children }` of a forest, for exact tree assertions. */
export function treeShape(nodes: readonly SpanNode[]): TreeShape[] {
  return nodes.map((n) => ({ name: n.span.name, children: treeShape(n.children) }));
}

/** The running capture server. */
export interface OtlpCapture {
  /** Use as LANGFUSE_BASE_URL. */
  baseUrl: string;
  /** Every span received so far, in arrival order. */
  spans(): CapturedSpan[];
  /** Spans with this name. */
  named(name: string): CapturedSpan[];
  /** Forest of one trace (see buildTree). */
  tree(traceId: string): SpanNode[];
  /** Decoded request bodies, for "this string appears nowhere" assertions (canary, PII). */
  bodies(): string[];
  /** Authorization header of each request. */
  authorizations(): Array<string | undefined>;
  /** Requests received and not answered (hang mode). */
  held(): number;
  setMode(mode: CaptureMode): void;
  /** Forgets captured spans and bodies. */
  reset(): void;
  close(): Promise<void>;
}

/** Starts the capture server on a random loopback port. */
export async function startOtlpCapture(initialMode: CaptureMode = 'ok'): Promise<OtlpCapture> {
  let mode = initialMode;
  let spans: CapturedSpan[] = [];
  let bodies: string[] = [];
  let auths: Array<string | undefined> = [];
  const held = new Set<ServerResponse>();

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(Buffer.from(chunk));
    if (req.method !== 'POST' || req.url !== OTLP_TRACES_PATH) {
      res.writeHead(404).end();
      return;
    }
    if (!String(req.headers['content-type']).includes('json')) {
      res.writeHead(415).end('capture server expects OTLP/JSON');
      return;
    }
    const body = decodeBody(Buffer.concat(chunks), req.headers['content-encoding']);
    bodies.push(body);
    auths.push(req.headers.authorization);
    spans.push(...parseOtlpJson(body));
    if (mode === 'hang') {
      held.add(res);
      return;
    }
    const status = mode === 'ok' ? 200 : mode === 'unavailable' ? 503 : 500;
    res
      .writeHead(status, { 'content-type': 'application/json' })
      .end(mode === 'ok' ? '{}' : '{"message":"down"}');
  }

  const server = createServer(function otlpCapture(req, res) {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(400).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    spans: () => [...spans],
    named: (name) => spans.filter((s) => s.name === name),
    tree: (traceId) => buildTree(spans, traceId),
    bodies: () => [...bodies],
    authorizations: () => [...auths],
    held: () => held.size,
    setMode(next) {
      mode = next;
    },
    reset() {
      spans = [];
      bodies = [];
      auths = [];
    },
    async close() {
      for (const res of held) res.destroy();
      held.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A base URL where nothing listens (connection refused), to prove a Langfuse outage costs at most the bound. */
export async function deadEndpoint(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

/** Attribute keys Langfuse v5 puts on exported spans (from @langfuse/core LangfuseOtelSpanAttributes). */
export const LF = {
  userId: 'user.id',
  sessionId: 'session.id',
  traceName: 'langfuse.trace.name',
  type: 'langfuse.observation.type',
  input: 'langfuse.observation.input',
  output: 'langfuse.observation.output',
  level: 'langfuse.observation.level',
  statusMessage: 'langfuse.observation.status_message',
  model: 'langfuse.observation.model.name',
  usage: 'langfuse.observation.usage_details',
  metadata: (key: string) => `langfuse.observation.metadata.${key}`,
  traceMetadata: (key: string) => `langfuse.trace.metadata.${key}`,
} as const;

/** Environment for loadConfig that points a tracer at this capture server (tracing on). */
export function captureEnv(
  capture: Pick<OtlpCapture, 'baseUrl'>,
  flushTimeoutMs = 2_000,
): Record<string, string> {
  return {
    LANGFUSE_PUBLIC_KEY: 'pk-lf-test',
    LANGFUSE_SECRET_KEY: 'sk-lf-test',
    LANGFUSE_BASE_URL: capture.baseUrl,
    LANGFUSE_FLUSH_TIMEOUT_MS: String(flushTimeoutMs),
  };
}
