import { describe, expect, it } from 'vitest';
import { bookingId, DEMO, demoSandboxSuite, NEXT_SATURDAY } from '../support/sandbox.ts';

describe('sandbox domain rules over HTTP', () => {
  const t = demoSandboxSuite();

  describe('reschedule into a full slot', () => {
    it("answers 409 with the day's slots that have room for the party", async () => {
      // Act: the party room at 12:30 next Saturday is full (20 of 20).
      const response = await t.client.post(`/bookings/${t.johnSmith}/reschedule`, {
        date: NEXT_SATURDAY,
        startTime: '12:30',
      });

      // Assess: 10:00 is free; 15:00 is where John's party already is, so it is not offered.
      expect(response.status).toBe(409);
      expect(response.body).toEqual({
        code: 'slot_full',
        message: expect.stringContaining('12:30'),
        remaining: 0,
        alternatives: [{ startTime: '10:00', capacity: 20, remaining: 20 }],
      });
      expect(t.sandbox.admin.booking(t.johnSmith)).toMatchObject({ startTime: '15:00', version: 1 });
    });

    it('agrees with getAvailability', async () => {
      const availability = await t.client.get(`/products/prod_party_room/availability?date=${NEXT_SATURDAY}`);

      expect(availability.body.slots).toEqual([
        { startTime: '10:00', capacity: 20, remaining: 20 },
        { startTime: '12:30', capacity: 20, remaining: 0 },
        { startTime: '15:00', capacity: 20, remaining: 8 },
      ]);
    });
  });

  describe('If-Match', () => {
    it('answers 409 concurrent modification on a stale version and applies nothing', async () => {
      // Prepare: someone else changes the booking first (version 1 → 2).
      await t.client.patch(`/bookings/${t.johnSmith}/contact`, { phone: '+61 400 000 000' });

      // Act
      const response = await t.client.put(
        `/bookings/${t.johnSmith}/guest-count`,
        { partySize: 14 },
        { 'if-match': '"1"' },
      );

      // Assess
      expect(response.status).toBe(409);
      expect(response.body).toMatchObject({
        code: 'version_mismatch',
        message: expect.stringContaining('concurrent'),
      });
      expect(t.sandbox.admin.booking(t.johnSmith)).toMatchObject({ partySize: 12, version: 2 });
    });

    it('applies the change when If-Match is the current version, and returns it as ETag', async () => {
      const response = await t.client.put(
        `/bookings/${t.johnSmith}/guest-count`,
        { partySize: 14 },
        { 'if-match': '1' },
      );

      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ partySize: 14, version: 2 });
      expect(response.headers.get('etag')).toBe('"2"');
    });
  });

  it('checks capacity on a guest-count change', async () => {
    // John Smith's slot has 8 seats left: 12 → 20 fits, 12 → 21 does not (nor anywhere that day).
    const tooMany = await t.client.put(`/bookings/${t.johnSmith}/guest-count`, { partySize: 21 });
    const fits = await t.client.put(`/bookings/${t.johnSmith}/guest-count`, { partySize: 20 });

    expect(tooMany.status).toBe(409);
    expect(tooMany.body).toMatchObject({ code: 'slot_full', alternatives: [] });
    expect(fits.status).toBe(200);
  });

  it.each([
    ['cancelled', DEMO.cancelled, 'booking_cancelled'],
    ['completed (past)', DEMO.past, 'booking_completed'],
  ])('refuses to modify a %s booking with 409', async (_case, reference, code) => {
    // Prepare
    const id = bookingId(t.sandbox, reference);

    // Act
    const response = await t.client.put(`/bookings/${id}/guest-count`, { partySize: 2 });

    // Assess
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code });
  });

  it('bumps the version on every mutation', async () => {
    // Act
    await t.client.post(`/bookings/${t.johnSmith}/reschedule`, { date: NEXT_SATURDAY, startTime: '10:00' });
    await t.client.put(`/bookings/${t.johnSmith}/guest-count`, { partySize: 10 });
    await t.client.patch(`/bookings/${t.johnSmith}/contact`, { guestName: 'Johnny Smith' });
    await t.client.post(`/bookings/${t.johnSmith}/notes`, { text: 'Allergic to nuts' });

    // Assess
    expect(t.sandbox.admin.booking(t.johnSmith)).toMatchObject({
      version: 5,
      startTime: '10:00',
      partySize: 10,
      guestName: 'Johnny Smith',
    });
  });

  it('frees capacity when a booking is cancelled', async () => {
    // Prepare: Aisha Khan holds 12 of the full 12:30 slot.
    const aisha = bookingId(t.sandbox, 'BK-1046');

    // Act
    await t.client.post(`/bookings/${aisha}/cancel`, { reason: 'Unwell' });
    const moved = await t.client.post(`/bookings/${t.johnSmith}/reschedule`, {
      date: NEXT_SATURDAY,
      startTime: '12:30',
    });

    // Assess
    expect(moved.status).toBe(200);
    expect(t.sandbox.admin.booking(aisha)).toMatchObject({
      status: 'cancelled',
      cancellationReason: 'Unwell',
    });
  });
});
