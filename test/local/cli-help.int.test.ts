import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** package.json scripts that are not this project's CLIs, with the reason. */
const NOT_OUR_CLIS: Record<string, string> = {
  test: 'runs the checks',
  typecheck: 'tsc',
  lint: 'biome and madge',
  format: 'biome',
  'test:unit': 'vitest',
  'test:int': 'vitest',
  synth: "the CDK CLI's own --help",
  mutation: 'Stryker',
  'mutation:plans': 'Stryker',
  'mutation:executor': 'Stryker',
};

const scripts: Record<string, string> = JSON.parse(readFileSync('package.json', 'utf8')).scripts;
const clis = Object.entries(scripts).filter(([name]) => !(name in NOT_OUR_CLIS));

/** The script's command with --help added, run as npm would (tsx or node from this install), without npm. */
async function help(command: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const [runner, ...args] = command.split(' ');
  const program = runner === 'node' ? process.execPath : `node_modules/.bin/${runner}`;
  try {
    const { stdout, stderr } = await run(program, [...args, '--help'], {
      env: { ...process.env, LOG_LEVEL: 'SILENT' },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

/** `git status` of the tree: a --help that does real work (records cassettes, writes results) changes it. */
async function treeStatus(): Promise<string> {
  return (await run('git', ['status', '--porcelain'])).stdout;
}

describe('every CLI of package.json', () => {
  it('is run by tsx or node, so its --help can be checked here', () => {
    expect(clis.filter(([, command]) => !/^(tsx|node) \S+\.ts( |$)/.test(command))).toEqual([]);
  });

  it('prints its usage on stdout for --help, exits 0, prints no stack trace and changes no file', async () => {
    // Prepare
    const before = await treeStatus();
    // Act: four at a time, on a machine other suites share.
    const answers: Array<readonly [string, Awaited<ReturnType<typeof help>>]> = [];
    for (let i = 0; i < clis.length; i += 4) {
      const batch = clis.slice(i, i + 4);
      answers.push(
        ...(await Promise.all(batch.map(async ([name, command]) => [name, await help(command)] as const))),
      );
    }
    // Assess
    const problems = answers.flatMap(([name, a]) => [
      ...(a.code === 0 ? [] : [`${name}: exit ${a.code}`]),
      ...(/usage/i.test(a.stdout) ? [] : [`${name}: no usage on stdout`]),
      ...(/^\s+at .+:\d+:\d+\)?$/m.test(a.stderr) ? [`${name}: stack trace`] : []),
    ]);
    expect(problems).toEqual([]);
    expect(await treeStatus()).toBe(before);
  }, 240_000);
});
