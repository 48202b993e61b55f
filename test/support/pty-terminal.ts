import { stripVTControlCharacters } from 'node:util';
import pty, { type IPty } from 'node-pty';

/**
 * A program running in a real pseudo-terminal (node-pty), driven like a person at a keyboard: it reads the screen
 * and types keys one at a time. stdin is a TTY, so the program takes its terminal code path (raw mode, one-key
 * prompts, an in-place spinner), which piped input never exercises.
 */
export class PtyTerminal {
  #output = '';
  /** Screen text already consumed by waitFor: each wait reads what came after the previous match. */
  #cursor = 0;
  #exit: { exitCode: number; signal?: number } | undefined;
  readonly #listeners = new Set<() => void>();
  readonly exited: Promise<{ exitCode: number; signal?: number }>;

  private constructor(private readonly process: IPty) {
    process.onData((data) => {
      this.#output += data;
      for (const listener of [...this.#listeners]) listener();
    });
    this.exited = new Promise((resolve) =>
      process.onExit((exit) => {
        this.#exit = exit;
        for (const listener of [...this.#listeners]) listener();
        resolve(exit);
      }),
    );
  }

  /** Starts `command args` in a 120×40 terminal in `cwd`. */
  static spawn(
    command: string,
    args: string[],
    options: { cwd: string; env?: NodeJS.ProcessEnv },
  ): PtyTerminal {
    const env = Object.fromEntries(
      Object.entries({ ...process.env, ...options.env }).filter(
        (e): e is [string, string] => e[1] !== undefined,
      ),
    );
    return new PtyTerminal(
      pty.spawn(command, args, { name: 'xterm', cols: 120, rows: 40, cwd: options.cwd, env }),
    );
  }

  /** Everything shown so far, without the colour, cursor and line-clearing escapes a person never reads. */
  screen(): string {
    return stripVTControlCharacters(this.#output).replace(/\r/g, '');
  }

  /**
   * Resolves with the screen text from the last match up to and including the first match of `pattern` (its
   * capture groups are in `match`). Rejects when the program exits first, or after `timeoutMs`, with the screen.
   */
  waitFor(pattern: RegExp, timeoutMs = 30_000): Promise<{ text: string; match: RegExpExecArray }> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const rest = this.screen().slice(this.#cursor);
        const match = pattern.exec(rest);
        if (match) {
          done();
          const end = match.index + match[0].length;
          this.#cursor += end;
          resolve({ text: rest.slice(0, end), match });
        } else if (this.#exit) {
          done();
          reject(new Error(`exited (${this.#exit.exitCode}) before ${pattern}; screen:\n${this.screen()}`));
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(new Error(`no ${pattern} within ${timeoutMs} ms; screen:\n${this.screen()}`));
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        this.#listeners.delete(check);
      };
      this.#listeners.add(check);
      check();
    });
  }

  /** Types `text` key by key, as a person does; "\r" is Enter. */
  type(text: string): void {
    for (const key of text) this.process.write(key);
  }

  /** Stops the program if it still runs (test cleanup). */
  kill(): void {
    if (!this.#exit) this.process.kill();
  }
}
