import { buildApp } from 'fauxqs';

/** A running in-process SQS emulator, reachable on loopback only. */
export interface LocalSqs {
  /** http://127.0.0.1:<port>, for SQS_ENDPOINT (queue URLs themselves use sqs.<region>.localhost). */
  endpoint: string;
  stop(): Promise<void>;
}

/**
 * Starts fauxqs in-process on 127.0.0.1; port 0 picks a free one. fauxqs' own startFauxqs binds 0.0.0.0
 * whatever host it is given (DESIGN-NOTES), which would expose in-flight messages, and the user tokens inside
 * them, to other hosts. So we build its Fastify app and listen ourselves. `host` only names queue URLs.
 */
export async function startLocalSqs(options: { port?: number; region: string }): Promise<LocalSqs> {
  const app = buildApp({ logger: false, host: 'localhost', defaultRegion: options.region });
  const address = await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  return { endpoint: `http://127.0.0.1:${new URL(address).port}`, stop: () => app.close() };
}
