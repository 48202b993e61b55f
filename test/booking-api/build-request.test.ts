import { describe, expect, it } from 'vitest';
import { buildRequest, type RequestBuildError } from '../../lib/adapters/booking-api/build-request.ts';
import { CompiledAction } from '../../lib/registry/compiled-action.ts';
import { actions } from './actions.ts';

const BASE = 'http://127.0.0.1:4010/';

describe('buildRequest', () => {
  it('puts path, body and headers where the CompiledAction says, under their wire names', () => {
    // Act
    const request = buildRequest(BASE, {
      action: actions.rescheduleBooking,
      args: { booking_id: 'bk_abc', date: '2026-03-14', start_time: '10:00', notify_guest: true },
      token: 'secret-token',
      idempotencyKey: 'plan-1:2',
      ifMatch: '3',
    });

    // Assess
    expect(request).toEqual({
      url: 'http://127.0.0.1:4010/bookings/bk_abc/reschedule',
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: 'Bearer secret-token',
        'idempotency-key': 'plan-1:2',
        'if-match': '3',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ date: '2026-03-14', startTime: '10:00', notifyGuest: true }),
    });
  });

  it('encodes query parameters and leaves out the ones not given', () => {
    const request = buildRequest(BASE, {
      action: actions.searchBookings,
      args: { search_text: 'john smith', max_results: 3 },
      token: 't',
    });

    expect(request.url).toBe('http://127.0.0.1:4010/bookings?searchText=john+smith&maxResults=3');
    expect(request.body).toBeUndefined();
  });

  it('escapes path values', () => {
    const request = buildRequest(BASE, {
      action: actions.getBooking,
      args: { booking_id: 'a/b?c' },
      token: 't',
    });

    expect(request.url).toBe('http://127.0.0.1:4010/bookings/a%2Fb%3Fc');
  });

  it('does not send arguments the action does not declare', () => {
    const request = buildRequest(BASE, {
      action: actions.updateGuestCount,
      args: { booking_id: 'bk_1', party_size: 4, card_number: '4111' },
      token: 't',
    });

    expect(request.body).toBe(JSON.stringify({ partySize: 4 }));
  });

  it('sends no body when no body argument is given', () => {
    const request = buildRequest(BASE, {
      action: actions.cancelBooking,
      args: { booking_id: 'bk_1' },
      token: 't',
    });

    expect(request).not.toHaveProperty('body');
    expect(request.headers).not.toHaveProperty('content-type');
  });

  it('refuses a call whose path parameter is missing, naming the action parameter', () => {
    expect(() => buildRequest(BASE, { action: actions.getBooking, args: {}, token: 't' })).toThrow(
      expect.objectContaining({ name: 'RequestBuildError', field: 'booking_id' }) as RequestBuildError,
    );
  });
});

describe('buildRequest with structured parameters (issue 17)', () => {
  const segment = {
    type: 'object' as const,
    fields: [
      {
        name: 'team_member_id',
        wire_name: 'teamMemberId',
        type: 'string' as const,
        required: true,
        description: 'Who.',
      },
      {
        name: 'duration_minutes',
        wire_name: 'durationMinutes',
        type: 'number' as const,
        required: false,
        description: 'How long.',
      },
    ],
  };
  const createOrder = CompiledAction.parse({
    action_id: 'createOrder',
    name: 'Create order',
    description: 'Creates an order.',
    safety_tier: 'high_risk',
    reversible: false,
    method: 'POST',
    path: '/venues/{venueIds}/orders',
    read_only: false,
    output_fields: [],
    parameters: [
      {
        name: 'venue_ids',
        wire_name: 'venueIds',
        location: 'path',
        type: 'array',
        required: true,
        description: 'Venues.',
        items: { type: 'string' },
      },
      {
        name: 'tags',
        wire_name: 'tag',
        location: 'query',
        type: 'array',
        required: false,
        description: 'Tags.',
        items: { type: 'string' },
      },
      {
        name: 'booking',
        wire_name: 'booking',
        location: 'body',
        type: 'object',
        required: true,
        description: 'The booking.',
        fields: [
          { name: 'start_at', wire_name: 'startAt', type: 'datetime', required: true, description: 'Start.' },
          {
            name: 'segments',
            wire_name: 'appointmentSegments',
            type: 'array',
            required: true,
            description: 'Segments.',
            items: segment,
          },
        ],
      },
    ],
    danger_headers: [{ wire_name: 'X-Dangerous', value: 'true' }],
  });

  it('maps nested fields back to their wire names, repeats list queries and joins list path values', () => {
    // Act
    const request = buildRequest(BASE, {
      action: createOrder,
      args: {
        venue_ids: ['v1', 'v2'],
        tags: ['a', 'b'],
        booking: {
          start_at: '2026-03-14T10:00:00Z',
          segments: [{ team_member_id: 'tm_1', duration_minutes: 30, invented: 'x' }],
        },
      },
      token: 't',
    });
    // Assess
    expect(request.url).toBe('http://127.0.0.1:4010/venues/v1%2Cv2/orders?tag=a&tag=b');
    expect(JSON.parse(request.body ?? '')).toEqual({
      booking: {
        startAt: '2026-03-14T10:00:00Z',
        appointmentSegments: [{ teamMemberId: 'tm_1', durationMinutes: 30 }],
      },
    });
  });

  it('sends a whole-body parameter as the body itself', () => {
    // Prepare
    const tagAll = CompiledAction.parse({
      ...createOrder,
      path: '/tags',
      danger_headers: undefined,
      parameters: [
        {
          name: 'body',
          wire_name: 'body',
          location: 'whole_body',
          type: 'array',
          required: true,
          description: 'Ids.',
          items: { type: 'string' },
        },
      ],
    });
    // Act
    const request = buildRequest(BASE, { action: tagAll, args: { body: ['x', 'y'] }, token: 't' });
    // Assess
    expect(request.body).toBe('["x","y"]');
    expect(request.headers['content-type']).toBe('application/json');
  });

  it('sends danger acknowledgements only on a confirmed high-risk step', () => {
    // Prepare
    const args = { venue_ids: ['v1'], booking: { start_at: '2026-03-14T10:00:00Z', segments: [] } };
    // Act
    const unconfirmed = buildRequest(BASE, { action: createOrder, args, token: 't' });
    const confirmed = buildRequest(BASE, { action: createOrder, args, token: 't', confirmedHighRisk: true });
    // Assess
    expect(unconfirmed.headers).not.toHaveProperty('x-dangerous');
    expect(confirmed.headers['x-dangerous']).toBe('true');
  });
});
