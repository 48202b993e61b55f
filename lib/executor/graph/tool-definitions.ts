import type { StoredPlan } from '../../plans/stored-plan.ts';
import type { ActionRegistry } from '../../registry/action-registry.ts';
import { toFunctionDeclaration } from '../../registry/gemini-declarations.ts';

/** A tool in the OpenAI function format, which LangChain converts for Gemini and for the test fakes. */
export interface FunctionTool {
  type: 'function';
  function: { name: string; description: string; parameters: object };
}

/**
 * The executor's tools (issue 6): exactly the confirmed plan's actions, once each, with the registry's
 * Gemini-safe declarations, plus ask_user. Blocked actions cannot be in a plan and are never declared.
 */
export function toolDefinitions(
  plan: StoredPlan,
  registry: ActionRegistry,
  askUser: FunctionTool,
): FunctionTool[] {
  const ids = [...new Set(plan.actions.map((s) => s.action_id))];
  const tools = ids
    .map((id) => registry.require(id))
    .filter((a) => a.safety_tier !== 'blocked')
    .map((a) => {
      const d = toFunctionDeclaration(a);
      return {
        type: 'function' as const,
        function: { name: d.name, description: d.description, parameters: d.parameters },
      };
    });
  return [...tools, askUser];
}
