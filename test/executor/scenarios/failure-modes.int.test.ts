import { startExecutorStack } from '../../support/executor-harness.ts';
import { failureModesSuite } from './suites/failure-modes.suite.ts';

// Over DynamoDB (dynalite) and the sandbox over HTTP.
failureModesSuite(startExecutorStack);
