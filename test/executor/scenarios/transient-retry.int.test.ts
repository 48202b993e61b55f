import { startExecutorStack } from '../../support/executor-harness.ts';
import { transientRetrySuite } from './suites/transient-retry.suite.ts';

// Over DynamoDB (dynalite) and the sandbox over HTTP.
transientRetrySuite(startExecutorStack);
