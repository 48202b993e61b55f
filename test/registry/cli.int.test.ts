import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'registry-cli-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Runs the CLI as an operator would: npm run registry = the pinned Node 22 on devkit/registry/cli.ts (type stripping). */
function cli(...args: string[]) {
  return spawnSync(join(ROOT, 'node_modules/.bin/node'), ['devkit/registry/cli.ts', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
  });
}

describe('npm run registry', () => {
  it('prints every iq-enabled action with its tier, and lists what no model sees', () => {
    // Act
    const run = cli();
    // Assess
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
    expect(run.stdout).toMatch(/^listProducts +normal /m);
    expect(run.stdout).toContain('createBooking.cardNumber (body)');
    expect(run.stdout).toContain('createPaymentLink.X-Api-Key (header)');
  });

  it('--json prints the model-visible view without blocked, disabled or sensitive items', () => {
    // Act
    const run = cli('--json');
    // Assess
    expect(run.status).toBe(0);
    const actions = JSON.parse(run.stdout) as { action_id: string; parameters: { name: string }[] }[];
    const ids = actions.map((a) => a.action_id);
    expect(ids).toHaveLength(13);
    expect(ids).toContain('listProducts');
    for (const absent of ['refundBooking', 'deleteBooking', 'exportBookings'])
      expect(ids).not.toContain(absent);
    const names = actions.flatMap((a) => a.parameters.map((p) => p.name));
    expect(names).not.toContain('card_number');
    expect(names).not.toContain('x_api_key');
    expect(run.stdout).not.toContain('wire_name');
  });

  describe('one invalid overlay', () => {
    const overlays = join(work, 'overlays');
    cpSync(join(ROOT, 'overlays'), overlays, { recursive: true });
    writeFileSync(
      join(overlays, 'send-booking-confirmation.yaml'),
      'operation_id: sendBookingConfirmation\niq_enabled: true\nsafety_tier: normal\n',
    );

    it('is skipped with its reason; registry:build writes the rest and exits 0 with a warning', () => {
      // Prepare
      const out = join(work, 'lenient.json');
      // Act
      const run = cli('build', '--overlays', overlays, '--out', out);
      // Assess
      expect(run.status).toBe(0);
      expect(run.stderr).toContain('warning: send-booking-confirmation.yaml: invalid_overlay: reversible:');
      expect(run.stderr).toContain('1 warning(s)');
      const written = JSON.parse(readFileSync(out, 'utf8')) as { actions: { action_id: string }[] };
      const ids = written.actions.map((a) => a.action_id);
      expect(ids).toHaveLength(16);
      expect(ids).not.toContain('sendBookingConfirmation');
      expect(ids).toContain('rescheduleBooking');
    });

    it('fails the build under --strict, naming the overlay, and writes nothing', () => {
      // Prepare
      const out = join(work, 'strict.json');
      // Act
      const run = cli('build', '--strict', '--overlays', overlays, '--out', out);
      // Assess
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('error: send-booking-confirmation.yaml: invalid_overlay: reversible:');
      expect(run.stderr).toContain('nothing written');
      expect(existsSync(out)).toBe(false);
    });
  });

  it('builds our own spec and overlays under --strict (CI: no overlay may be skipped)', () => {
    // Act
    const run = cli('build', '--strict', '--out', join(work, 'ours.json'));
    // Assess
    expect(run.stderr).not.toMatch(/^(warning|error):/m);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('17 actions');
  });

  it('refuses a Swagger 2.0 document up front, saying what to do', () => {
    // Prepare
    const spec = join(work, 'swagger.yaml');
    writeFileSync(spec, "swagger: '2.0'\ninfo: {title: t, version: '1'}\npaths: {}\n");
    // Act
    const run = cli('--spec', spec);
    // Assess
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`registry: cannot load OpenAPI spec ${spec}: it is a Swagger 2.0 document`);
    expect(run.stderr).toContain('Convert it first');
    expect(run.stderr).not.toContain('    at ');
  });

  it('exits 2 with a clear message when the spec does not exist', () => {
    const run = cli('--spec', join(work, 'nope.yaml'));
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^registry: cannot load OpenAPI spec .*nope\.yaml: no such file$/m);
  });
});
