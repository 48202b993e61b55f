import { type Session, type SessionStore, StaleSessionError } from '../../../lib/ports/session-store.ts';

/**
 * SessionStore held in a Map, honouring the contract of test/contracts/session-store.contract.ts.
 *
 * The blocking slot is kept apart from the versioned session body, exactly like the DynamoDB adapter keeps it
 * in its own attribute: `put` never changes the slot (it keeps whatever claim/release stored, whatever the
 * caller passes as blocking_plan_id), and claim/release never bump the version. A slot claimed for a session
 * that has no history yet does not make `get` return a session.
 */
export class InMemorySessionStore implements SessionStore {
  private readonly sessions = new Map<string, Session>();
  private readonly slots = new Map<string, string>();
  private readonly leases = new Map<string, { holder: string; until: number }>();

  async acquireLease(sessionId: string, holder: string, until: Date, now: Date): Promise<boolean> {
    const lease = this.leases.get(sessionId);
    if (lease && lease.holder !== holder && lease.until > now.getTime()) return false;
    this.leases.set(sessionId, { holder, until: until.getTime() });
    return true;
  }

  async releaseLease(sessionId: string, holder: string): Promise<void> {
    if (this.leases.get(sessionId)?.holder === holder) this.leases.delete(sessionId);
  }

  async get(sessionId: string): Promise<Session | undefined> {
    const session = this.sessions.get(sessionId);
    if (!session) return undefined;
    const slot = this.slots.get(sessionId);
    const copy = structuredClone(session);
    delete copy.blocking_plan_id;
    return slot ? { ...copy, blocking_plan_id: slot } : copy;
  }

  async put(session: Session, expectedVersion: number | undefined): Promise<void> {
    const stored = this.sessions.get(session.session_id);
    const ok = expectedVersion === undefined ? !stored : stored?.version === expectedVersion;
    if (!ok) throw new StaleSessionError(session.session_id);
    const copy = structuredClone(session);
    delete copy.blocking_plan_id;
    this.sessions.set(session.session_id, copy);
  }

  async claimBlockingSlot(sessionId: string, planId: string): Promise<boolean> {
    const holder = this.slots.get(sessionId);
    if (holder !== undefined && holder !== planId) return false;
    this.slots.set(sessionId, planId);
    return true;
  }

  async releaseBlockingSlot(sessionId: string, planId: string): Promise<void> {
    if (this.slots.get(sessionId) === planId) this.slots.delete(sessionId);
  }
}
