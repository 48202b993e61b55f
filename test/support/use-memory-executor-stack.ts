import { afterAll, beforeAll } from 'vitest';
import { type ExecutorStack, memoryExecutorStack } from './executor-harness.ts';

/**
 * The in-memory executor stack of one test file (issue 31: one set-up, not a block copied into each file): started
 * before the file's tests, stopped after them. The returned stack reads the started one, so it can be taken at
 * module level and handed to `freshWorld(stack)` inside a test.
 */
export function useMemoryExecutorStack(): ExecutorStack {
  let started: ExecutorStack | undefined;
  beforeAll(async () => {
    started = await memoryExecutorStack();
  });
  afterAll(async () => {
    await started?.stop();
  });
  const current = (): ExecutorStack => {
    if (!started) throw new Error('useMemoryExecutorStack: the stack is used before beforeAll started it');
    return started;
  };
  return {
    get sandbox() {
      return current().sandbox;
    },
    stores: (clock) => current().stores(clock),
    bookingApi: (timeoutMs) => current().bookingApi(timeoutMs),
    stop: () => current().stop(),
  };
}
