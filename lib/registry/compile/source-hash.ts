import { createHash } from 'node:crypto';

/**
 * sha256 over the spec files and overlays (names and texts, in a fixed order), so the artefact records what it
 * was built from and the freshness test can tell a stale artefact by its inputs.
 */
export function sourceHash(specFiles: Record<string, string>, overlayTexts: Record<string, string>): string {
  const hash = createHash('sha256');
  for (const [kind, files] of [
    ['spec', specFiles],
    ['overlay', overlayTexts],
  ] as const) {
    for (const name of Object.keys(files).sort()) {
      hash.update(`${kind}:${name}\n${files[name]}\n`);
    }
  }
  return `sha256:${hash.digest('hex')}`;
}
