import type { CompiledAction } from '../../registry/compiled-action.ts';
import { firstCue, readWords } from './intent-cues.ts';
import { cuesOf } from './step-licence.ts';

/**
 * Issue 30: the user's words refuse the action outright: the latest of their lines that speaks of it, by a refusal
 * cue of its overlay or by one of its intent cues, holds a refusal cue ("new booking …, she's prepaid online so no
 * payment needed"). A later line that asks for it ("actually, do send a payment link") asks again. Within one line
 * the refusal wins: "no payment link" holds the cue "payment link" too.
 */
export function refusesAction(
  action: Pick<CompiledAction, 'name' | 'intent_cues' | 'refusal_cues'>,
  userText: string,
): boolean {
  const refusals = action.refusal_cues ?? [];
  if (refusals.length === 0) return false;
  const lines = userText.split('\n');
  for (let i = lines.length - 1; i >= 0; i -= 1) {
    const words = readWords(lines[i] ?? '');
    if (firstCue(words, refusals) !== undefined) return true;
    if (firstCue(words, cuesOf(action)) !== undefined) return false;
  }
  return false;
}
