export * from './action-result.ts';
export * from './atomic-action.ts';
export * from './booking.ts';
export * from './enums.ts';
export * from './execution-plan.ts';
export * from './overlay.ts';
export * from './primitives.ts';
export * from './service-error.ts';
