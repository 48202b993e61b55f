export * from './in-memory-plan-queue.ts';
export * from './in-memory-plan-store.ts';
export * from './in-memory-session-store.ts';
