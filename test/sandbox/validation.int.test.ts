import { describe, expect, it } from 'vitest';
import { demoSandboxSuite, NEXT_SATURDAY } from '../support/sandbox.ts';

describe('sandbox request validation: 400 names the field and the expected format', () => {
  const t = demoSandboxSuite();

  it('rejects date "Saturday" naming date and YYYY-MM-DD', async () => {
    // Act
    const response = await t.client.post(`/bookings/${t.johnSmith}/reschedule`, {
      date: 'Saturday',
      startTime: '10:00',
    });

    // Assess
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'invalid_parameter',
      field: 'date',
      expectedFormat: expect.stringContaining('YYYY-MM-DD'),
      message: expect.stringContaining('"Saturday"'),
    });
  });

  it('rejects startTime "3pm" naming startTime and HH:MM', async () => {
    const response = await t.client.post(`/bookings/${t.johnSmith}/reschedule`, {
      date: NEXT_SATURDAY,
      startTime: '3pm',
    });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      field: 'startTime',
      expectedFormat: expect.stringContaining('HH:MM'),
    });
  });

  it('names a missing required field', async () => {
    const response = await t.client.post(`/bookings/${t.johnSmith}/reschedule`, { date: NEXT_SATURDAY });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ field: 'startTime', message: expect.stringContaining('required') });
  });

  it('validates query parameters with their types (date and integer range)', async () => {
    const badDate = await t.client.get('/products/prod_party_room/availability?date=14/03/2026');
    const badMax = await t.client.get('/bookings?searchText=john&maxResults=50');

    expect(badDate.body).toMatchObject({
      field: 'date',
      expectedFormat: expect.stringContaining('YYYY-MM-DD'),
    });
    expect(badMax.body).toMatchObject({ field: 'maxResults', expectedFormat: 'an integer from 1 to 10' });
  });

  it('names the searchText minimum of 3 characters', async () => {
    const response = await t.client.get('/bookings?searchText=jo');

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      field: 'searchText',
      expectedFormat: 'text of 3 to 200 characters',
    });
  });

  it('rejects a malformed booking id naming the id format', async () => {
    const response = await t.client.get('/bookings/BK-1042');

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      field: 'bookingId',
      expectedFormat: expect.stringContaining('bk_'),
    });
  });

  it('rejects a bad email and an enum value, naming the allowed values', async () => {
    const email = await t.client.patch(`/bookings/${t.johnSmith}/contact`, { email: 'not-an-email' });
    const channel = await t.client.post(`/bookings/${t.johnSmith}/send-confirmation`, { channel: 'fax' });

    expect(email.body).toMatchObject({
      field: 'email',
      expectedFormat: expect.stringContaining('email address'),
    });
    expect(channel.body).toMatchObject({ field: 'channel', expectedFormat: 'one of: email, sms' });
  });

  it('does not coerce JSON body types: "4" is not an integer', async () => {
    const response = await t.client.put(`/bookings/${t.johnSmith}/guest-count`, { partySize: '4' });

    expect(response.body).toMatchObject({ field: 'partySize', expectedFormat: 'an integer from 1 to 100' });
  });

  it('asks for at least one contact field', async () => {
    const response = await t.client.patch(`/bookings/${t.johnSmith}/contact`, {});

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      field: 'body',
      message: expect.stringContaining('guestName, email, phone'),
    });
  });

  it('rejects a body that is not JSON', async () => {
    const response = await t.client.post(`/bookings/${t.johnSmith}/reschedule`, '{"date":');

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: 'invalid_json', field: 'body' });
  });

  it('answers a startTime that is not a session of the product with the session times', async () => {
    const response = await t.client.post(`/bookings/${t.johnSmith}/reschedule`, {
      date: NEXT_SATURDAY,
      startTime: '11:00',
    });

    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      field: 'startTime',
      expectedFormat: expect.stringContaining('10:00, 12:30, 15:00'),
    });
  });

  it('changes nothing when a request is rejected', async () => {
    // Act
    await t.client.post(`/bookings/${t.johnSmith}/reschedule`, { date: 'Saturday', startTime: '10:00' });

    // Assess
    expect(t.sandbox.admin.booking(t.johnSmith)).toMatchObject({ version: 1, startTime: '15:00' });
    expect(t.sandbox.admin.journal()).toMatchObject([
      { operation: 'rescheduleBooking', status: 400, committed: false },
    ]);
  });

  it('answers 404 for an unknown endpoint and 405 for a wrong method', async () => {
    expect((await t.client.get('/nothing-here')).status).toBe(404);
    expect((await t.client.put('/bookings', {})).status).toBe(405);
  });
});
