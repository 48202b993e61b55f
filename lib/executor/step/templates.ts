import { readPath, stepNumberOf, type TemplateLookup } from '../../contracts/template-grammar.ts';

/**
 * Lookup over recorded step outputs: `{{step_N.field}}` reads step N's result.response_data. The grammar itself
 * (parsing, reading paths, resolving) is lib/contracts/template-grammar.ts, shared with the planner and registry.
 */
export function stepOutputLookup(outputs: ReadonlyMap<number, Record<string, unknown>>): TemplateLookup {
  return function lookupStepOutput(scope, _path, segments) {
    const step = stepNumberOf(scope);
    return step === undefined ? undefined : readPath(outputs.get(step), segments);
  };
}
