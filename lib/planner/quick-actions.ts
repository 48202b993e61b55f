import type { CompiledAction } from '../registry/compiled-action.ts';

const MAX_QUICK_ACTIONS = 4;

/**
 * Quick-action shortcuts (000 Planning Rules 5): one ready-to-send sentence per bound mutation, taken from the
 * overlay's first example (001: examples are "natural language triggers"), else the action's name. Registry-driven,
 * so a new action brings its own shortcut.
 */
export function quickActions(actions: readonly CompiledAction[]): string[] {
  const out: string[] = [];
  for (const action of actions) {
    if (action.read_only || action.safety_tier === 'blocked') continue;
    const text = (action.examples?.[0] ?? action.name).trim();
    if (text && !out.includes(text)) out.push(text);
    if (out.length >= MAX_QUICK_ACTIONS) break;
  }
  return out;
}
