/** Base of the executor's error family (STYLE 3): stable `name`, `{ cause }` forwarded. */
export class ExecutorError extends Error {
  override readonly name: string = 'ExecutorError';
}

/** The injected chat model cannot bind tools, so it cannot drive the ReAct loop. */
export class ModelNotToolCapableError extends ExecutorError {
  override readonly name = 'ModelNotToolCapableError';
}

/** The model call threw (provider outage); retried by redelivery until the bounded budget is spent. */
export class ModelCallError extends ExecutorError {
  override readonly name = 'ModelCallError';
  readonly retryable = true;
  constructor(
    readonly planId: string,
    options?: { cause?: unknown },
  ) {
    super(`model call failed while executing plan ${planId}`, options);
  }
}
