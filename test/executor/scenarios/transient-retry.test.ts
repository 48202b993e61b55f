import { memoryExecutorStack } from '../../support/executor-harness.ts';
import { transientRetrySuite } from './suites/transient-retry.suite.ts';

// Over the in-memory adapters and the sandbox in process.
transientRetrySuite(memoryExecutorStack);
