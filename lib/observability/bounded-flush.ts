/** How a bounded flush ended; logged, never thrown. */
export type FlushOutcome =
  | { kind: 'flushed' }
  | { kind: 'timed_out'; afterMs: number }
  | { kind: 'failed'; error: unknown };

/**
 * Runs `flush` but gives up after `timeoutMs` (issue 7: a Langfuse outage or slowness never fails or delays a
 * request beyond a small bound). The export may continue in the background; Lambda freezes it, which only loses
 * telemetry. Never rejects.
 */
export async function boundedFlush(flush: () => Promise<void>, timeoutMs: number): Promise<FlushOutcome> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<FlushOutcome>((resolve) => {
    timer = setTimeout(() => resolve({ kind: 'timed_out', afterMs: timeoutMs }), timeoutMs);
    // The timer alone must never keep a process (a CLI, a test worker) alive.
    timer.unref();
  });
  const work = (async (): Promise<FlushOutcome> => {
    try {
      await flush();
      return { kind: 'flushed' };
    } catch (error) {
      return { kind: 'failed', error };
    }
  })();
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
