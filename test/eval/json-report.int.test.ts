import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** `npm run eval -- …` exactly as a person types it (npm prints its "> eval" banner on stdout). */
async function npmEval(args: string[]): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await run('npm', ['run', 'eval', '--', ...args], {
      env: { ...process.env, LOG_LEVEL: 'SILENT' },
      timeout: 120_000,
    });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
  }
}

describe('npm run eval -- --json <file> (issue 30: valid JSON on its own)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'eval-json-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('writes only the JSON report to the file, without npm -s, and the table to stdout', async () => {
    // Prepare
    const file = join(dir, 'dates.json');

    // Act
    const { stdout } = await npmEval(['--suite', 'dates', '--json', file]);

    // Assess: the file parses whole; npm's banner and the table stay on stdout.
    const report = JSON.parse(readFileSync(file, 'utf8'));
    expect(Array.isArray(report)).toBe(true);
    expect(report.length).toBeGreaterThan(0);
    expect(report[0]).toMatchObject({ wrong: expect.any(Number) });
    expect(stdout).toContain('> booking-update-service@0.1.0 eval');
    expect(() => JSON.parse(stdout)).toThrow();
  });

  it('does the same for a suite on the stack: the golden report with its summary', async () => {
    // Prepare
    const file = join(dir, 'golden.json');

    // Act
    const { code, stdout } = await npmEval(['--case', 'out-of-domain-request-declined', `--json=${file}`]);

    // Assess
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      provider: 'offline',
      summary: '1 passed, 0 failed',
      results: [{ id: 'out-of-domain-request-declined', passed: true }],
    });
    expect(stdout).toContain('1 passed, 0 failed');
  });
});
