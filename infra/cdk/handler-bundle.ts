import { join } from 'node:path';
import { type BuildOptions, buildSync, type Metafile } from 'esbuild';

/**
 * ESM bundles still contain CommonJS dependencies that call `require`; esbuild's ESM output has no `require`,
 * so the banner recreates it from `import.meta.url` (in every chunk: each is its own module scope).
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __bus_createRequire } from 'node:module'; const require = __bus_createRequire(import.meta.url);";

/** The Lambda handler the stack points at: `index.mjs` exporting `handler`. */
export const HANDLER_ENTRY = 'index.handler';

/**
 * The one set of esbuild options for a deployed handler, shared by the stack (ServiceFunction) and
 * `npm run bench:lambdas`, so the bench measures what ships.
 *
 * `splitting` is why this is not a NodejsFunction: NodejsFunction always passes `--outfile`, and esbuild splits only
 * into an `outdir`. In one file, every lazily `import()`ed module (service builders, LangChain, Langfuse, OTel) is
 * still read and pre-parsed at init, and its external AWS SDK imports are hoisted to the top; as separate chunks they
 * are read only when the handler first calls `import()` (issue 12 cold start, docs/deploy.md "Cold start").
 */
export function handlerBuildOptions(entryFile: string, repoRoot: string, outdir: string): BuildOptions {
  return {
    entryPoints: { index: join(repoRoot, 'functions', entryFile) },
    outdir,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    target: 'node22',
    format: 'esm',
    mainFields: ['module', 'main'],
    banner: { js: ESM_REQUIRE_BANNER },
    minify: true,
    // STYLE: error `name`s and span names survive minification.
    keepNames: true,
    // Shipped beside each chunk, not loaded at run time: no NODE_OPTIONS=--enable-source-maps (docs/deploy.md).
    sourcemap: true,
    // The nodejs22.x runtime ships AWS SDK v3: leaving it out halves every bundle and its cold-start import
    // (issue 8 goals: API handlers ≤ 0.6 MB). We use only long-stable SDK v3 commands.
    external: ['@aws-sdk/*'],
    metafile: true,
    logLevel: 'warning',
  };
}

/** Bundles functions/<entryFile> into outdir (index.mjs + chunks/), synchronously as CDK local bundling needs. */
export function bundleHandler(entryFile: string, repoRoot: string, outdir: string): Metafile {
  const { metafile } = buildSync(handlerBuildOptions(entryFile, repoRoot, outdir));
  if (!metafile) throw new Error(`esbuild returned no metafile for ${entryFile}`);
  return metafile;
}
