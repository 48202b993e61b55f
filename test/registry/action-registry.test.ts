import { describe, expect, it } from 'vitest';
import { toAtomicAction } from '../../devkit/registry/model-view.ts';
import { AtomicAction } from '../../lib/contracts/atomic-action.ts';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import generated from '../../lib/registry/compiled-registry.generated.json' with { type: 'json' };
import { loadCompiledRegistry, registryFromArtefact } from '../../lib/registry/compiled-registry.ts';

describe('ActionRegistry', () => {
  const registry = loadCompiledRegistry();

  describe('loadCompiledRegistry', () => {
    it('loads every compiled action, blocked ones included for audit', () => {
      expect(registry.all().map((a) => a.action_id)).toEqual([
        'addBookingNote',
        'cancelBooking',
        'createBooking',
        'createPaymentLink',
        'deleteBooking',
        'deleteBookingNote',
        'getAvailability',
        'getBooking',
        'getCurrentUser',
        'getVenue',
        'listProducts',
        'refundBooking',
        'rescheduleBooking',
        'searchBookings',
        'sendBookingConfirmation',
        'updateContactDetails',
        'updateGuestCount',
      ]);
    });

    it('returns the same instance on every call (parsed once per cold start)', () => {
      expect(loadCompiledRegistry()).toBe(registry);
    });
  });

  describe('views', () => {
    it('modelVisible excludes blocked actions', () => {
      const ids = registry.modelVisible().map((a) => a.action_id);
      expect(ids).toHaveLength(13);
      expect(ids).not.toContain('refundBooking');
      expect(ids).not.toContain('deleteBooking');
    });

    it('readOnly holds the iq-enabled reads and mutations the rest', () => {
      expect(registry.readOnly().map((a) => a.action_id)).toEqual([
        'getAvailability',
        'getBooking',
        'listProducts',
        'searchBookings',
      ]);
      expect(registry.mutations().map((a) => a.action_id)).not.toContain('getBooking');
      expect(registry.mutations()).toHaveLength(9);
    });

    it('carries the intended metadata of issue 2', () => {
      const summary = Object.fromEntries(
        registry
          .all()
          .map((a) => [a.action_id, [a.safety_tier, a.reversible, a.compensation?.action_id ?? null]]),
      );
      expect(summary).toEqual({
        addBookingNote: ['normal', true, 'deleteBookingNote'],
        cancelBooking: ['high_risk', false, null],
        createBooking: ['normal', true, 'cancelBooking'],
        createPaymentLink: ['normal', false, null],
        deleteBooking: ['blocked', false, null],
        deleteBookingNote: ['normal', true, 'addBookingNote'],
        getAvailability: ['normal', false, null],
        getBooking: ['normal', false, null],
        getCurrentUser: ['normal', false, null],
        getVenue: ['normal', false, null],
        listProducts: ['normal', false, null],
        refundBooking: ['blocked', false, null],
        rescheduleBooking: ['normal', true, 'rescheduleBooking'],
        searchBookings: ['normal', false, null],
        sendBookingConfirmation: ['normal', false, null],
        updateContactDetails: ['normal', true, 'updateContactDetails'],
        updateGuestCount: ['normal', true, 'updateGuestCount'],
      });
    });

    it('never exposes sensitive inputs, transport headers or un-allowlisted optionals', () => {
      const names = registry.all().flatMap((a) => a.parameters.map((p) => p.wire_name));
      for (const hidden of [
        'cardNumber',
        'X-Api-Key',
        'Idempotency-Key',
        'If-Match',
        'marketingOptIn',
        'notifyGuest',
        'includeArchived',
        'visibleToGuest',
      ]) {
        expect(names).not.toContain(hidden);
      }
    });

    it('projects every action onto a valid 001 AtomicAction', () => {
      for (const action of registry.all()) {
        expect(AtomicAction.safeParse(toAtomicAction(action)).success).toBe(true);
        expect(Object.keys(toAtomicAction(action))).not.toContain('compensation');
      }
    });
  });

  describe('require', () => {
    it('returns a known action, blocked or not', () => {
      expect(registry.require('refundBooking').safety_tier).toBe('blocked');
      expect(registry.get('nope')).toBeUndefined();
    });

    it('throws UnknownActionError naming the id', () => {
      expect(() => registry.require('launchRocket')).toThrow(
        expect.objectContaining({ name: 'UnknownActionError', actionId: 'launchRocket' }),
      );
    });

    it('requireExecutable refuses a blocked action with BlockedActionError', () => {
      expect(() => registry.requireExecutable('deleteBooking')).toThrow(
        expect.objectContaining({ name: 'BlockedActionError' }),
      );
      expect(registry.requireExecutable('getBooking').action_id).toBe('getBooking');
      expect(registry.isModelVisible('deleteBooking')).toBe(false);
    });
  });

  it('rejects duplicate action ids', () => {
    const action = registry.require('getBooking');
    expect(() => new ActionRegistry([action, action])).toThrow(/duplicate action_id 'getBooking'/);
  });

  describe('registryFromArtefact', () => {
    it('rejects an artefact without the generated marker, naming the field', () => {
      expect(() => registryFromArtefact({ ...generated, generated: 'by hand' })).toThrow(
        expect.objectContaining({
          name: 'CompiledRegistryError',
          message: expect.stringContaining('generated:'),
        }),
      );
    });

    it('rejects an action that breaks a 001 limit', () => {
      const [first, ...rest] = generated.actions;
      const broken = { ...generated, actions: [{ ...first, name: 'n'.repeat(51) }, ...rest] };
      expect(() => registryFromArtefact(broken)).toThrow(/actions\.0\.name/);
    });
  });
});
