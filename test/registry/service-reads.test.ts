import { describe, expect, it } from 'vitest';
import { ActionMetadataOverlay } from '../../lib/contracts/overlay.ts';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { toFunctionDeclaration } from '../../lib/registry/gemini-declarations.ts';
import { okResponse, op, overlay, specDoc, transformDoc } from './helpers.ts';

/** A venue read and one model-visible read, as a foreign API might declare them. */
const doc = specDoc({
  ...op('get', '/whoami', {
    operationId: 'whoAmI',
    responses: okResponse({ venueId: { type: 'string' }, name: { type: 'string' } }),
  }),
  ...op('post', '/whoami/refresh', { operationId: 'refreshWhoAmI', responses: okResponse() }),
  ...op('get', '/things', { operationId: 'listThings', responses: okResponse() }),
});

describe('service reads (overlay service_role, ADR 0010)', () => {
  describe('transform', () => {
    it('registers an iq_enabled: false service read execution-only, with its role, though nothing runs it', () => {
      // Prepare
      const overlays = [
        overlay({ operation_id: 'whoAmI', iq_enabled: false, service_role: 'venue' }),
        overlay({ operation_id: 'listThings' }),
      ];

      // Act
      const registry = new ActionRegistry(transformDoc(doc, overlays).actions);

      // Assess
      expect(registry.serviceAction('venue')).toMatchObject({
        action_id: 'whoAmI',
        execution_only: true,
        service_role: 'venue',
      });
      expect(registry.isModelVisible('whoAmI')).toBe(false);
      expect(registry.modelVisible().map((a) => a.action_id)).toEqual(['listThings']);
      expect(() => toFunctionDeclaration(registry.require('whoAmI'))).toThrow(/execution-only/);
    });

    it('refuses a service read that is not a GET, naming why', () => {
      // Act
      const result = transformDoc(doc, [
        overlay({ operation_id: 'refreshWhoAmI', iq_enabled: false, service_role: 'venue' }),
      ]);

      // Assess
      expect(result.actions).toEqual([]);
      expect(result.skipped.find((s) => s.operation_id === 'refreshWhoAmI')?.reason).toContain(
        "service_role 'venue' needs a GET operation",
      );
    });

    it('answers undefined for a role no overlay declares (a foreign API: callers skip the check)', () => {
      const registry = new ActionRegistry(
        transformDoc(doc, [overlay({ operation_id: 'listThings' })]).actions,
      );
      expect(registry.serviceAction('venue')).toBeUndefined();
    });
  });

  describe('overlay schema', () => {
    it.each([
      ['iq_enabled: true', { iq_enabled: true, safety_tier: 'normal' }],
      ['a blocked tier', { iq_enabled: false, safety_tier: 'blocked' }],
    ])('refuses service_role with %s: a service read is kept from every model', (_case, fields) => {
      const parsed = ActionMetadataOverlay.safeParse({
        operation_id: 'whoAmI',
        reversible: false,
        service_role: 'venue',
        ...fields,
      });
      expect(parsed.success).toBe(false);
    });
  });

  describe('the compiled registry', () => {
    it('has getVenue as the venue read, in no model view', () => {
      // Act
      const registry = loadCompiledRegistry();

      // Assess
      expect(registry.serviceAction('venue')?.action_id).toBe('getVenue');
      expect(registry.serviceAction('venue')?.path).toBe('/venue');
      expect(registry.isModelVisible('getVenue')).toBe(false);
      expect(registry.readOnly().map((a) => a.action_id)).not.toContain('getVenue');
    });
  });
});
