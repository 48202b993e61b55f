import { connect } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';

/**
 * Issue 14: every emulator of the local stack listens on loopback only. In-flight SQS messages carry the user's
 * token (docs/adr/0001), so a listener on 0.0.0.0 would hand it to anyone on the network.
 * 127.0.0.2 is loopback too, but a socket bound to 127.0.0.1 refuses it while one bound to 0.0.0.0 accepts it:
 * so the check can fail on any machine, with or without a non-loopback interface.
 */
function otherAddresses(): string[] {
  const external = Object.values(networkInterfaces())
    .flat()
    .filter((i) => i !== undefined && i.family === 'IPv4' && !i.internal)
    .map((i) => i?.address ?? '');
  return ['127.0.0.2', ...external];
}

/** Resolves 'open' if a TCP connection is accepted, 'refused' otherwise. */
function probe(host: string, port: number): Promise<'open' | 'refused'> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 2000 });
    socket.once('connect', () => {
      socket.destroy();
      resolve('open');
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve('refused');
    });
    socket.once('error', () => resolve('refused'));
  });
}

let stack: LocalStack;

beforeAll(async () => {
  stack = await startLocalStack({ port: 0 });
});

afterAll(async () => {
  await stack?.stop();
});

describe('local stack listeners', () => {
  it('accept connections on 127.0.0.1 and refuse every other address of the machine', async () => {
    // Prepare
    const listeners = {
      gateway: stack.url,
      sandbox: stack.sandbox.url,
      dynamodb: stack.config.DYNAMODB_ENDPOINT ?? '',
      sqs: stack.config.SQS_ENDPOINT ?? '',
    };
    const ports = Object.entries(listeners).map(([name, url]) => [name, Number(new URL(url).port)] as const);

    // Act
    const results = await Promise.all(
      ports.flatMap(([name, port]) => [
        probe('127.0.0.1', port).then((r) => `${name} 127.0.0.1 ${r}`),
        ...otherAddresses().map((host) => probe(host, port).then((r) => `${name} ${host} ${r}`)),
      ]),
    );

    // Assess
    const expected = ports.flatMap(([name]) => [
      `${name} 127.0.0.1 open`,
      ...otherAddresses().map((host) => `${name} ${host} refused`),
    ]);
    expect(results).toEqual(expected);
  });
});
