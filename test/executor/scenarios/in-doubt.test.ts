import { memoryExecutorStack } from '../../support/executor-harness.ts';
import { inDoubtSuite } from './suites/in-doubt.suite.ts';

// Over the in-memory adapters and the sandbox in process.
inDoubtSuite(memoryExecutorStack);
