import { startExecutorStack } from '../../support/executor-harness.ts';
import { guardrailsSuite } from './suites/guardrails.suite.ts';

// Over DynamoDB (dynalite) and the sandbox over HTTP.
guardrailsSuite(startExecutorStack);
