import type { CompiledAction } from '../../registry/compiled-action.ts';
import { malformedPlaceholdersIn, placeholdersIn, stepDependencies, stepsOnCycles } from '../placeholders.ts';
import type { PlannerRegistry } from '../planner-deps.ts';
import type { GateError, PlanStepDraft } from './gate-types.ts';
import { parameterProblem } from './parameter-checks.ts';

/**
 * The deterministic part of the validation gate (seed 004, adopted), issue 5's list in order:
 * every action exists and is not blocked; parameters match their types and required ones are present or
 * placeholders; each {{step_N.field}} points to an earlier step and a field that step's action declares;
 * dependencies (derived from placeholders, seed 003) are acyclic.
 */
export function planErrors(steps: readonly PlanStepDraft[], registry: PlannerRegistry): GateError[] {
  if (steps.length === 0) return [{ code: 'empty_plan', message: 'a plan needs at least one step' }];
  const errors: GateError[] = [];
  const actions = new Map<number, CompiledAction>();
  for (const step of steps) {
    const action = registry.get(step.action_id);
    // An execution-only action (a compensation the executor may run) is not the planner's to use.
    if (!action || action.execution_only) {
      errors.push({
        step_number: step.step_number,
        code: 'unknown_action',
        message: `no action ${step.action_id}`,
      });
      continue;
    }
    if (action.safety_tier === 'blocked') {
      errors.push({
        step_number: step.step_number,
        code: 'blocked_action',
        message: `${step.action_id} is not available to this assistant`,
      });
      continue;
    }
    actions.set(step.step_number, action);
    errors.push(...parameterErrors(step, action));
  }
  for (const step of steps) errors.push(...placeholderErrors(step, actions));
  const cycle = stepsOnCycles(stepDependencies(steps));
  if (cycle.length > 0) {
    errors.push({
      code: 'dependency_cycle',
      message: `steps ${cycle.join(', ')} depend on each other in a cycle`,
    });
  }
  return errors;
}

function parameterErrors(step: PlanStepDraft, action: CompiledAction): GateError[] {
  const errors: GateError[] = [];
  const at = (code: GateError['code'], message: string): GateError => ({
    step_number: step.step_number,
    code,
    message,
  });
  for (const name of Object.keys(step.parameters)) {
    if (!action.parameters.some((p) => p.name === name)) {
      errors.push(at('unknown_parameter', `${action.action_id} has no parameter ${name}`));
    }
  }
  for (const param of action.parameters) {
    const value = step.parameters[param.name];
    if (value === undefined) {
      if (param.required && param.default === undefined) {
        errors.push(at('missing_parameter', `${param.name} is required by ${action.action_id}`));
      }
      continue;
    }
    const problem = parameterProblem(param, value);
    if (problem) errors.push(at('invalid_value', problem));
  }
  return errors;
}

function placeholderErrors(step: PlanStepDraft, actions: ReadonlyMap<number, CompiledAction>): GateError[] {
  const errors: GateError[] = [];
  const at = (code: GateError['code'], message: string): GateError => ({
    step_number: step.step_number,
    code,
    message,
  });
  for (const value of Object.values(step.parameters)) {
    for (const bad of malformedPlaceholdersIn(value)) {
      errors.push(at('malformed_placeholder', `${bad} is not of the form {{step_N.field}}`));
    }
    for (const ref of placeholdersIn(value)) {
      if (ref.step >= step.step_number || ref.step < 1) {
        errors.push(at('forward_reference', `${ref.text} must point to an earlier step`));
        continue;
      }
      const source = actions.get(ref.step);
      if (source && !source.output_fields.includes(ref.field)) {
        const fields = source.output_fields.join(', ') || 'none';
        errors.push(at('unknown_output_field', `${ref.text}: ${source.action_id} outputs ${fields}`));
      }
    }
  }
  return errors;
}
