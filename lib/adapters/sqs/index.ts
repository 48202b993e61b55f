export * from './sqs-client.ts';
export * from './sqs-plan-queue.ts';
