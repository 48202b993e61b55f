import { spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_TOKEN, DEMO_USER } from '../../devkit/chat/demo-defaults.ts';
import { type LocalStack, startLocalStack } from '../../infra/local/local-stack.ts';
import { fixedClock } from '../../lib/ports/clock.ts';

/** Monday 23 Nov 2026, 10:00 in Sydney: "Saturday" is 28 Nov. */
const NOW = '2026-11-22T23:00:00Z';

function runChat(
  url: string,
  input: string,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn('npx', ['tsx', 'infra/local/chat.ts', '--url', url, '--poll-ms', '50'], {
      stdio: ['pipe', 'pipe', 'pipe'],
    });
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
    child.stdin.end(input);
  });
}

describe('npm run chat', () => {
  let stack: LocalStack;

  beforeAll(async () => {
    stack = await startLocalStack({ clock: fixedClock(NOW) });
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('drives a full reschedule from piped input: plan, one-key confirm, progress, success summary', async () => {
    // Prepare
    const before = stack.sandbox.admin.bookingByReference('BK-1058');
    expect(before?.date).not.toBe('2026-11-28');

    // Act
    const run = await runChat(stack.url, "Move Ethan Harris's booking to Saturday at 3pm\ny\n");

    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Plan:');
    expect(run.stdout).toMatch(/1\. .*Ethan Harris/);
    expect(run.stdout).toMatch(/✔ Done\.\n {2}1\. .*→.*15:00/);
    const after = stack.sandbox.admin.bookingByReference('BK-1058');
    expect(after).toMatchObject({ date: '2026-11-28', startTime: '15:00' });
  });

  it('does nothing when the plan is not confirmed', async () => {
    // Prepare
    const before = stack.sandbox.admin.bookingByReference('BK-1059');

    // Act
    const run = await runChat(stack.url, "Move Ava Thompson's booking to Saturday at 4pm\nn\n");

    // Assess
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('Not confirmed.');
    expect(stack.sandbox.admin.bookingByReference('BK-1059')).toEqual(before);
  });
});

describe('chat defaults', () => {
  it('match a demo token of the sandbox fixture, so `npm run chat` works with no flags', async () => {
    const fixture = (
      await import('../../devkit/sandbox/fixtures/demo-venue.json', { with: { type: 'json' } })
    ).default;
    expect(fixture.tokens).toContainEqual(expect.objectContaining({ token: DEMO_TOKEN, userId: DEMO_USER }));
  });
});
