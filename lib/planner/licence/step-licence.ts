import type { CompiledAction } from '../../registry/compiled-action.ts';
import { firstCue, type ReadWords } from './intent-cues.ts';

/** Why a mutating step may be in a plan: the user's words ask for its action, or state the value it takes. */
export type StepLicence =
  | { kind: 'cue'; cue: string }
  | { kind: 'value'; parameter: string }
  | { kind: 'none'; explicitOnly: boolean };

/** Tells whether a parameter's value in the step is one the user stated (lib/planner/gate/grounding-checks.ts). */
export type StatedValue = (parameter: string) => boolean;

/**
 * The action's cues plus its name: an overlay without `intent_cues` is still licensed by its own name ("update
 * special requests"), and the "Yes, also …" reply the gate suggests always licenses what it offers.
 */
export function cuesOf(action: Pick<CompiledAction, 'name' | 'intent_cues'>): string[] {
  return [...(action.intent_cues ?? []), action.name.toLowerCase()];
}

/**
 * True for actions whose licence must be an explicit cue (issue 14): high risk or irreversible. A stated value
 * ("cancel" is never implied by "Smith is 9 now") is not enough for them.
 */
export function needsExplicitCue(action: Pick<CompiledAction, 'safety_tier' | 'reversible'>): boolean {
  return action.safety_tier === 'high_risk' || !action.reversible;
}

/**
 * Decides one mutating step's licence (ADR 0012). A cue in the user's words licenses it; otherwise, for a change
 * to an existing booking by a reversible, normal-tier action, a parameter value the user stated (a count their
 * words license, a contact detail they typed, a date or time they named) licenses the action that takes it.
 */
export function stepLicence(
  action: Pick<CompiledAction, 'name' | 'intent_cues' | 'safety_tier' | 'reversible' | 'parameters'>,
  stepParameters: Readonly<Record<string, unknown>>,
  userWords: ReadWords,
  stated: StatedValue,
): StepLicence {
  const cue = firstCue(userWords, cuesOf(action));
  if (cue !== undefined) return { kind: 'cue', cue };
  const explicitOnly = needsExplicitCue(action);
  if (explicitOnly || typeof stepParameters.booking_id !== 'string') return { kind: 'none', explicitOnly };
  const parameter = action.parameters.find(
    (p) => p.name !== 'booking_id' && stepParameters[p.name] !== undefined && stated(p.name),
  );
  return parameter ? { kind: 'value', parameter: parameter.name } : { kind: 'none', explicitOnly };
}
