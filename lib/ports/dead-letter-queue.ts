/** One message read from the dead-letter queue: its parsed JSON body (unknown: validated by the reader). */
export interface DeadLetter {
  body: unknown;
  receipt: string;
}

/** Port: the execution queue's DLQ, as the watchdog and `npm run ops -- redrive` read it. */
export interface DeadLetterQueue {
  /** Up to `max` messages, hidden from other readers until removed or their visibility ends. */
  receive(max: number): Promise<DeadLetter[]>;
  remove(receipt: string): Promise<void>;
}
