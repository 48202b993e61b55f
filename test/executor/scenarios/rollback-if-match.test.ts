import { memoryExecutorStack } from '../../support/executor-harness.ts';
import { rollbackIfMatchSuite } from './suites/rollback-if-match.suite.ts';

// Over the in-memory adapters and the sandbox in process.
rollbackIfMatchSuite(memoryExecutorStack);
