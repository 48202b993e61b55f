import { memoryExecutorStack } from '../../support/executor-harness.ts';
import { compensationInDoubtSuite } from './suites/compensation-in-doubt.suite.ts';

// Over the in-memory adapters and the sandbox in process.
compensationInDoubtSuite(memoryExecutorStack);
