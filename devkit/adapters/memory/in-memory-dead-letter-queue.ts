import type { DeadLetter, DeadLetterQueue } from '../../../lib/ports/dead-letter-queue.ts';

/** DeadLetterQueue in memory: `put` a body, `receive` hands out what is not yet removed (tests, offline runs). */
export class InMemoryDeadLetterQueue implements DeadLetterQueue {
  private readonly letters = new Map<string, unknown>();
  private seq = 0;

  put(body: unknown): void {
    this.seq += 1;
    this.letters.set(`r-${this.seq}`, structuredClone(body));
  }

  get size(): number {
    return this.letters.size;
  }

  async receive(max: number): Promise<DeadLetter[]> {
    return [...this.letters]
      .slice(0, max)
      .map(([receipt, body]) => ({ receipt, body: structuredClone(body) }));
  }

  async remove(receipt: string): Promise<void> {
    this.letters.delete(receipt);
  }
}
