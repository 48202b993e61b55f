import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';

/** A running DynamoDB emulator. */
export interface LocalDynamo {
  /** http://127.0.0.1:<port>, for DYNAMODB_ENDPOINT. */
  endpoint: string;
  stop(): Promise<void>;
}

/** Options of startDynalite. */
export interface LocalDynamoOptions {
  /** Default 0: a free port. */
  port?: number;
  /** A LevelDB folder: tables and items survive a restart, even a `kill -9`. Default: memory only. */
  path?: string;
}

/** Starts dynalite in-process on loopback. Tables are ACTIVE at once. */
export async function startDynalite(options: LocalDynamoOptions = {}): Promise<LocalDynamo> {
  const server = dynalite({
    createTableMs: 0,
    deleteTableMs: 0,
    updateTableMs: 0,
    ...(options.path ? { path: options.path } : {}),
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${bound}`,
    stop: () =>
      new Promise<void>((resolve, reject) => {
        // The SDK keeps connections alive; without this, close() waits for them to idle out.
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
