import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import { ADMIN_PREFIX, handleAdminRequest } from './admin-routes.ts';
import { type ApiReply, handleApiRequest, type PipelineResult } from './request-pipeline.ts';
import type { SandboxAdmin } from './sandbox-admin.ts';
import type { SandboxCore } from './sandbox-core.ts';

/** Structured log sink: one call per request. Compatible with the Powertools Logger's `info`. */
export interface SandboxLogger {
  info(message: string, attributes: Record<string, unknown>): void;
  error(message: string, attributes: Record<string, unknown>): void;
}

export const silentLogger: SandboxLogger = { info() {}, error() {} };

const MAX_BODY_BYTES = 1_000_000;

/** The sandbox's node:http server: admin calls under /__admin, everything else through the API pipeline. */
export function createSandboxServer(
  core: SandboxCore,
  admin: SandboxAdmin,
  logger: SandboxLogger,
  closing: AbortSignal,
): Server {
  return createServer(function sandboxRequest(req, res) {
    serve(core, admin, logger, closing, req, res).catch(function requestFailed(error: unknown) {
      // Aborted delays (sandbox closing) and client disconnects end up here: drop the socket quietly.
      if (!closing.aborted) logger.error('request failed', { error: String(error) });
      req.socket.destroy();
    });
  });
}

async function serve(
  core: SandboxCore,
  admin: SandboxAdmin,
  logger: SandboxLogger,
  closing: AbortSignal,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const started = performance.now();
  const url = new URL(req.url ?? '/', 'http://sandbox.local');
  const method = req.method ?? 'GET';
  const bodyText = await readBody(req);

  if (url.pathname === ADMIN_PREFIX || url.pathname.startsWith(`${ADMIN_PREFIX}/`)) {
    const reply = handleAdminRequest(admin, method, url.pathname, url.searchParams, bodyText);
    send(res, {
      kind: 'respond',
      status: reply.status,
      headers: { 'content-type': 'application/json' },
      body: reply.body,
    });
    logger.info('admin request', {
      method,
      path: url.pathname,
      status: reply.status,
      durationMs: elapsed(started),
    });
    return;
  }

  const result = await handleApiRequest(
    core,
    { method, pathname: url.pathname, query: url.searchParams, headers: req.headers, bodyText },
    closing,
  );
  send(res, result.reply);
  logRequest(logger, method, result, elapsed(started));
}

function send(res: ServerResponse, reply: ApiReply): void {
  if (reply.kind === 'reset') {
    res.socket?.resetAndDestroy();
    return;
  }
  if (reply.kind === 'drop') {
    res.socket?.destroy();
    return;
  }
  const payload = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
  res.writeHead(reply.status, reply.headers);
  res.end(payload);
}

/** One JSON line per request: ids and outcomes only, never the token, the query or the body (PII). */
function logRequest(logger: SandboxLogger, method: string, result: PipelineResult, durationMs: number): void {
  const entry = result.entry;
  const attributes = {
    method,
    operation: result.operation ?? 'unrouted',
    status: result.reply.kind === 'respond' ? result.reply.status : result.reply.kind,
    durationMs,
    ...(entry ? { seq: entry.seq, committed: entry.committed, replayed: entry.replayed } : {}),
    ...(entry?.fault ? { fault: entry.fault } : {}),
    ...(entry?.idempotencyKey ? { idempotencyKey: entry.idempotencyKey } : {}),
  };
  if (result.internalError !== undefined) {
    logger.error('request', { ...attributes, error: String(result.internalError) });
  } else {
    logger.info('request', attributes);
  }
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
    size += buffer.length;
    if (size > MAX_BODY_BYTES) throw new Error('request body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
