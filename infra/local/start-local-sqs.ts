import { type FauxqsServer, startFauxqs } from 'fauxqs';

/** A running in-process SQS emulator. */
export interface LocalSqs {
  /** http://127.0.0.1:<port>, for SQS_ENDPOINT (queue URLs themselves use sqs.<region>.localhost). */
  endpoint: string;
  server: FauxqsServer;
  stop(): Promise<void>;
}

/** Starts fauxqs in-process on loopback; port 0 picks a free one. */
export async function startLocalSqs(options: { port?: number; region: string }): Promise<LocalSqs> {
  const server = await startFauxqs({
    port: options.port ?? 0,
    host: 'localhost',
    logger: false,
    defaultRegion: options.region,
  });
  return { endpoint: `http://127.0.0.1:${server.port}`, server, stop: () => server.stop() };
}
