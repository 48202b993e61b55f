import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import { build } from '../../lib/registry/compile/build-registry.ts';
import { toFunctionDeclaration } from '../../lib/registry/gemini-declarations.ts';
import { extendedSpecIn } from '../support/vendor-extension.ts';

const work = mkdtempSync(join(tmpdir(), 'extensibility-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('extensibility (000: spec + overlay, no code change)', () => {
  it('registers a new operation added to a copy of the spec and overlays, with its metadata', async () => {
    // Prepare
    const { specPath, overlaysDir } = extendedSpecIn(work);
    // Act
    const compiled = await build(specPath, overlaysDir);
    // Assess
    const registry = new ActionRegistry(compiled.actions);
    const action = registry.require('updateSpecialRequests');
    expect(action).toMatchObject({
      name: 'Update special requests',
      safety_tier: 'normal',
      reversible: true,
      compensation_action_id: 'updateSpecialRequests',
      method: 'PUT',
      path: '/bookings/{bookingId}/special-requests',
      read_only: false,
      examples: ['They need a high chair'],
      compensation: {
        action_id: 'updateSpecialRequests',
        parameters: { booking_id: '{{request.booking_id}}', special_requests: '{{before.special_requests}}' },
        pre_image: { action_id: 'getBooking', parameters: { booking_id: '{{request.booking_id}}' } },
      },
    });
    expect(action.parameters.map((p) => [p.name, p.type, p.location, p.wire_name, p.required])).toEqual([
      ['booking_id', 'string', 'path', 'bookingId', true],
      ['special_requests', 'string', 'body', 'specialRequests', true],
    ]);
    expect(registry.mutations().map((a) => a.action_id)).toContain('updateSpecialRequests');
    expect(toFunctionDeclaration(action).parameters.properties.special_requests).toMatchObject({
      maxLength: 500,
    });
    expect(registry.modelVisible()).toHaveLength(14);
    expect(compiled.skipped.map((s) => s.operation_id)).toEqual(['exportBookings']);
    // A whole spec load: ~1 s alone, past vitest's 5 s default on a busy 2-core machine.
  }, 30_000);
});
