import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HumanMessage, SystemMessage } from '@langchain/core/messages';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ServiceClient } from '../../devkit/chat/service-client.ts';
import { formatStatus, relayRequests } from '../../devkit/models/relay/relay-status.ts';
import { startRelay } from '../../devkit/models/relay/start-relay.ts';
import type { ModelServer } from '../../devkit/models/server/model-server.ts';
import { startModelServer } from '../../devkit/models/server/model-server.ts';
import { modelResponse } from '../../devkit/models/wire/gemini-wire.ts';
import { startLocalStack } from '../../infra/local/local-stack.ts';
import { loadConfig } from '../../lib/config/config.ts';
import { createChatModel } from '../../lib/models/create-chat-model.ts';

const TOOL = {
  type: 'function' as const,
  function: {
    name: 'searchBookings',
    description: 'Find bookings',
    parameters: {
      type: 'object',
      properties: { search_text: { type: 'string', description: 'Words' } },
      required: ['search_text'],
    },
  },
};

/** LLM_PROVIDER=relay end to end: the real Gemini client, the relay server, files answered as a person would. */
describe('the relay (LLM_PROVIDER=relay)', () => {
  let dir: string;
  let relay: ModelServer;
  const logged: string[] = [];

  const model = async (timeoutMs = 60_000) => {
    const config = loadConfig({
      LLM_PROVIDER: 'relay',
      GEMINI_BASE_URL: relay.url,
      RELAY_ANSWER_TIMEOUT_MS: String(timeoutMs),
      LOG_LEVEL: 'SILENT',
    });
    return (await createChatModel(config, 'planner')).bindTools?.([TOOL]);
  };
  const ask = async (timeoutMs?: number) =>
    (await model(timeoutMs))?.invoke([
      new SystemMessage('You plan booking changes.'),
      new HumanMessage('Move John Smith'),
    ]);
  const file = (name: string) => join(dir, 'case-1', name);
  const waitFor = (name: string) =>
    vi.waitFor(() => expect(existsSync(file(name))).toBe(true), { timeout: 10_000, interval: 20 });

  async function start(timeoutMs = 60_000) {
    relay = await startRelay(
      { RELAY_DIR: dir, RELAY_ANSWER_TIMEOUT_MS: timeoutMs, RELAY_PROGRESS_MS: 1_000 },
      { log: (line) => logged.push(line), defaultConversation: 'case-1' },
    );
  }

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'relay-test-'));
    logged.length = 0;
  });
  afterEach(async () => {
    await relay?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes the request and its readable form, then answers with the function call written to the answer file', async () => {
    // Prepare
    await start();

    // Act
    const reply = ask();
    await waitFor('1.request.md');
    writeFileSync(
      file('1.response.json'),
      JSON.stringify({ functionCalls: [{ name: 'searchBookings', args: { search_text: 'John Smith' } }] }),
    );
    const message = await reply;

    // Assess
    expect(message?.tool_calls).toEqual([
      { name: 'searchBookings', args: { search_text: 'John Smith' }, id: 'relay-1-1', type: 'tool_call' },
    ]);
    const request = JSON.parse(readFileSync(file('1.request.json'), 'utf8'));
    expect(request.contents).toEqual([{ role: 'user', parts: [{ text: 'Move John Smith' }] }]);
    expect(readFileSync(file('1.request.md'), 'utf8')).toContain(`    ${file('1.response.json')}`);
    const recording = JSON.parse(readFileSync(file('recording.json'), 'utf8'));
    expect(recording.interactions).toHaveLength(1);
    expect(logged[0]).toContain(`waiting for ${file('1.response.json')}`);
  });

  it('sets a bad answer aside with its reasons and keeps waiting for a corrected one', async () => {
    // Prepare
    await start();

    // Act
    const reply = ask();
    await waitFor('1.request.json');
    writeFileSync(
      file('1.response.json'),
      JSON.stringify({ functionCalls: [{ name: 'cancelBooking', args: {} }] }),
    );
    await waitFor('1.response.error.txt');
    writeFileSync(file('1.response.json'), JSON.stringify({ text: 'Which John Smith?' }));
    const message = await reply;

    // Assess
    expect(message?.content).toBe('Which John Smith?');
    expect(readFileSync(file('1.response.error.txt'), 'utf8')).toContain(
      "'cancelBooking' is not one of the declared tools",
    );
    expect(existsSync(file('1.response.rejected-1.json'))).toBe(true);
  });

  it('gives up after RELAY_ANSWER_TIMEOUT_MS: the call fails and the request is marked abandoned', async () => {
    // Prepare
    await start(1_000);

    // Act
    const failure = await ask(1_000)?.catch((e: Error) => e);

    // Assess
    expect(String(failure)).toMatch(/504|no answer within 1000 ms/);
    expect(existsSync(file('1.abandoned.txt'))).toBe(true);
    expect(relayRequests(dir).map((r) => r.state)).toEqual(['abandoned']);
  });

  it("refuses a request that breaks a Gemini rule with Gemini's 400, before writing anything", async () => {
    // Prepare
    await start();
    const body = {
      contents: [
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ text: 'hello' }] },
      ],
    };

    // Act
    const response = await fetch(`${relay.url}/v1beta/models/gemini-2.5-flash:generateContent`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

    // Assess
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        code: 400,
        message: 'Please ensure that multiturn requests end with a user turn or a function response turn.',
        status: 'INVALID_ARGUMENT',
      },
    });
    expect(readdirSync(dir)).toEqual([]);
    expect(relay.end().violations).toEqual([
      expect.stringContaining('multiturn requests end with a user turn'),
    ]);
  });

  it('lists the conversations and what waits (npm run relay -- status)', async () => {
    // Prepare
    await start();
    const reply = ask();
    await waitFor('1.request.json');

    // Act
    const status = formatStatus(dir, relayRequests(dir), Date.now());
    writeFileSync(file('1.response.json'), JSON.stringify({ text: 'ok' }));
    await reply;

    // Assess
    expect(status).toContain(`case-1`);
    expect(status).toContain(`waiting on #1 for 0 min: ${file('1.response.json')}`);
    expect(status).toContain('1 conversations, 1 requests, 1 waiting for an answer');
  });
});

describe('npm start with LLM_PROVIDER=relay', () => {
  it('starts the relay with the local stack, and a planning request waits for the answer file', async () => {
    // Prepare
    const dir = mkdtempSync(join(tmpdir(), 'relay-stack-'));
    const stack = await startLocalStack({ env: { LLM_PROVIDER: 'relay', RELAY_DIR: dir }, poll: false });
    const client = new ServiceClient({
      baseUrl: stack.url,
      userId: 'user_ops_harbour',
      token: 'demo-token-harbour',
    });
    try {
      // Act
      const reply = client.sendRequest('relay-session', "What's the weather like tomorrow?");
      const [conversation] = await vi.waitFor(
        () => {
          const waiting = relayRequests(dir).filter((r) => r.state === 'waiting');
          expect(waiting).toHaveLength(1);
          return waiting;
        },
        { timeout: 10_000, interval: 20 },
      );
      writeFileSync(
        conversation?.answerPath ?? '',
        JSON.stringify({
          functionCalls: [{ name: 'decline', args: { message: 'I can only change bookings.' } }],
        }),
      );

      // Assess
      expect(stack.config.GEMINI_BASE_URL).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(conversation?.conversation).toMatch(/^chat-\d{14}$/);
      expect(await reply).toMatchObject({ kind: 'clarification' });
    } finally {
      await stack.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a slow answer (keep-alive)', () => {
  it('keeps the connection alive with whitespace, and the client still reads the answer', async () => {
    // Prepare: headers go out after 20 ms, the answer after 200 ms.
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    const server = await startModelServer({
      respond: async () => {
        await answered;
        return { ok: true, response: modelResponse([{ text: 'late but fine' }], 'test') };
      },
      keepAliveMs: 20,
      defaultConversation: 'slow',
    });
    const config = loadConfig({ LLM_PROVIDER: 'relay', GEMINI_BASE_URL: server.url, LOG_LEVEL: 'SILENT' });

    // Act
    const reply = (await createChatModel(config, 'executor')).invoke([new HumanMessage('go')]);
    const first = await fetchFirstByte(server.url);
    release();
    const message = await reply;
    await server.close();

    // Assess
    expect(first).toBe(' ');
    expect(message.content).toBe('late but fine');
  });
});

/** The first byte of a second, raw request to the slow server: a keep-alive space, before any answer. */
async function fetchFirstByte(url: string): Promise<string> {
  const response = await fetch(`${url}/v1beta/models/m:generateContent`, {
    method: 'POST',
    body: JSON.stringify({ contents: [{ role: 'user', parts: [{ text: 'ping' }] }] }),
  });
  const reader = response.body?.getReader();
  const chunk = await reader?.read();
  await reader?.cancel();
  return new TextDecoder().decode(chunk?.value).slice(0, 1);
}
