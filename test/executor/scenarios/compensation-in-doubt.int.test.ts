import { startExecutorStack } from '../../support/executor-harness.ts';
import { compensationInDoubtSuite } from './suites/compensation-in-doubt.suite.ts';

// Over DynamoDB (dynalite) and the sandbox over HTTP.
compensationInDoubtSuite(startExecutorStack);
