export * from './dynamo-execution-log.ts';
export * from './in-memory-execution-log.ts';
