import { startExecutorStack } from '../../support/executor-harness.ts';
import { inDoubtSuite } from './suites/in-doubt.suite.ts';

// Over DynamoDB (dynalite) and the sandbox over HTTP.
inDoubtSuite(startExecutorStack);
