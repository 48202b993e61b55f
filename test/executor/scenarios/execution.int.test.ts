import { startExecutorStack } from '../../support/executor-harness.ts';
import { executionSuite } from './suites/execution.suite.ts';

// Over DynamoDB (dynalite) and the sandbox over HTTP.
executionSuite(startExecutorStack);
