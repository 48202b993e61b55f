import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAULT_STATUSES } from '../../devkit/sandbox/faults.ts';
import { loadSpecOperations } from '../../devkit/sandbox/openapi-spec.ts';
import { ResponseValidator } from '../../devkit/sandbox/response-validator.ts';
import {
  bookingId,
  DEMO,
  NEXT_SATURDAY,
  sandboxClient,
  startTestSandbox,
  type TestResponse,
  type TestSandbox,
  TOKENS,
} from '../support/sandbox.ts';

type Client = ReturnType<typeof sandboxClient>;
type Call = (client: Client, sandbox: TestSandbox) => Promise<TestResponse>;

/** One successful call per operation of openapi/booking-api.yaml, against the demo fixture. */
const SUCCESS: Record<string, { status: number; call: Call }> = {
  searchBookings: { status: 200, call: (c) => c.get('/bookings?searchText=john') },
  createBooking: {
    status: 201,
    call: (c) =>
      c.post('/bookings', {
        productId: 'prod_open_play',
        date: NEXT_SATURDAY,
        startTime: '09:00',
        partySize: 2,
        guestName: 'New Guest',
        email: 'new.guest@example.com',
      }),
  },
  exportBookings: { status: 200, call: (c) => c.get('/bookings/export') },
  getBooking: { status: 200, call: (c, s) => c.get(`/bookings/${bookingId(s, DEMO.johnSmith)}`) },
  deleteBooking: { status: 200, call: (c, s) => c.delete(`/bookings/${bookingId(s, DEMO.johnTan)}`) },
  rescheduleBooking: {
    status: 200,
    call: (c, s) =>
      c.post(`/bookings/${bookingId(s, DEMO.johnSmith)}/reschedule`, {
        date: NEXT_SATURDAY,
        startTime: '10:00',
      }),
  },
  updateGuestCount: {
    status: 200,
    call: (c, s) => c.put(`/bookings/${bookingId(s, DEMO.johnTan)}/guest-count`, { partySize: 10 }),
  },
  updateContactDetails: {
    status: 200,
    call: (c, s) =>
      c.patch(`/bookings/${bookingId(s, DEMO.johnOkafor)}/contact`, { email: 'j.okafor@example.com' }),
  },
  addBookingNote: {
    status: 201,
    call: (c, s) =>
      c.post(`/bookings/${bookingId(s, DEMO.johnSmith)}/notes`, { text: 'Bring a birthday cake' }),
  },
  deleteBookingNote: {
    status: 200,
    call: (c, s) => {
      const booking = s.admin.bookingByReference(DEMO.johnSmith)!;
      return c.delete(`/bookings/${booking.bookingId}/notes/${booking.notes[0]!.noteId}`);
    },
  },
  sendBookingConfirmation: {
    status: 200,
    call: (c, s) =>
      c.post(`/bookings/${bookingId(s, DEMO.sarahSmith)}/send-confirmation`, { channel: 'email' }),
  },
  cancelBooking: {
    status: 200,
    call: (c, s) => c.post(`/bookings/${bookingId(s, DEMO.sarahSmith)}/cancel`, { reason: 'Guest asked' }),
  },
  createPaymentLink: {
    status: 201,
    call: (c, s) => c.post(`/bookings/${bookingId(s, DEMO.johnSmith)}/payment-links`, { expiresInHours: 24 }),
  },
  refundBooking: {
    status: 200,
    call: (c, s) => c.post(`/bookings/${bookingId(s, DEMO.past)}/refund`, { amount: 50 }),
  },
  listProducts: { status: 200, call: (c) => c.get('/products') },
  getVenue: { status: 200, call: (c) => c.get('/venue') },
  getCurrentUser: { status: 200, call: (c) => c.get('/me') },
  getAvailability: {
    status: 200,
    call: (c) => c.get(`/products/prod_party_room/availability?date=${NEXT_SATURDAY}`),
  },
};

/** Every (operation, error status) pair the spec declares that a fault can force. */
const DECLARED_ERRORS = (await loadSpecOperations()).flatMap((op) =>
  FAULT_STATUSES.filter((status) => op.responses[String(status)] !== undefined).map(
    (status) => [op.operationId, status] as const,
  ),
);

describe('sandbox contract: every operation against openapi/booking-api.yaml', () => {
  let sandbox: TestSandbox;
  let responses: ResponseValidator;
  let client: Client;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    responses = await ResponseValidator.load();
    client = sandboxClient(sandbox, TOKENS.harbour);
  });
  beforeEach(() => {
    sandbox.admin.reset();
  });
  afterAll(() => sandbox.close());

  function conforms(operationId: string, response: TestResponse) {
    return responses.check(operationId, response.status, response.contentType, response.body);
  }

  it('has a success case for exactly the operations of the spec', () => {
    expect(Object.keys(SUCCESS).sort()).toEqual(responses.operationIds().sort());
  });

  it.each(Object.keys(SUCCESS))('%s: the success response conforms to its schema', async (operationId) => {
    // Prepare
    const { status, call } = SUCCESS[operationId]!;

    // Act
    const response = await call(client, sandbox);

    // Assess
    expect(response.status).toBe(status);
    expect(conforms(operationId, response)).toEqual({ ok: true, problems: [] });
  });

  it.each(Object.keys(SUCCESS))('%s: a call without a token is a conforming 401', async (operationId) => {
    // Act
    const response = await SUCCESS[operationId]!.call(sandboxClient(sandbox, null), sandbox);

    // Assess
    expect(response.status).toBe(401);
    expect(conforms(operationId, response)).toEqual({ ok: true, problems: [] });
  });

  it.each(DECLARED_ERRORS)(
    '%s: a forced %i conforms to the declared error response',
    async (operationId, status) => {
      // Prepare
      sandbox.admin.injectFault({ operation: operationId, kind: 'status', status });

      // Act
      const response = await SUCCESS[operationId]!.call(client, sandbox);

      // Assess
      expect(response.status).toBe(status);
      expect(conforms(operationId, response)).toEqual({ ok: true, problems: [] });
      if (status === 429 || status === 503) expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    },
  );

  it.each([
    ['getAvailability', 400, (c: Client) => c.get('/products/prod_party_room/availability?date=Saturday')],
    ['getBooking', 404, (c: Client) => c.get('/bookings/bk_doesnotexist')],
    ['getBooking', 403, (c: Client, s: TestSandbox) => c.get(`/bookings/${bookingId(s, DEMO.westside)}`)],
    [
      'rescheduleBooking',
      409,
      (c: Client, s: TestSandbox) =>
        c.post(`/bookings/${bookingId(s, DEMO.johnSmith)}/reschedule`, {
          date: NEXT_SATURDAY,
          startTime: '12:30',
        }),
    ],
  ] as const)('%s: the domain error %i conforms to the spec', async (operationId, status, call) => {
    // Act
    const response = await call(client, sandbox);

    // Assess
    expect(response.status).toBe(status);
    expect(conforms(operationId, response)).toEqual({ ok: true, problems: [] });
  });
});
