export { createPlanner } from './create-planner.ts';
export * from './errors.ts';
export {
  DEFAULT_LOOKUP_ROLES,
  type LookupRoles,
  type PlannerConfig,
  type PlannerDeps,
} from './planner-deps.ts';
export { type PromptSize, planningPromptSize } from './prompt-size.ts';
export * from './request-outcome.ts';
