import { startExecutorStack } from '../../support/executor-harness.ts';
import { rollbackIfMatchSuite } from './suites/rollback-if-match.suite.ts';

// Over DynamoDB (dynalite) and the sandbox over HTTP.
rollbackIfMatchSuite(startExecutorStack);
