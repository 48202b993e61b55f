import { memoryExecutorStack } from '../../support/executor-harness.ts';
import { failureModesSuite } from './suites/failure-modes.suite.ts';

// Over the in-memory adapters and the sandbox in process.
failureModesSuite(memoryExecutorStack);
