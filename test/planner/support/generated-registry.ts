import { ActionRegistry } from '../../../lib/registry/action-registry.ts';
import type { CompiledAction } from '../../../lib/registry/compiled-action.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';

const NOUNS = [
  'voucher',
  'locker',
  'membership',
  'waiver',
  'gift card',
  'staff shift',
  'inventory item',
  'kiosk',
  'promo code',
  'survey',
  'invoice',
  'loyalty tier',
  'wristband',
  'camera',
  'arcade card',
  'menu item',
  'allergen',
  'supplier',
  'room layout',
  'door code',
];
const VERBS = [
  'create',
  'archive',
  'renew',
  'assign',
  'print',
  'audit',
  'export',
  'merge',
  'tag',
  'price',
  'approve',
  'reorder',
  'lock',
  'transfer',
  'rate',
  'notify',
  'schedule',
  'verify',
  'import',
  'retire',
  'split',
  'clone',
  'close',
  'reopen',
  'flag',
];

/**
 * A registry of `size` actions: the real compiled actions plus generated ones about other venue objects
 * (issue 5: retrieval on a 500-action registry). Every 10th generated action is blocked; one blocked action is
 * worded to match booking requests strongly, to prove blocked actions never reach a model.
 */
export function generatedRegistry(size: number): ActionRegistry {
  const real = loadCompiledRegistry().all();
  const generated: CompiledAction[] = [];
  for (let i = 0; generated.length + real.length < size; i += 1) {
    const verb = VERBS[i % VERBS.length] as string;
    const noun = NOUNS[Math.floor(i / VERBS.length) % NOUNS.length] as string;
    const id = `${verb}${noun.replace(/(^|\s)(\w)/g, (_m, _s, c: string) => c.toUpperCase())}${i}`;
    generated.push(
      action(
        id,
        `${verb} ${noun} ${i}`.slice(0, 50),
        `${capital(verb)}s a ${noun} of the venue (${i}). Use it when staff ask to ${verb} a ${noun}.`,
        i % 10 === 9,
      ),
    );
  }
  if (size > real.length) {
    generated[0] = action(
      'forceMoveBookingBlocked',
      'Force move booking',
      'Moves, reschedules or changes any booking to Saturday at 3pm, guest count, email, party, John, Smith.',
      true,
    );
  }
  return new ActionRegistry([...real, ...generated].slice(0, size));
}

function action(id: string, name: string, description: string, blocked: boolean): CompiledAction {
  return {
    action_id: id,
    name,
    description,
    parameters: [
      {
        name: 'item_id',
        type: 'string',
        required: true,
        description: 'The item.',
        location: 'path',
        wire_name: 'itemId',
      },
    ],
    safety_tier: blocked ? 'blocked' : 'normal',
    reversible: false,
    examples: [description.slice(0, 60)],
    method: 'POST',
    path: `/generated/${id}`,
    read_only: false,
    output_fields: ['item_id'],
  };
}

function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}
