import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import * as z from 'zod';
import {
  type GenerateContentRequest,
  type GenerateContentResponse,
  geminiError,
  GenerateContentRequest as RequestSchema,
} from './gemini-wire.ts';

/** One generateContent call as a stand-in for Gemini receives it. */
export interface ModelCall {
  /** The model named in the URL. */
  model: string;
  /** The `x-goog-api-key` header, when sent (a recording proxy forwards it; nothing stores it). */
  apiKey: string | undefined;
  request: GenerateContentRequest;
  /** Aborted when the client gives up (its own timeout), so a slow answerer can stop waiting. */
  signal: AbortSignal;
}

/** The answer to one call: a model turn, or a Gemini-shaped error. */
export type ModelReply =
  | { ok: true; response: GenerateContentResponse }
  | { ok: false; code: number; message: string };

export type Responder = (call: ModelCall) => Promise<ModelReply>;

/** Options of startModelEndpoint. */
export interface ModelEndpointOptions {
  respond: Responder;
  /**
   * For answers that take minutes (a person playing the model): after this many ms without an answer, send the
   * 200 headers and a space every this many ms, because Node's fetch gives up on headers after 300 s. An error
   * decided after that point goes out as an error body with status 200, which the client also fails on.
   * Default: never (errors keep their status).
   */
  keepAliveMs?: number;
}

export interface ModelEndpoint {
  /** Base URL for GEMINI_BASE_URL / ChatGoogleGenerativeAI's baseUrl. */
  url: string;
  close(): Promise<void>;
}

const ROUTE = /^\/v1beta\/models\/([^/:]+):generateContent$/;

/**
 * A loopback HTTP stand-in for Gemini's POST /v1beta/models/{model}:generateContent (docs/design-facts.md: the real
 * ChatGoogleGenerativeAI targets it through baseUrl). It parses the request and hands it to a responder: the
 * strict test stub, the file relay, the cassette player or the recording proxy. 127.0.0.1 only.
 */
export async function startModelEndpoint(options: ModelEndpointOptions): Promise<ModelEndpoint> {
  const server = createServer((req, res) => {
    void handle(req, res, options).catch((error: unknown) => {
      if (!res.headersSent) send(res, 500, geminiError(500, `model endpoint: ${String(error)}`));
      else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('model endpoint has no TCP address');
  return {
    url: `http://127.0.0.1:${address.port}`,
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
  options: ModelEndpointOptions,
): Promise<void> {
  const match = ROUTE.exec(new URL(req.url ?? '/', 'http://endpoint').pathname);
  if (req.method !== 'POST' || !match) {
    return send(
      res,
      404,
      geminiError(404, `no route ${req.method} ${req.url} (only non-streaming generateContent)`),
    );
  }
  const parsed = parseBody(await readBody(req));
  if (!parsed.ok) return send(res, 400, geminiError(400, `Invalid JSON payload received. ${parsed.message}`));
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort();
  });
  const apiKey = req.headers['x-goog-api-key'];
  const keepAlive = options.keepAliveMs ? startKeepAlive(res, options.keepAliveMs) : undefined;
  const reply = await options.respond({
    model: match[1] ?? '',
    apiKey: typeof apiKey === 'string' ? apiKey : undefined,
    request: parsed.request,
    signal: abort.signal,
  });
  keepAlive?.stop();
  if (res.destroyed) return;
  const body = reply.ok ? reply.response : geminiError(reply.code, reply.message);
  if (res.headersSent) {
    res.end(JSON.stringify(body));
    return;
  }
  send(res, reply.ok ? 200 : reply.code, body);
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const raw = Buffer.concat(chunks);
  return (req.headers['content-encoding'] === 'gzip' ? gunzipSync(raw) : raw).toString('utf8');
}

function parseBody(
  text: string,
): { ok: true; request: GenerateContentRequest } | { ok: false; message: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { ok: false, message: `not JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  const parsed = RequestSchema.safeParse(json);
  return parsed.success
    ? { ok: true, request: parsed.data }
    : { ok: false, message: z.prettifyError(parsed.error) };
}

function startKeepAlive(res: ServerResponse, everyMs: number): { stop(): void } {
  const timer = setInterval(() => {
    if (!res.headersSent) res.writeHead(200, { 'content-type': 'application/json' });
    res.write(' ');
  }, everyMs);
  return { stop: () => clearInterval(timer) };
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}
