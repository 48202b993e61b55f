import type { ToolDefinition } from '@langchain/core/language_models/base';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import type { LookupRoles, PlannerRegistry } from '../planner-deps.ts';
import { lookupToolDefinition, terminalToolDefinitions } from './tool-definitions.ts';
import { selectBoundActions } from './tool-retrieval.ts';

/** What one planning turn binds to the model. */
export interface BoundToolset {
  /** Registry actions bound this turn (≤ 15): the only ones the prompt lists and a plan may use. */
  actions: CompiledAction[];
  /** Read-only bound actions the model may call now, by tool name (= action_id). */
  lookups: ReadonlyMap<string, CompiledAction>;
  /** Ids a propose_plan step may name. */
  planActionIds: string[];
  /** Lookup tools first, then the four terminal tools. */
  tools: ToolDefinition[];
}

export interface ToolsetInput {
  registry: PlannerRegistry;
  roles: LookupRoles;
  /** The user's words this turn (and the previous message), for retrieval. */
  query: string;
  /** TOOL_RETRIEVAL_K. */
  k: number;
  /** Action ids of the pending plan: "the actions already chosen" stay bound so an amendment can keep them. */
  chosen: readonly string[];
}

/**
 * Builds the turn's tools from the registry's model-visible view (blocked actions never reach a model,
 * 000 Security). Mutations are not tools: they are plan-step actions listed in the prompt and in propose_plan's
 * action_id enum, so the model cannot execute them while planning.
 */
export function buildToolset(input: ToolsetInput): BoundToolset {
  const visible = input.registry.modelVisible().filter((a) => a.safety_tier !== 'blocked');
  const pinned = [input.roles.search, input.roles.get, input.roles.availability, ...input.chosen];
  const actions = selectBoundActions({ visible, query: input.query, k: input.k, pinned });
  const readOnly = actions.filter((a) => a.read_only);
  // Lookups run now, as tools; a plan step that only reads changes nothing (round-3 relay notes).
  const planActionIds = actions.filter((a) => !a.read_only).map((a) => a.action_id);
  return {
    actions,
    lookups: new Map(readOnly.map((a) => [a.action_id, a])),
    planActionIds,
    tools: [...readOnly.map(lookupToolDefinition), ...terminalToolDefinitions(planActionIds)],
  };
}
