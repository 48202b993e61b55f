import { startExecutorStack } from '../../support/executor-harness.ts';
import { blockingPromptSuite } from './suites/blocking-prompt.suite.ts';

// Over DynamoDB (dynalite) and the sandbox over HTTP.
blockingPromptSuite(startExecutorStack);
