import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import { CompiledAction } from '../../lib/registry/compiled-action.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';

/** The id of the extra action: the demo registry has no datetime, boolean or sensitive parameter to ask about. */
export const EVENT_ACTION = 'arrangeEvent';

/**
 * The compiled demo registry plus one action of a foreign API (checked by the compiled-action schema, like an
 * artefact) whose parameters cover the types and names the demo API lacks: a datetime, a boolean, a sensitive
 * name (door_pin) and a string whose description ends in an ellipsis.
 */
export function askRegistry(): ActionRegistry {
  const real = loadCompiledRegistry().all();
  const base = real.find((a) => a.action_id === 'updateGuestCount')!;
  const bookingId = base.parameters.find((p) => p.name === 'booking_id')!;
  const event = CompiledAction.parse({
    ...base,
    action_id: EVENT_ACTION,
    name: 'Arrange event',
    description: 'Arranges a private event on a booking.',
    compensation_action_id: undefined,
    compensation: undefined,
    path: '/bookings/{bookingId}/event',
    parameters: [
      bookingId,
      {
        name: 'starts_at',
        type: 'datetime',
        required: true,
        description: 'When the event starts.',
        location: 'body',
        wire_name: 'startsAt',
      },
      {
        name: 'notify_guest',
        type: 'boolean',
        required: true,
        description: 'Whether the guest is told.',
        location: 'body',
        wire_name: 'notifyGuest',
      },
      {
        name: 'door_pin',
        type: 'string',
        required: true,
        description: 'The code of the side door.',
        location: 'body',
        wire_name: 'doorPin',
      },
      {
        name: 'seating_note',
        type: 'string',
        required: true,
        description: '  Where to seat the party...  ',
        location: 'body',
        wire_name: 'seatingNote',
      },
    ],
  });
  return new ActionRegistry([...real, event]);
}
