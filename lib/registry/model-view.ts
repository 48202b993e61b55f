import type { ActionParameter, AtomicAction } from '../contracts/atomic-action.ts';
import type { CompiledAction, CompiledParameter } from './compiled-action.ts';

/** The 001 ActionParameter fields of a compiled parameter: no wire names, locations or constraints. */
export function toActionParameter(parameter: CompiledParameter): ActionParameter {
  const { name, type, required, description, enum_values, default: fallback } = parameter;
  return {
    name,
    type,
    required,
    description,
    ...(enum_values === undefined ? {} : { enum_values }),
    ...(fallback === undefined ? {} : { default: fallback }),
  };
}

/** The 001 AtomicAction a model may see: the HTTP binding and compensation templates are left out. */
export function toAtomicAction(action: CompiledAction): AtomicAction {
  return {
    action_id: action.action_id,
    name: action.name,
    description: action.description,
    parameters: action.parameters.map(toActionParameter),
    safety_tier: action.safety_tier,
    reversible: action.reversible,
    ...(action.compensation_action_id === undefined
      ? {}
      : { compensation_action_id: action.compensation_action_id }),
    ...(action.examples === undefined ? {} : { examples: action.examples }),
  };
}
