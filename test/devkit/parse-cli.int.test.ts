import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '../..');

/** Runs a script CLI as its npm script does (tsx), with no stack started: every case below ends before any work. */
function run(script: string, ...args: string[]) {
  return spawnSync(join(ROOT, 'node_modules/.bin/tsx'), [script, ...args], { cwd: ROOT, encoding: 'utf8' });
}

describe('script command lines (devkit/cli/parse-cli.ts)', () => {
  it('an unknown flag prints the problem and the usage to stderr and exits 2', () => {
    // Act
    const result = run('bench/lambdas.ts', '--bogus');

    // Assess
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Unknown option '--bogus'");
    expect(result.stderr).toContain('Usage: npm run bench:lambdas');
    expect(result.stdout).toBe('');
  });

  it('--help and -h print the usage to stdout and exit 0', () => {
    // Act
    const long = run('bench/lambdas.ts', '--help');
    const short = run('bench/lambdas.ts', '-h');

    // Assess
    for (const result of [long, short]) {
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('Usage: npm run bench:lambdas');
      expect(result.stderr).not.toContain('Usage');
    }
  });

  it('a value the script refuses names the flag, then the usage, and exits 2', () => {
    // Act
    const runs = run('bench/lambdas.ts', '0');
    const plans = run('bench/chaos-faults.ts', '--plans', '0');

    // Assess
    expect(runs.status).toBe(2);
    expect(runs.stderr).toContain('runs must be a positive integer, got 0');
    expect(plans.status).toBe(2);
    expect(plans.stderr).toMatch(/^--plans: /);
    expect(plans.stderr).toContain('Usage: npm run chaos:faults');
  });
});
