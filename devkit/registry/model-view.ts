import type {
  ActionParameter,
  AtomicAction,
  FieldShape,
  ValueShape,
} from '../../lib/contracts/atomic-action.ts';
import type {
  CompiledAction,
  CompiledField,
  CompiledParameter,
  CompiledValue,
} from '../../lib/registry/compiled-action.ts';

/** The model-facing shape of a nested value: types, names, descriptions; no wire names or constraints. */
function toValueShape(value: CompiledValue): ValueShape {
  return {
    type: value.type,
    ...(value.description === undefined ? {} : { description: value.description }),
    ...(value.enum_values === undefined ? {} : { enum_values: value.enum_values }),
    ...(value.items === undefined ? {} : { items: toValueShape(value.items) }),
    ...(value.fields === undefined ? {} : { fields: value.fields.map(toFieldShape) }),
  };
}

function toFieldShape(field: CompiledField): FieldShape {
  return {
    name: field.name,
    required: field.required,
    ...toValueShape(field),
    description: field.description,
  };
}

/** The 001 ActionParameter fields of a compiled parameter: no wire names, locations or constraints. */
export function toActionParameter(parameter: CompiledParameter): ActionParameter {
  const { name, type, required, description, enum_values, default: fallback, items, fields } = parameter;
  return {
    name,
    type,
    required,
    description,
    ...(enum_values === undefined ? {} : { enum_values }),
    ...(fallback === undefined ? {} : { default: fallback }),
    ...(items === undefined ? {} : { items: toValueShape(items) }),
    ...(fields === undefined ? {} : { fields: fields.map(toFieldShape) }),
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
