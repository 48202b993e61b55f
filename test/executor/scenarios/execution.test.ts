import { memoryExecutorStack } from '../../support/executor-harness.ts';
import { executionSuite } from './suites/execution.suite.ts';

// Over the in-memory adapters and the sandbox in process.
executionSuite(memoryExecutorStack);
