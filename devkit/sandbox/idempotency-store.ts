/** A recorded response, replayed verbatim for a repeated Idempotency-Key. */
export interface RecordedResponse {
  /** Operation + path parameters + body: a key reused for a different request is refused. */
  fingerprint: string;
  status: number;
  body: unknown;
}

/**
 * Idempotency-Key records, scoped per venue. Only committed changes are recorded (like Stripe, which keeps
 * no result for requests that failed validation): a 400 corrected and retried with the same key (000: the
 * executor self-corrects) is evaluated afresh, while a change that was applied is never applied twice.
 */
export class IdempotencyStore {
  private readonly records = new Map<string, RecordedResponse>();

  get(venueId: string, key: string): RecordedResponse | undefined {
    return this.records.get(`${venueId}\u0000${key}`);
  }

  put(venueId: string, key: string, response: RecordedResponse): void {
    this.records.set(`${venueId}\u0000${key}`, response);
  }

  clear(): void {
    this.records.clear();
  }
}
