import { type Clock, systemClock } from '../../lib/ports/clock.ts';
import { createSandboxServer, type SandboxLogger, silentLogger } from './http-server.ts';
import { demoFixturePath, readFixtureFile } from './load-fixture.ts';
import { loadSpecOperations } from './openapi-spec.ts';
import type { RateLimitOptions } from './rate-limiter.ts';
import { createSandboxAdmin, type SandboxAdmin } from './sandbox-admin.ts';
import { SandboxCore } from './sandbox-core.ts';

/** Options of startSandbox; every one has a default suited to tests. */
export interface SandboxOptions {
  /** TCP port on 127.0.0.1; default 0 (a free random port). */
  port?: number;
  /** Default 127.0.0.1: the sandbox only ever listens on loopback. */
  host?: string;
  /** Fixture JSON (object, see docs/sandbox.md); default the demo venue. */
  fixture?: unknown;
  /** Source of "now" for relative fixture dates, token expiry, rate limits; default the system clock. */
  clock?: Clock;
  /** Rate limits beyond those in the fixture; default none. */
  rateLimit?: RateLimitOptions;
  /** Request log sink; default silent (tests stay quiet). */
  logger?: SandboxLogger;
  /** The OpenAPI document to serve; default openapi/booking-api.yaml. */
  specPath?: string;
}

/** A running sandbox. */
export interface RunningSandbox {
  /** Base URL, e.g. http://127.0.0.1:53124 (no trailing slash). */
  url: string;
  admin: SandboxAdmin;
  /** Stops listening, drops open connections and abandons delayed requests. */
  close(): Promise<void>;
}

/** Starts the sandbox booking API over real HTTP (issue 3). The spec is parsed once per process. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const operations = await loadSpecOperations(options.specPath);
  const fixture = options.fixture ?? readFixtureFile(demoFixturePath);
  const core = new SandboxCore(operations, fixture, options.clock ?? systemClock, options.rateLimit);
  const admin = createSandboxAdmin(core);
  const closing = new AbortController();
  const server = createSandboxServer(core, admin, options.logger ?? silentLogger, closing.signal);

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('sandbox server has no TCP address');

  return {
    url: `http://${address.address}:${address.port}`,
    admin,
    close: function closeSandbox() {
      closing.abort();
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
