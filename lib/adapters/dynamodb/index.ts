export * from './document-client.ts';
export * from './dynamo-plan-store.ts';
export * from './dynamo-session-store.ts';
export * from './table-definitions.ts';
