import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import * as z from 'zod';

const Step = z.object({
  name: z.string().optional(),
  uses: z.string().optional(),
  run: z.string().optional(),
  with: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
  env: z.record(z.string(), z.string()).optional(),
});
type Step = z.infer<typeof Step>;

const Job = z.object({
  needs: z.union([z.string(), z.array(z.string())]).optional(),
  environment: z.union([z.string(), z.object({ name: z.string() })]).optional(),
  steps: z.array(Step),
});
type Job = z.infer<typeof Job>;

const Workflow = z.object({
  on: z.object({ push: z.object({ branches: z.array(z.string()) }) }),
  permissions: z.record(z.string(), z.string()),
  jobs: z.record(z.string(), Job),
});

/** Index of the first step matching `predicate`, or -1. */
function stepIndex(steps: Step[], predicate: (step: Step) => boolean): number {
  return steps.findIndex(predicate);
}

const isCheckout = (s: Step) => s.uses?.startsWith('actions/checkout@') ?? false;
const isNode22 = (s: Step) =>
  (s.uses?.startsWith('actions/setup-node@') ?? false) && String(s.with?.['node-version']) === '22';
const runs = (command: string) => (s: Step) => s.run?.trim() === command;
const isOidcLogin = (s: Step) =>
  (s.uses?.startsWith('aws-actions/configure-aws-credentials@') ?? false) &&
  /^\$\{\{\s*(secrets|vars)\.[A-Z0-9_]+\s*\}\}$/.test(String(s.with?.['role-to-assume']));
const deploys = (stage: string) => (s: Step) =>
  /^npx cdk deploy\b/.test(s.run?.trim() ?? '') &&
  (s.run?.includes('--require-approval never') ?? false) &&
  (s.run?.includes(`-c stage=${stage}`) ?? false);

/** The job whose steps deploy `stage`. */
function deployJobOf(jobs: Record<string, Job>, stage: string): [string, Job] {
  const found = Object.entries(jobs).find(([, job]) => job.steps.some(deploys(stage)));
  if (!found) throw new Error(`no job deploys ${stage}`);
  return found;
}

/** Every job `name` transitively depends on. */
function ancestors(jobs: Record<string, Job>, name: string): Set<string> {
  const needs = jobs[name]?.needs;
  const direct = needs === undefined ? [] : Array.isArray(needs) ? needs : [needs];
  return new Set(direct.flatMap((n) => [n, ...ancestors(jobs, n)]));
}

describe('.github/workflows/deploy.yml', () => {
  let workflow: z.infer<typeof Workflow>;

  beforeAll(() => {
    const text = readFileSync(new URL('../../.github/workflows/deploy.yml', import.meta.url), 'utf8');
    workflow = Workflow.parse(parse(text));
  });

  it('runs on push to main with an OIDC token and read-only contents', () => {
    expect(workflow.on.push.branches).toEqual(['main']);
    expect(workflow.permissions).toEqual({ 'id-token': 'write', contents: 'read' });
  });

  it('tests before deploying: checkout, setup-node 22, npm ci, npm test, in that order', () => {
    // Prepare
    const [testJobName, testJob] =
      Object.entries(workflow.jobs).find(([, job]) => job.steps.some(runs('npm test'))) ?? [];

    // Act
    const order = [isCheckout, isNode22, runs('npm ci'), runs('npm test')].map((p) =>
      stepIndex(testJob?.steps ?? [], p),
    );

    // Assess
    expect(testJobName).toBeDefined();
    expect(order.every((index) => index >= 0)).toBe(true);
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(ancestors(workflow.jobs, deployJobOf(workflow.jobs, 'dev')[0])).toContain(testJobName);
  });

  it.each(['dev', 'prod'])(
    'deploys %s after npm ci and an OIDC role assumption, without static keys',
    (stage) => {
      // Prepare
      const [, job] = deployJobOf(workflow.jobs, stage);

      // Act
      const order = [isCheckout, isNode22, runs('npm ci'), isOidcLogin, deploys(stage)].map((p) =>
        stepIndex(job.steps, p),
      );

      // Assess
      expect(
        order.every((index) => index >= 0),
        String(order),
      ).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(JSON.stringify(job.steps)).not.toMatch(/aws-access-key-id|aws-secret-access-key/);
    },
  );

  it('deploys prod only after dev, behind the prod environment gate', () => {
    const [devJob] = deployJobOf(workflow.jobs, 'dev');
    const [prodJobName, prodJob] = deployJobOf(workflow.jobs, 'prod');

    expect(ancestors(workflow.jobs, prodJobName)).toContain(devJob);
    const environment =
      typeof prodJob.environment === 'object' ? prodJob.environment.name : prodJob.environment;
    expect(environment).toBe('prod');
  });
});
