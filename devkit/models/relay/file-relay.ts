import { existsSync } from 'node:fs';
import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  type ConversationResponder,
  type ConversationTurn,
  conversationDirName,
} from '../server/conversation.ts';
import type { GenerateContentRequest } from '../wire/gemini-wire.ts';
import type { ModelReply } from '../wire/model-endpoint.ts';
import { readRelayAnswer } from './relay-answer.ts';
import { requestMarkdown } from './request-markdown.ts';

/** Options of fileRelay; the CLI and the local stack take them from RELAY_* config. */
export interface FileRelayOptions {
  /** RELAY_DIR: one subdirectory per conversation. */
  dir: string;
  /** RELAY_ANSWER_TIMEOUT_MS: the wait for one answer file. */
  timeoutMs: number;
  /** RELAY_PROGRESS_MS: how often "still waiting" is printed. */
  progressMs: number;
  /** How often the answer file is looked for. Default 250 ms. */
  pollMs?: number;
  /** Where progress goes. Default: stderr. */
  log?: (line: string) => void;
}

/**
 * LLM_PROVIDER=relay (docs/models.md "Relay"): writes each request to `<dir>/<conversation>/<seq>.request.json`
 * plus a readable `<seq>.request.md`, then waits for `<seq>.response.json`, bounded by timeoutMs. A bad answer
 * file is set aside with its reasons and the wait goes on; a conversation that starts again under a name
 * already on disk moves the old files to `<dir>/.previous/`.
 */
export function fileRelay(options: FileRelayOptions): ConversationResponder {
  const log = options.log ?? ((line: string) => process.stderr.write(`${line}\n`));
  return async function relayTurn(call, turn): Promise<ModelReply> {
    const folder = join(resolve(options.dir), conversationDirName(turn.conversation));
    if (turn.seq === 1) await setAsidePrevious(options.dir, folder);
    await mkdir(folder, { recursive: true });
    const base = join(folder, String(turn.seq));
    const answerPath = `${base}.response.json`;
    await writeFile(`${base}.request.json`, `${JSON.stringify(call.request, null, 2)}\n`);
    await writeFile(
      `${base}.request.md`,
      requestMarkdown(call.request, { ...turn, answerPath, timeoutMs: options.timeoutMs }),
    );
    log(`relay: ${turn.conversation} #${turn.seq}: waiting for ${answerPath}`);
    log(`       (the request, and how to answer: ${base}.request.md)`);
    return waitForAnswer(call.request, turn, base, options, log, call.signal);
  };
}

async function waitForAnswer(
  request: GenerateContentRequest,
  turn: ConversationTurn,
  base: string,
  options: FileRelayOptions,
  log: (line: string) => void,
  signal: AbortSignal,
): Promise<ModelReply> {
  const started = Date.now();
  let lastProgress = started;
  let rejected = 0;
  let partial: { size: number; checks: number } | undefined;
  const label = `relay: ${turn.conversation} #${turn.seq}`;
  while (Date.now() - started < options.timeoutMs) {
    if (signal.aborted) {
      log(`${label}: the service stopped waiting (its own timeout); this request is abandoned`);
      await writeFile(`${base}.abandoned.txt`, 'The service stopped waiting for this answer.\n');
      return { ok: false, code: 499, message: 'client closed the request' };
    }
    const text = await readFile(`${base}.response.json`, 'utf8').catch(() => undefined);
    if (text !== undefined) {
      const json = parseJson(text);
      // A file still being written parses badly for a moment: give it two more looks before rejecting it.
      if (!json.ok && partial?.size !== text.length) partial = { size: text.length, checks: 0 };
      if (!json.ok && partial && ++partial.checks < 3) {
        await pause(options, signal);
        continue;
      }
      const answer = json.ok
        ? readRelayAnswer(json.value, request, turn.seq)
        : { ok: false as const, problems: [json.error] };
      if (answer.ok) {
        log(`${label}: answered (${summary(answer.response.candidates[0]?.content?.parts ?? [])})`);
        return { ok: true, response: answer.response };
      }
      rejected += 1;
      await rename(`${base}.response.json`, `${base}.response.rejected-${rejected}.json`);
      await writeFile(`${base}.response.error.txt`, `${answer.problems.join('\n')}\n`);
      log(`${label}: answer rejected, still waiting for a corrected ${base}.response.json:`);
      for (const problem of answer.problems) log(`       - ${problem}`);
      partial = undefined;
    }
    if (Date.now() - lastProgress >= options.progressMs) {
      lastProgress = Date.now();
      log(`${label}: still waiting (${Math.round((lastProgress - started) / 1000)} s)`);
    }
    await pause(options, signal);
  }
  log(`${label}: no answer within ${options.timeoutMs} ms (RELAY_ANSWER_TIMEOUT_MS); the request fails`);
  await writeFile(`${base}.abandoned.txt`, `No answer within ${options.timeoutMs} ms; the request failed.\n`);
  return { ok: false, code: 504, message: `relay: no answer within ${options.timeoutMs} ms` };
}

function pause(options: FileRelayOptions, signal: AbortSignal): Promise<void> {
  return sleep(options.pollMs ?? 250, undefined, { signal }).catch(() => undefined);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false; error: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: `not valid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function summary(parts: ReadonlyArray<{ text?: string; functionCall?: { name: string } }>): string {
  return parts.map((p) => (p.functionCall ? `call ${p.functionCall.name}` : 'text')).join(', ');
}

async function setAsidePrevious(dir: string, folder: string): Promise<void> {
  if (!existsSync(folder)) return;
  const previous = join(resolve(dir), '.previous');
  await mkdir(previous, { recursive: true });
  const stamp = (await stat(folder)).mtime.toISOString().replace(/[:.]/g, '-');
  await rename(folder, join(previous, `${folder.split(/[\\/]/).at(-1)}-${stamp}`));
}
