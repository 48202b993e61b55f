import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildWithReport } from '../../lib/registry/compile/build-registry.ts';
import { loadOverlays, parseOverlay } from '../../lib/registry/compile/load-overlays.ts';

const SPEC = join(import.meta.dirname, '../../openapi/booking-api.yaml');
const OVERLAYS = join(import.meta.dirname, '../../overlays');
const ALL_VISIBLE = 13;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A copy of our overlays with one file written or replaced. */
function overlaysWith(file: string, text: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'overlays-'));
  dirs.push(dir);
  cpSync(OVERLAYS, dir, { recursive: true });
  writeFileSync(join(dir, file), text);
  return dir;
}

const confirmation = readFileSync(join(OVERLAYS, 'send-booking-confirmation.yaml'), 'utf8');
const guestCount = readFileSync(join(OVERLAYS, 'update-guest-count.yaml'), 'utf8');

describe('invalid overlays', () => {
  it.each([
    [
      'bad YAML',
      'send-booking-confirmation.yaml',
      'operation_id: sendBookingConfirmation\niq_enabled: [true\n',
      'invalid YAML',
    ],
    [
      'an unknown field',
      'send-booking-confirmation.yaml',
      `${confirmation}iq_enabeld: true\n`,
      'Unrecognized key: "iq_enabeld"',
    ],
    [
      'a missing required field',
      'send-booking-confirmation.yaml',
      confirmation.replace('safety_tier: normal\n', ''),
      'safety_tier:',
    ],
    [
      'reversible without a compensation',
      'send-booking-confirmation.yaml',
      confirmation.replace('reversible: false', 'reversible: true'),
      'compensation_operation_id: compensation_operation_id is required when reversible is true',
    ],
    [
      'a compensation to a missing operation',
      'update-guest-count.yaml',
      guestCount.replace(
        'compensation_operation_id: updateGuestCount',
        'compensation_operation_id: restoreGuestCount',
      ),
      "compensation operation 'restoreGuestCount' does not exist in the spec",
    ],
    [
      'a compensation to a blocked operation',
      'update-guest-count.yaml',
      guestCount.replace(
        'compensation_operation_id: updateGuestCount',
        'compensation_operation_id: refundBooking',
      ),
      "compensation operation 'refundBooking' is blocked",
    ],
    [
      'an intent cue without a word',
      'send-booking-confirmation.yaml',
      confirmation.replace('  - resend\n', '  - "?!"\n'),
      'intent_cues.',
    ],
    [
      'an overlay for an unknown operationId',
      'update-special-requests.yaml',
      'operation_id: updateSpecialRequests\niq_enabled: true\nsafety_tier: normal\nreversible: false\n',
      "overlay for unknown operationId 'updateSpecialRequests'",
    ],
  ])(
    'reports %s with its file and reason, and still registers the valid ones',
    async (_case, file, text, reason) => {
      // Prepare
      const dir = overlaysWith(file, text);
      // Act
      const { transform } = await buildWithReport(SPEC, dir);
      // Assess
      const invalid = transform.skipped.filter((s) => s.kind === 'invalid_overlay');
      expect(invalid).toEqual([
        expect.objectContaining({ source: file, reason: expect.stringContaining(reason) }),
      ]);
      const visible = transform.actions.filter((a) => a.safety_tier !== 'blocked' && !a.execution_only);
      expect(visible).toHaveLength(ALL_VISIBLE - (file === 'update-special-requests.yaml' ? 0 : 1));
      expect(visible.map((a) => a.action_id)).toContain('rescheduleBooking');
    },
  );

  it('cascades: an action whose compensation became invalid is skipped too, naming why', async () => {
    // Prepare: addBookingNote breaks, and deleteBookingNote is compensated by it.
    const dir = overlaysWith('add-booking-note.yaml', 'operation_id: addBookingNote\n');
    // Act
    const { transform } = await buildWithReport(SPEC, dir);
    // Assess
    const reasons = Object.fromEntries(transform.skipped.map((s) => [s.operation_id, s.reason]));
    expect(reasons.addBookingNote).toContain('iq_enabled:');
    expect(reasons.deleteBookingNote).toMatch(/^compensation operation 'addBookingNote' is not registered/);
    expect(transform.actions).toHaveLength(15); // 13 before the break, minus two, plus blocked, getVenue and getCurrentUser
  });

  it('rejects both of two overlays for the same operation', async () => {
    // Prepare
    const dir = overlaysWith('send-booking-confirmation-copy.yaml', confirmation);
    // Act
    const loaded = await loadOverlays(dir);
    // Assess
    expect(loaded.invalid.map((i) => i.source).sort()).toEqual([
      'send-booking-confirmation-copy.yaml',
      'send-booking-confirmation.yaml',
    ]);
    expect(loaded.overlays).toHaveLength(17); // 18 overlays + the copy, minus the two duplicates
  });

  it('names the field at fault for each zod problem', () => {
    // Act
    const result = parseOverlay(
      'operation_id: x\niq_enabled: yes\nsafety_tier: risky\nreversible: false\n',
      'x.yaml',
    );
    // Assess
    expect(result).toMatchObject({ operation_id: 'x', kind: 'invalid_overlay', source: 'x.yaml' });
    expect('reason' in result && result.reason).toMatch(/iq_enabled: .*; safety_tier: /);
  });

  it('reports an empty overlay file', () => {
    expect(parseOverlay('# nothing\n', 'empty.yaml')).toMatchObject({
      operation_id: 'empty.yaml',
      reason: 'empty overlay',
    });
  });

  it('throws OverlayLoadError when the directory does not exist', async () => {
    await expect(loadOverlays(join(tmpdir(), 'no-such-overlays-dir-xyz'))).rejects.toMatchObject({
      name: 'OverlayLoadError',
    });
  });
});
