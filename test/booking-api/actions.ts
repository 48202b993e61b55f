import { CompiledAction, type CompiledParameter } from '../../lib/registry/compiled-action.ts';

/**
 * CompiledActions built by hand for the adapter tests, in the shape the registry compiles
 * (lib/registry/compiled-action.ts). Parsed with the real schema so they can't drift from it.
 */
function param(
  name: string,
  wire_name: string,
  location: CompiledParameter['location'],
  type: CompiledParameter['type'],
  required = true,
): CompiledParameter {
  return { name, wire_name, location, type, required, description: `${name} (${location})` };
}

function action(
  fields: Omit<CompiledAction, 'name' | 'description' | 'safety_tier' | 'reversible'>,
): CompiledAction {
  return CompiledAction.parse({
    name: fields.action_id,
    description: `test action ${fields.action_id}`,
    safety_tier: 'normal',
    reversible: false,
    ...fields,
  });
}

const bookingIdParam = param('booking_id', 'bookingId', 'path', 'string');

export const actions = {
  getBooking: action({
    action_id: 'getBooking',
    method: 'GET',
    path: '/bookings/{bookingId}',
    parameters: [bookingIdParam],
    read_only: true,
    output_fields: ['booking_id', 'date', 'start_time', 'party_size', 'version'],
  }),
  searchBookings: action({
    action_id: 'searchBookings',
    method: 'GET',
    path: '/bookings',
    parameters: [
      param('search_text', 'searchText', 'query', 'string'),
      param('date_range_start', 'dateRangeStart', 'query', 'date', false),
      param('date_range_end', 'dateRangeEnd', 'query', 'date', false),
      param('max_results', 'maxResults', 'query', 'number', false),
    ],
    read_only: true,
    output_fields: ['bookings'],
  }),
  rescheduleBooking: action({
    action_id: 'rescheduleBooking',
    method: 'POST',
    path: '/bookings/{bookingId}/reschedule',
    parameters: [
      bookingIdParam,
      param('date', 'date', 'body', 'date'),
      param('start_time', 'startTime', 'body', 'time'),
      param('notify_guest', 'notifyGuest', 'body', 'boolean', false),
    ],
    read_only: false,
    output_fields: ['booking_id', 'date', 'start_time', 'version'],
  }),
  updateGuestCount: action({
    action_id: 'updateGuestCount',
    method: 'PUT',
    path: '/bookings/{bookingId}/guest-count',
    parameters: [bookingIdParam, param('party_size', 'partySize', 'body', 'number')],
    read_only: false,
    output_fields: ['booking_id', 'party_size', 'version'],
  }),
  cancelBooking: action({
    action_id: 'cancelBooking',
    method: 'POST',
    path: '/bookings/{bookingId}/cancel',
    parameters: [bookingIdParam, param('reason', 'reason', 'body', 'string', false)],
    read_only: false,
    output_fields: ['booking_id', 'status'],
  }),
  exportBookings: action({
    action_id: 'exportBookings',
    method: 'GET',
    path: '/bookings/export',
    parameters: [],
    read_only: true,
    output_fields: [],
  }),
};
