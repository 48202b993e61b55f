import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

const PRISM = join(import.meta.dirname, '../../node_modules/@stoplight/prism-cli/dist/index.js');

/** A running Prism mock of an OpenAPI document (@stoplight/prism-cli): validates requests, answers from the spec. */
export interface RunningPrism {
  url: string;
  /** Everything Prism printed (its request log names each validation failure). */
  output(): string;
  stop(): Promise<void>;
}

/** A port nobody listens on right now: bind port 0 on loopback, read it, release it. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));
}

/**
 * Starts `prism mock` on 127.0.0.1 and a free port as a child process (the same Node as the tests), and resolves
 * once it answers HTTP: readiness is polled, so no fixed sleep decides when the test may start.
 */
export async function startPrism(
  specPath: string,
  probe: { path: string; headers?: Record<string, string> },
  timeoutMs = 60_000,
): Promise<RunningPrism> {
  const port = await freePort();
  const child = spawn(process.execPath, [PRISM, 'mock', '-h', '127.0.0.1', '-p', String(port), specPath], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    out += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited(child);
  };
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`prism exited (${child.exitCode}) before it was ready:\n${out}`);
    try {
      await fetch(`${url}${probe.path}`, {
        headers: probe.headers ?? {},
        signal: AbortSignal.timeout(1_000),
      });
      return { url, output: () => out, stop };
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`prism was not ready within ${timeoutMs} ms:\n${out}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
