import { memoryExecutorStack } from '../../support/executor-harness.ts';
import { blockingPromptSuite } from './suites/blocking-prompt.suite.ts';

// Over the in-memory adapters and the sandbox in process.
blockingPromptSuite(memoryExecutorStack);
