import { describe, expect, it } from 'vitest';
import { demoSandboxSuite, NEXT_SATURDAY } from '../support/sandbox.ts';

describe('sandbox Idempotency-Key', () => {
  const t = demoSandboxSuite();

  it('replays the first response for a repeated key and applies the change once', async () => {
    // Prepare
    const key = { 'idempotency-key': 'plan-1:step-1' };
    const body = { text: 'Bring a birthday cake' };

    // Act
    const first = await t.client.post(`/bookings/${t.johnSmith}/notes`, body, key);
    const second = await t.client.post(`/bookings/${t.johnSmith}/notes`, body, key);

    // Assess
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(t.sandbox.admin.booking(t.johnSmith)?.notes).toHaveLength(2); // the fixture's note + one
    expect(t.sandbox.admin.journal({ operation: 'addBookingNote' })).toMatchObject([
      { idempotencyKey: 'plan-1:step-1', status: 201, committed: true, replayed: false },
      { idempotencyKey: 'plan-1:step-1', status: 201, committed: false, replayed: true },
    ]);
  });

  it('replays a reschedule even after the booking changed again, without re-applying it', async () => {
    // Prepare
    const key = { 'idempotency-key': 'plan-2:step-1' };
    const target = { date: NEXT_SATURDAY, startTime: '10:00' };
    const first = await t.client.post(`/bookings/${t.johnSmith}/reschedule`, target, key);
    await t.client.put(`/bookings/${t.johnSmith}/guest-count`, { partySize: 10 });

    // Act
    const replay = await t.client.post(`/bookings/${t.johnSmith}/reschedule`, target, key);

    // Assess
    expect(replay.body).toEqual(first.body);
    expect(t.sandbox.admin.booking(t.johnSmith)?.version).toBe(3);
  });

  it('evaluates a corrected retry afresh when the first attempt was rejected (self-correction)', async () => {
    // Prepare
    const key = { 'idempotency-key': 'plan-3:step-1' };
    await t.client.post(`/bookings/${t.johnSmith}/reschedule`, { date: 'Saturday', startTime: '10:00' }, key);

    // Act
    const corrected = await t.client.post(
      `/bookings/${t.johnSmith}/reschedule`,
      { date: NEXT_SATURDAY, startTime: '10:00' },
      key,
    );

    // Assess
    expect(corrected.status).toBe(200);
    expect(t.sandbox.admin.booking(t.johnSmith)?.startTime).toBe('10:00');
  });

  it('refuses a key reused for a different request with 409', async () => {
    // Prepare
    const key = { 'idempotency-key': 'plan-4:step-1' };
    await t.client.put(`/bookings/${t.johnSmith}/guest-count`, { partySize: 10 }, key);

    // Act
    const reused = await t.client.put(`/bookings/${t.johnSmith}/guest-count`, { partySize: 11 }, key);

    // Assess
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: 'idempotency_key_reused' });
    expect(t.sandbox.admin.booking(t.johnSmith)?.partySize).toBe(10);
  });

  it('applies every call without a key', async () => {
    await t.client.post(`/bookings/${t.johnSmith}/notes`, { text: 'one' });
    await t.client.post(`/bookings/${t.johnSmith}/notes`, { text: 'one' });

    expect(t.sandbox.admin.booking(t.johnSmith)?.notes).toHaveLength(3);
  });
});
