import type { CompiledRegistry } from '../compiled-action.ts';
import { type LoadedOverlays, loadOverlays } from './load-overlays.ts';
import { type LoadedSpec, loadSpec } from './load-spec.ts';
import { sourceHash } from './source-hash.ts';
import { type ExtractedOperations, extractOperations } from './spec-operations.ts';
import { type TransformResult, transform } from './transform.ts';

/** Build output: the artefact plus what the CLI reports (hidden inputs, notes, spec-level warnings). */
export interface BuildResult {
  registry: CompiledRegistry;
  transform: TransformResult;
  /** Schema problems not attributable to one operation. */
  warnings: string[];
}

/** Skips that are a choice (no overlay, iq_enabled: false), not a problem: --strict lets them pass. */
const CHOSEN: ReadonlySet<string> = new Set(['no_overlay', 'not_enabled']);

/**
 * What `registry:build --strict` refuses (our own CI, over overlays/): every skipped operation that is not a
 * choice (an invalid overlay or operation, a required input that can't be exposed) and every spec warning.
 */
export function strictProblems(result: BuildResult): string[] {
  return [
    ...result.transform.skipped
      .filter((s) => !CHOSEN.has(s.kind))
      .map((s) => `${s.source ?? s.operation_id}: ${s.kind}: ${s.reason}`),
    ...result.warnings.map((w) => `spec: ${w}`),
  ];
}

/** The marker every generated artefact carries (STYLE 10: generated artefacts are marked). */
export const GENERATED_MARKER = 'by npm run registry:build; do not edit' as const;

/**
 * Spec + overlay directory → compiled registry, with the full report. Build time only: this module pulls in
 * swagger-parser and yaml, which the Lambdas never load (they use loadCompiledRegistry).
 */
export async function buildWithReport(specPath: string, overlaysDir: string): Promise<BuildResult> {
  const spec = await loadSpec(specPath);
  const overlays = await loadOverlays(overlaysDir);
  return compileRegistry(spec, extractOperations(spec.document, spec.invalidKeys), overlays);
}

/** A loaded spec, its operations and a set of overlays → compiled registry (the sweep passes its own overlays). */
export function compileRegistry(
  spec: LoadedSpec,
  extracted: ExtractedOperations,
  overlays: LoadedOverlays,
): BuildResult {
  const result = transform(extracted.operations, overlays.overlays, [
    ...spec.invalid,
    ...extracted.skipped,
    ...overlays.invalid,
  ]);
  const registry: CompiledRegistry = {
    generated: GENERATED_MARKER,
    source_hash: sourceHash(spec.files, overlays.texts),
    actions: result.actions,
    skipped: result.skipped.map((s) => ({
      operation_id: s.operation_id,
      reason: `${s.kind}: ${s.reason}${s.source === undefined ? '' : ` (${s.source})`}`,
    })),
  };
  return { registry, transform: result, warnings: spec.warnings };
}

/** Spec + overlay directory → the CompiledRegistry artefact (issue 2, build-time compilation). */
export async function build(specPath: string, overlaysDir: string): Promise<CompiledRegistry> {
  return (await buildWithReport(specPath, overlaysDir)).registry;
}
