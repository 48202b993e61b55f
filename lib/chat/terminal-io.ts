import { emitKeypressEvents } from 'node:readline';
import { createInterface } from 'node:readline/promises';
import type { ChatIO } from './chat-loop.ts';

/** ChatIO over stdin/stdout: one-key confirm and an in-place spinner on a TTY, plain lines when piped. */
export function terminalIO(input = process.stdin, output = process.stdout): ChatIO & { close(): void } {
  const rl = createInterface({ input, terminal: input.isTTY === true, output });
  const lines = rl[Symbol.asyncIterator]();
  let lastStatus = '';

  async function nextLine(prompt: string): Promise<string | undefined> {
    if (input.isTTY) {
      try {
        return await rl.question(prompt);
      } catch {
        return undefined;
      }
    }
    const next = await lines.next();
    return next.done ? undefined : next.value;
  }

  async function readKey(prompt: string): Promise<string | undefined> {
    if (!input.isTTY) return (await nextLine(prompt))?.trim().charAt(0);
    output.write(prompt);
    rl.pause();
    emitKeypressEvents(input);
    input.setRawMode(true);
    const key = await new Promise<string>((resolve) =>
      input.once('keypress', (s: string | undefined) => resolve(s ?? '')),
    );
    input.setRawMode(false);
    rl.resume();
    output.write(`${key}\n`);
    return key;
  }

  return {
    readLine: nextLine,
    readKey,
    write: (text) => output.write(`${text}\n`),
    status(text) {
      if (output.isTTY) output.write(`\r\x1b[2K${text}`);
      else {
        // Piped: no spinner frames, one line per real change of state.
        const stable = text.replace(/^\S+\s/, '');
        if (stable && stable !== lastStatus) output.write(`${stable}\n`);
        lastStatus = stable;
      }
    },
    close: () => rl.close(),
  };
}
