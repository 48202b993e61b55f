import { createInterface } from 'node:readline';
import type { ChatIO } from './chat-loop.ts';

/** Ctrl-C and Ctrl-D as raw-mode bytes: a person leaving, not a key choice. */
const INTERRUPT_KEYS = new Set(['\u0003', '\u0004']);

/** ChatIO over stdin/stdout: one-key confirm and an in-place spinner on a TTY, plain lines when piped. */
export function terminalIO(
  input: NodeJS.ReadStream = process.stdin,
  output: NodeJS.WriteStream = process.stdout,
): ChatIO & { close(): void } {
  const base = input.isTTY ? ttyReader(input, output) : pipedReader(input);
  let lastStatus = '';
  return {
    ...base,
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
  };
}

type Reader = Pick<ChatIO, 'readLine' | 'readKey'> & { close(): void };

/**
 * A terminal: one readline interface per question, closed after the answer, so between questions stdin is paused
 * (the process can exit, and a key read in raw mode is not also fed to a line editor). The resumed/paused state
 * of stdin is owned here: every read resumes it and every read pauses it again, whatever way it ends.
 */
function ttyReader(input: NodeJS.ReadStream, output: NodeJS.WriteStream): Reader {
  const history: string[] = [];

  function readLine(prompt: string): Promise<string | undefined> {
    return new Promise((resolve) => {
      const rl = createInterface({ input, output, terminal: true, history: [...history], historySize: 100 });
      let answer: string | undefined;
      rl.once('SIGINT', () => {
        output.write('^C\n');
        rl.close();
      });
      // Ctrl-D on an empty line, Ctrl-C, or the end of input: no answer.
      rl.once('close', () => resolve(answer));
      rl.question(prompt, (line) => {
        answer = line;
        if (line.trim() !== '') history.unshift(line);
        rl.close();
      });
    });
  }

  function readKey(prompt: string): Promise<string | undefined> {
    return new Promise((resolve) => {
      // Raw before the prompt shows: a key pressed the moment it appears is neither echoed nor held for Enter.
      input.setRawMode(true);
      input.resume();
      output.write(prompt);
      input.once('data', (chunk: Buffer | string) => {
        input.setRawMode(false);
        input.pause();
        const key = [...chunk.toString()][0] ?? '';
        const left = INTERRUPT_KEYS.has(key);
        output.write(left ? '\n' : `${printable(key)}\n`);
        resolve(left ? undefined : key);
      });
    });
  }

  return { readLine, readKey, close: () => input.pause() };
}

/** Piped input: lines, in order; a "key" is the first character of the next line. */
function pipedReader(input: NodeJS.ReadStream): Reader {
  const rl = createInterface({ input, terminal: false });
  const lines = rl[Symbol.asyncIterator]();
  async function readLine(): Promise<string | undefined> {
    const next = await lines.next();
    return next.done ? undefined : next.value;
  }
  return {
    readLine,
    readKey: async () => (await readLine())?.trim().charAt(0),
    close: () => rl.close(),
  };
}

/** The key as the person sees it echoed: Enter and other control keys by name. */
function printable(key: string): string {
  if (key === '\r' || key === '\n') return '⏎';
  return key < ' ' || key === '\u007f' ? '' : key;
}
