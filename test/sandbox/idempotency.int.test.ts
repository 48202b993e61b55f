import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  bookingId,
  DEMO,
  NEXT_SATURDAY,
  sandboxClient,
  startTestSandbox,
  type TestSandbox,
} from '../support/sandbox.ts';

describe('sandbox Idempotency-Key', () => {
  let sandbox: TestSandbox;
  let client: ReturnType<typeof sandboxClient>;
  let johnSmith: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox();
    client = sandboxClient(sandbox);
  });
  beforeEach(() => {
    sandbox.admin.reset();
    johnSmith = bookingId(sandbox, DEMO.johnSmith);
  });
  afterAll(() => sandbox.close());

  it('replays the first response for a repeated key and applies the change once', async () => {
    // Arrange
    const key = { 'idempotency-key': 'plan-1:step-1' };
    const body = { text: 'Bring a birthday cake' };

    // Act
    const first = await client.post(`/bookings/${johnSmith}/notes`, body, key);
    const second = await client.post(`/bookings/${johnSmith}/notes`, body, key);

    // Assert
    expect(second.status).toBe(first.status);
    expect(second.body).toEqual(first.body);
    expect(second.headers.get('idempotent-replayed')).toBe('true');
    expect(sandbox.admin.booking(johnSmith)?.notes).toHaveLength(2); // the fixture's note + one
    expect(sandbox.admin.journal({ operation: 'addBookingNote' })).toMatchObject([
      { idempotencyKey: 'plan-1:step-1', status: 201, committed: true, replayed: false },
      { idempotencyKey: 'plan-1:step-1', status: 201, committed: false, replayed: true },
    ]);
  });

  it('replays a reschedule even after the booking changed again, without re-applying it', async () => {
    // Arrange
    const key = { 'idempotency-key': 'plan-2:step-1' };
    const target = { date: NEXT_SATURDAY, startTime: '10:00' };
    const first = await client.post(`/bookings/${johnSmith}/reschedule`, target, key);
    await client.put(`/bookings/${johnSmith}/guest-count`, { partySize: 10 });

    // Act
    const replay = await client.post(`/bookings/${johnSmith}/reschedule`, target, key);

    // Assert
    expect(replay.body).toEqual(first.body);
    expect(sandbox.admin.booking(johnSmith)?.version).toBe(3);
  });

  it('evaluates a corrected retry afresh when the first attempt was rejected (self-correction)', async () => {
    // Arrange
    const key = { 'idempotency-key': 'plan-3:step-1' };
    await client.post(`/bookings/${johnSmith}/reschedule`, { date: 'Saturday', startTime: '10:00' }, key);

    // Act
    const corrected = await client.post(
      `/bookings/${johnSmith}/reschedule`,
      { date: NEXT_SATURDAY, startTime: '10:00' },
      key,
    );

    // Assert
    expect(corrected.status).toBe(200);
    expect(sandbox.admin.booking(johnSmith)?.startTime).toBe('10:00');
  });

  it('refuses a key reused for a different request with 409', async () => {
    // Arrange
    const key = { 'idempotency-key': 'plan-4:step-1' };
    await client.put(`/bookings/${johnSmith}/guest-count`, { partySize: 10 }, key);

    // Act
    const reused = await client.put(`/bookings/${johnSmith}/guest-count`, { partySize: 11 }, key);

    // Assert
    expect(reused.status).toBe(409);
    expect(reused.body).toMatchObject({ code: 'idempotency_key_reused' });
    expect(sandbox.admin.booking(johnSmith)?.partySize).toBe(10);
  });

  it('applies every call without a key', async () => {
    await client.post(`/bookings/${johnSmith}/notes`, { text: 'one' });
    await client.post(`/bookings/${johnSmith}/notes`, { text: 'one' });

    expect(sandbox.admin.booking(johnSmith)?.notes).toHaveLength(3);
  });
});
