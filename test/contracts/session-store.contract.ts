import { describe, expect, it } from 'vitest';
import { type SessionStore, StaleSessionError } from '../../lib/ports/session-store.ts';
import { aSession } from '../store/plan-factory.ts';

/** Builds a fresh, empty SessionStore. */
export type SessionStoreFactory = () => Promise<SessionStore>;

const PLAN_A = '11111111-1111-4111-8111-111111111111';
const PLAN_B = '22222222-2222-4222-8222-222222222222';

/** The SessionStore conformance suite; call it with an adapter factory from a test file. */
export function sessionStoreContract(adapterName: string, factory: SessionStoreFactory): void {
  describe(`SessionStore contract: ${adapterName}`, () => {
    describe('get / put', () => {
      it('round-trips a session, including opaque message data', async () => {
        // Prepare
        const store = await factory();
        const session = aSession({
          referenced_booking: { booking_id: 'BK-1', guest_name: 'John Smith', booking_date: '2026-12-12' },
          pending_plan_id: PLAN_A,
          offered_candidates: [
            {
              booking_id: 'bk_1042',
              guest_name: 'John Smith',
              booking_date: '2026-12-12',
              booking_time: '15:00',
            },
            {
              booking_id: 'bk_1043',
              guest_name: 'John Tan',
              booking_date: '2026-12-13',
              display_label: 'BK-1043',
            },
          ],
        });
        session.messages.push({
          type: 'ai',
          data: { content: '', additional_kwargs: { signature: 'abc==' } },
        });
        // Act
        await store.put(session, undefined);
        // Assess
        expect(await store.get(session.session_id)).toEqual(session);
      });

      it('returns undefined for an unknown session', async () => {
        const store = await factory();

        expect(await store.get('nobody')).toBeUndefined();
      });

      it('refuses to create a session that exists', async () => {
        const store = await factory();
        const session = aSession();
        await store.put(session, undefined);

        const attempt = store.put({ ...session, clarification_count: 2 }, undefined);

        await expect(attempt).rejects.toBeInstanceOf(StaleSessionError);
        expect((await store.get(session.session_id))?.clarification_count).toBe(0);
      });

      it('replaces the body at the expected version and drops optional fields left out', async () => {
        const store = await factory();
        const offered = [{ booking_id: 'bk_1042', guest_name: 'John Smith', booking_date: '2026-12-12' }];
        const session = aSession({ pending_plan_id: PLAN_A, offered_candidates: offered });
        await store.put(session, undefined);
        const { pending_plan_id: _dropped, offered_candidates: _gone, ...rest } = session;

        await store.put({ ...rest, clarification_count: 1, version: 2 }, 1);

        const read = await store.get(session.session_id);
        expect(read).toMatchObject({ clarification_count: 1, version: 2 });
        expect(read?.pending_plan_id).toBeUndefined();
        expect(read?.offered_candidates).toBeUndefined();
      });

      it('rejects a stale expected version', async () => {
        const store = await factory();
        const session = aSession({ version: 3 });
        await store.put(session, undefined);

        await expect(store.put({ ...session, version: 3 }, 2)).rejects.toMatchObject({
          name: 'StaleSessionError',
          sessionId: session.session_id,
        });
      });

      it('lets exactly one of N concurrent writers with the same expected version win', async () => {
        // Prepare
        const store = await factory();
        const session = aSession();
        await store.put(session, undefined);
        // Act
        const results = await Promise.allSettled(
          Array.from({ length: 6 }, (_, i) =>
            store.put({ ...session, clarification_count: i + 1, version: 2 }, 1),
          ),
        );
        // Assess
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect((await store.get(session.session_id))?.version).toBe(2);
      });
    });

    describe('blocking slot', () => {
      it('is held by one plan: re-claims by the holder succeed, other plans are refused', async () => {
        const store = await factory();
        const session = aSession();
        await store.put(session, undefined);

        const first = await store.claimBlockingSlot(session.session_id, PLAN_A);
        const again = await store.claimBlockingSlot(session.session_id, PLAN_A);
        const other = await store.claimBlockingSlot(session.session_id, PLAN_B);

        expect([first, again, other]).toEqual([true, true, false]);
        expect((await store.get(session.session_id))?.blocking_plan_id).toBe(PLAN_A);
      });

      it('is released only by its holder', async () => {
        const store = await factory();
        const session = aSession();
        await store.put(session, undefined);
        await store.claimBlockingSlot(session.session_id, PLAN_A);

        await store.releaseBlockingSlot(session.session_id, PLAN_B);
        const whileHeld = await store.claimBlockingSlot(session.session_id, PLAN_B);
        await store.releaseBlockingSlot(session.session_id, PLAN_A);
        const afterRelease = await store.claimBlockingSlot(session.session_id, PLAN_B);

        expect([whileHeld, afterRelease]).toEqual([false, true]);
      });

      it('can be claimed before the session has history, without inventing one', async () => {
        const store = await factory();
        const session = aSession();

        const claimed = await store.claimBlockingSlot(session.session_id, PLAN_A);
        const before = await store.get(session.session_id);
        await store.put(session, undefined);

        expect(claimed).toBe(true);
        expect(before).toBeUndefined();
        expect((await store.get(session.session_id))?.blocking_plan_id).toBe(PLAN_A);
      });

      it('is not changed by put, whatever blocking_plan_id the caller passes', async () => {
        const store = await factory();
        const session = aSession();
        await store.put(session, undefined);
        await store.claimBlockingSlot(session.session_id, PLAN_A);

        await store.put({ ...session, version: 2, blocking_plan_id: PLAN_B }, 1);

        expect((await store.get(session.session_id))?.blocking_plan_id).toBe(PLAN_A);
      });

      it('goes to exactly one of N plans claiming it concurrently', async () => {
        // Prepare
        const store = await factory();
        const session = aSession();
        await store.put(session, undefined);
        const plans = Array.from({ length: 6 }, (_, i) => `00000000-0000-4000-8000-00000000000${i}`);
        // Act
        const results = await Promise.all(plans.map((p) => store.claimBlockingSlot(session.session_id, p)));
        // Assess
        expect(results.filter(Boolean)).toHaveLength(1);
        const winner = plans[results.indexOf(true)];
        expect((await store.get(session.session_id))?.blocking_plan_id).toBe(winner);
      });
    });

    describe('request lease (one request at a time per session)', () => {
      const at = (s: number) => new Date(Date.parse('2026-11-22T08:00:00.000Z') + s * 1000);

      it('goes to exactly one of N concurrent requests, is re-taken by its holder and freed by release', async () => {
        // Prepare
        const store = await factory();
        const holders = Array.from({ length: 12 }, (_, i) => `req-${i}`);
        // Act
        const results = await Promise.all(
          holders.map((h) => store.acquireLease('sess-lease', h, at(60), at(0))),
        );
        const winner = holders[results.indexOf(true)] ?? '';
        const again = await store.acquireLease('sess-lease', winner, at(60), at(1));
        await store.releaseLease('sess-lease', 'req-not-holder');
        const stillHeld = await store.acquireLease('sess-lease', 'late', at(60), at(2));
        await store.releaseLease('sess-lease', winner);
        const freed = await store.acquireLease('sess-lease', 'late', at(60), at(3));
        // Assess
        expect(results.filter(Boolean)).toHaveLength(1);
        expect([again, stillHeld, freed]).toEqual([true, false, true]);
      });

      it('can be taken over once expired, and never changes the session body', async () => {
        // Prepare
        const store = await factory();
        const session = aSession();
        await store.put(session, undefined);
        await store.acquireLease(session.session_id, 'dead-lambda', at(60), at(0));
        // Act
        const early = await store.acquireLease(session.session_id, 'next', at(120), at(59));
        const late = await store.acquireLease(session.session_id, 'next', at(120), at(61));
        // Assess
        expect([early, late]).toEqual([false, true]);
        expect(await store.get(session.session_id)).toEqual(session);
      });
    });
  });
}
