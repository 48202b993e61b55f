import { memoryExecutorStack } from '../../support/executor-harness.ts';
import { guardrailsSuite } from './suites/guardrails.suite.ts';

// Over the in-memory adapters and the sandbox in process.
guardrailsSuite(memoryExecutorStack);
