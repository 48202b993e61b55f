import type { CompiledAction } from '../registry/compiled-action.ts';
import { tokens } from './tools/tool-retrieval.ts';

const MAX_QUICK_ACTIONS = 4;

/**
 * Quick-action shortcuts (000 Planning Rules 5): ready-to-send sentences, one per safe bound mutation (normal
 * tier and reversible: a shortcut should never be the riskiest thing to tap), taken from the overlay's first
 * example (001: examples are "natural language triggers"), else the action's name. The ones sharing the most
 * distinct words with what the user wrote (its name counting twice) come first, then registry order. Registry-driven: a new action brings its own.
 */
export function quickActions(actions: readonly CompiledAction[], userText = ''): string[] {
  const words = new Set(tokens(userText));
  const safe = actions
    .filter((a) => !a.read_only && a.safety_tier === 'normal' && a.reversible)
    .map((action, index) => {
      const text = (action.examples?.[0] ?? action.name).trim();
      // Distinct words shared, and once more for the action's own name: a long description that repeats a
      // word ("guest" in createBooking's) must not outrank the action named by it ("Update guest count").
      const shared = (about: string) => new Set(tokens(about).filter((t) => words.has(t))).size;
      const overlap =
        shared(`${action.name} ${action.description} ${(action.examples ?? []).join(' ')}`) +
        shared(action.name);
      return { text, overlap, index };
    })
    .sort((a, b) => b.overlap - a.overlap || a.index - b.index);
  const out: string[] = [];
  for (const { text } of safe) {
    if (text && !out.includes(text)) out.push(text);
    if (out.length >= MAX_QUICK_ACTIONS) break;
  }
  return out;
}
