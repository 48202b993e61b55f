import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { WHOLE_SPECS } from '../support/whole-spec.ts';

const ROOT = join(import.meta.dirname, '../..');

/** `npm run registry -- --spec … --overlays …` as an operator runs it (the pinned Node 22 on the CLI). */
function registryCli(
  spec: string,
  overlays: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      join(ROOT, 'node_modules/.bin/node'),
      ['devkit/registry/cli.ts', '--spec', spec, '--overlays', overlays],
      { cwd: ROOT },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString();
    });
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString();
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

/** Issue 29's acceptance, word for word: on each whole spec the CLI exits 0 and reports the problems one by one. */
describe('npm run registry on whole public specs', () => {
  it('DigitalOcean: exits 0, registers the enabled actions and names each invalid operation', async () => {
    // Act
    const run = await registryCli(WHOLE_SPECS.digitalocean.spec, WHOLE_SPECS.digitalocean.overlays);
    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Model-visible actions \(34\):/m);
    expect(run.stdout).toMatch(/^vpcs_create +normal +yes +vpcs_delete +region\*:string/m);
    expect(run.stderr.split('\n').filter((l) => l.startsWith('warning: '))).toEqual([
      "warning: certificates-create.yaml: unsupported: required input 'body' is a oneOf union",
      expect.stringMatching(
        /^warning: loadBalancers_create: invalid_operation: violates the OpenAPI schema: #\/paths/,
      ),
      expect.stringMatching(
        /^warning: loadBalancers_remove_droplets: invalid_operation: violates the OpenAPI schema: #\/paths/,
      ),
    ]);
  }, 120_000);

  it('GitHub: exits 0, registers the enabled actions and names the overlay it cannot honour', async () => {
    // Act
    const run = await registryCli(WHOLE_SPECS.github.spec, WHOLE_SPECS.github.overlays);
    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Model-visible actions \(17\):/m);
    expect(run.stdout).toMatch(/^issues\/create-comment +normal +yes +issues\/delete-comment /m);
    expect(run.stderr.split('\n').filter((l) => l.startsWith('warning: '))).toEqual([
      "warning: gists-create.yaml: unsupported: required input 'files' is an object with free-form keys",
    ]);
  }, 120_000);
});
