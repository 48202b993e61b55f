import { join } from 'node:path';
import { expect } from 'vitest';
import { enableEveryOperation, exerciseEveryOperation } from '../../devkit/registry/synthetic-overlays.ts';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import { type BuildResult, compileRegistry } from '../../lib/registry/compile/build-registry.ts';
import { loadOverlays } from '../../lib/registry/compile/load-overlays.ts';
import { type LoadedSpec, loadSpec } from '../../lib/registry/compile/load-spec.ts';
import { type ExtractedOperations, extractOperations } from '../../lib/registry/compile/spec-operations.ts';
import { toFunctionDeclaration } from '../../lib/registry/gemini-declarations.ts';
import { geminiProblems } from './gemini-subset.ts';

const ROOT = join(import.meta.dirname, '../..');

/** The whole public specs compiled in `npm test` (issue 29), not trimmed: where each is and where its overlays are. */
export const WHOLE_SPECS = {
  /** Vendored unchanged with its licence: test/fixtures/specs/digitalocean-whole/SOURCE.md. */
  digitalocean: {
    spec: join(ROOT, 'test/fixtures/specs/digitalocean-whole/spec/DigitalOcean-public.v2.yaml'),
    overlays: join(ROOT, 'test/fixtures/specs/digitalocean-whole/overlays'),
  },
  /** GitHub's official spec as the pinned devDependency @octokit/openapi ships it: test/fixtures/specs/github. */
  github: {
    spec: join(ROOT, 'node_modules/@octokit/openapi/generated/api.github.com.json'),
    overlays: join(ROOT, 'test/fixtures/specs/github/overlays'),
  },
} as const;

/** A whole spec loaded once, built with its overlays and with a synthetic overlay on every operation. */
export interface WholeSpecRun {
  spec: LoadedSpec;
  extracted: ExtractedOperations;
  /** With the committed overlays. */
  built: BuildResult;
  /** Every operation enabled, every optional non-header input allowlisted: what any overlay can reach. */
  everything: BuildResult;
  /** The same plus output fields and self-compensations with pre-images (exerciseEveryOperation). */
  exercised: BuildResult;
}

/** Loads the spec once (seconds) and compiles it both ways (no reload: the document is not changed by a build). */
export async function useWholeSpec(name: keyof typeof WHOLE_SPECS): Promise<WholeSpecRun> {
  const { spec: path, overlays } = WHOLE_SPECS[name];
  const spec = await loadSpec(path);
  const extracted = extractOperations(spec.document, spec.invalidKeys);
  const built = compileRegistry(spec, extracted, await loadOverlays(overlays));
  const everything = compileRegistry(spec, extracted, enableEveryOperation(extracted.operations));
  const exercised = compileRegistry(spec, extracted, exerciseEveryOperation(extracted.operations));
  return { spec, extracted, built, everything, exercised };
}

/** Every operation of the spec is either an action or a skip, exactly once. */
export function expectEveryOperationAccountedFor(result: BuildResult, operations: number): void {
  const ids = [
    ...result.registry.actions.map((a) => a.action_id),
    ...result.transform.skipped.map((s) => s.operation_id),
  ];
  expect(ids).toHaveLength(operations);
  expect(new Set(ids).size).toBe(operations);
}

/** Every model-visible declaration of the build is inside the Gemini subset (DESIGN-NOTES). */
export function expectGeminiSafe(result: BuildResult): void {
  for (const action of new ActionRegistry(result.registry.actions).modelVisible()) {
    expect(geminiProblems(toFunctionDeclaration(action).parameters), action.action_id).toEqual([]);
  }
}

/** Skips by kind, to compare with the figures in docs/registry.md. */
export function skipsByKind(result: BuildResult): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const s of result.transform.skipped) kinds[s.kind] = (kinds[s.kind] ?? 0) + 1;
  return kinds;
}
