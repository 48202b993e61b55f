import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServiceFunction } from '../../infra/cdk/constructs/service-function.ts';
import { bundleHandler, handlerBuildOptions } from '../../infra/cdk/handler-bundle.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Every file under dir, relative, sorted. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name).slice(dir.length + 1))
    .sort();
}

describe('handler bundling (issue 12 cold start)', () => {
  it('splits lazily imported modules into chunks: ESM, minified, keepNames, maps shipped, AWS SDK left to the runtime', () => {
    // Act
    const options = handlerBuildOptions('get-plan.ts', ROOT, '/out');

    // Assess
    expect(options).toMatchObject({
      entryPoints: { index: `${ROOT}functions/get-plan.ts` },
      outdir: '/out',
      splitting: true,
      format: 'esm',
      outExtension: { '.js': '.mjs' },
      platform: 'node',
      target: 'node22',
      minify: true,
      keepNames: true,
      sourcemap: true,
      external: ['@aws-sdk/*'],
    });
    expect(options.banner?.js).toContain('createRequire');
  });

  describe('the synthesised stack', () => {
    let work: string;
    let template: Template;
    let assetDir: string;
    let shared: string;

    beforeAll(() => {
      // Prepare: one handler, bundling on (the app tests skip it), and the shared function run beside it.
      work = mkdtempSync(join(tmpdir(), 'bundling-test-'));
      const app = new App({ outdir: join(work, 'cdk.out'), context: { 'aws:cdk:bundling-stacks': ['**'] } });
      const stack = new Stack(app, 'BundlingTest');
      new ServiceFunction(stack, 'GetPlan', {
        entryFile: 'get-plan.ts',
        description: 'bundling test',
        memorySize: 512,
        timeout: Duration.seconds(10),
        environment: {},
        logRetentionDays: 14,
        protectData: false,
        xray: false,
      });
      template = Template.fromStack(stack);
      const assembly = app.synth();
      const [asset] = readdirSync(assembly.directory).filter((f) => f.startsWith('asset.'));
      assetDir = join(assembly.directory, asset ?? 'missing');
      // As deep below work as CDK's cdk.out/bundling-temp-… dir: the maps' relative source paths, and so the chunk
      // hashes, then match byte for byte.
      shared = join(work, 'shared', 'out');
      bundleHandler('get-plan.ts', ROOT, shared);
    }, 120_000);

    afterAll(() => rmSync(work, { recursive: true, force: true }));

    it('ships exactly what the shared bundling (and so the bench) builds: index.mjs plus its chunks', () => {
      const files = filesUnder(assetDir);

      expect(files).toEqual(filesUnder(shared));
      expect(files).toContain('index.mjs');
      expect(files.filter((f) => /^chunks\/plan-status-service-.*\.mjs$/.test(f))).toHaveLength(1);
      expect(readFileSync(join(assetDir, 'index.mjs'), 'utf8')).toBe(
        readFileSync(join(shared, 'index.mjs'), 'utf8'),
      );
    });

    it('points Lambda at index.handler on nodejs22.x without loading source maps', () => {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Handler: 'index.handler',
        Runtime: 'nodejs22.x',
      });
      expect(JSON.stringify(template.toJSON())).not.toContain('enable-source-maps');
    });
  });
});
