/**
 * Memoises an async factory: the first call builds, later calls share the result (adapters once per cold
 * start). A failed build is forgotten so the next invocation retries instead of failing forever.
 */
export function lazy<T>(build: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return function resolveLazy() {
    pending ??= build().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
