import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'registry-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the CLI as an operator would (npm run registry = tsx lib/registry/cli.ts). */
function cli(...args: string[]) {
  return spawnSync('npx', ['tsx', 'lib/registry/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8' });
}

describe('npm run registry', () => {
  it('prints every iq-enabled action with its tier, and lists what no model sees', () => {
    // Act
    const run = cli();
    // Assert
    expect(run.status).toBe(0);
    for (const [action, tier] of [
      ['searchBookings', 'normal'],
      ['getBooking', 'normal'],
      ['getAvailability', 'normal'],
      ['rescheduleBooking', 'normal'],
      ['updateGuestCount', 'normal'],
      ['updateContactDetails', 'normal'],
      ['addBookingNote', 'normal'],
      ['deleteBookingNote', 'normal'],
      ['sendBookingConfirmation', 'normal'],
      ['cancelBooking', 'high_risk'],
      ['createBooking', 'normal'],
      ['createPaymentLink', 'normal'],
    ]) {
      expect(run.stdout).toMatch(new RegExp(`^${action} +${tier} `, 'm'));
    }
    expect(run.stdout).toMatch(
      /Blocked \(in the registry for audit only\):\n {2}deleteBooking\n {2}refundBooking/,
    );
    expect(run.stdout).toContain('listProducts: iq_enabled is false');
    expect(run.stdout).toContain('createBooking.cardNumber (body)');
    expect(run.stdout).toContain('createPaymentLink.X-Api-Key (header)');
  });

  it('--json prints the model-visible view without blocked, disabled or sensitive items', () => {
    // Act
    const run = cli('--json');
    // Assert
    expect(run.status).toBe(0);
    const actions = JSON.parse(run.stdout) as { action_id: string; parameters: { name: string }[] }[];
    const ids = actions.map((a) => a.action_id);
    expect(ids).toHaveLength(12);
    for (const absent of ['refundBooking', 'deleteBooking', 'listProducts', 'exportBookings'])
      expect(ids).not.toContain(absent);
    const names = actions.flatMap((a) => a.parameters.map((p) => p.name));
    expect(names).not.toContain('card_number');
    expect(names).not.toContain('x_api_key');
    expect(run.stdout).not.toContain('wire_name');
  });

  it('exits non-zero naming the overlay and its reason when an overlay is invalid', () => {
    // Arrange
    const overlays = join(work, 'overlays');
    cpSync(join(ROOT, 'overlays'), overlays, { recursive: true });
    writeFileSync(
      join(overlays, 'get-booking.yaml'),
      'operation_id: getBooking\niq_enabled: true\nsafety_tier: normal\n',
    );
    // Act
    const run = cli('build', '--overlays', overlays, '--out', join(work, 'out.json'));
    // Assert
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('invalid overlay get-booking.yaml: reversible:');
    expect(run.stderr).toContain('nothing written');
  });

  it('exits 2 with a clear message when the spec does not exist', () => {
    const run = cli('--spec', join(work, 'nope.yaml'));
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^registry: cannot load OpenAPI spec .*nope\.yaml/m);
  });
});
