import type { AddressInfo } from 'node:net';
import dynalite from 'dynalite';

/** A running in-memory DynamoDB emulator. */
export interface LocalDynamo {
  /** http://127.0.0.1:<port>, for DYNAMODB_ENDPOINT. */
  endpoint: string;
  stop(): Promise<void>;
}

/** Starts dynalite in-process on loopback; port 0 picks a free one. Tables are ACTIVE at once. */
export async function startDynalite(port = 0): Promise<LocalDynamo> {
  const server = dynalite({ createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
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
