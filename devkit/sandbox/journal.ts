/** One API request as the journal keeps it. Never the token (issue 3: the token never reaches a log). */
export interface JournalEntry {
  seq: number;
  at: string;
  operation: string;
  /** Path, query and body parameters by their wire names. */
  params: { path: Record<string, string>; query: Record<string, string>; body?: unknown };
  idempotencyKey?: string;
  ifMatch?: string;
  /** Outcome status; undefined when the connection was reset or dropped before any response. */
  status?: number;
  /** Whether this request changed state (a replay or a failure did not). */
  committed: boolean;
  /** Answered from the Idempotency-Key record. */
  replayed: boolean;
  /** The injected fault that hit this request, if any. */
  fault?: string;
}

/** Append-only request journal (GET /__admin/journal); tests assert exactly-once from it. */
export class Journal {
  private entries: JournalEntry[] = [];

  append(entry: Omit<JournalEntry, 'seq'>): JournalEntry {
    const full = { seq: this.entries.length + 1, ...entry };
    this.entries.push(full);
    return full;
  }

  list(operation?: string): JournalEntry[] {
    return this.entries
      .filter((e) => operation === undefined || e.operation === operation)
      .map((e) => ({ ...e }));
  }

  clear(): void {
    this.entries = [];
  }
}
