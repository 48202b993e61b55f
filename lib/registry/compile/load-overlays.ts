import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse, YAMLParseError } from 'yaml';
import { ActionMetadataOverlay } from '../../contracts/overlay.ts';
import { OverlayLoadError } from '../registry-errors.ts';
import { isRecord } from './openapi-shapes.ts';
import type { SkippedOperation } from './transform-types.ts';

/** A zod-valid overlay and the file it came from. */
export interface LoadedOverlay {
  overlay: ActionMetadataOverlay;
  /** File name inside the overlay directory. */
  source: string;
}

/** Overlays that parsed, overlays that did not (kind `invalid_overlay`), and the raw texts for hashing. */
export interface LoadedOverlays {
  overlays: LoadedOverlay[];
  invalid: SkippedOperation[];
  /** File name → text (CRLF normalised), for the artefact's source_hash. */
  texts: Record<string, string>;
}

const OVERLAY_FILE = /\.ya?ml$/i;

function describeZodIssues(issues: readonly { path: PropertyKey[]; message: string }[]): string {
  return issues.map((i) => `${i.path.map(String).join('.') || '(root)'}: ${i.message}`).join('; ');
}

/**
 * Parses one overlay document with zod (STYLE 2). Returns the overlay or the reason it is invalid: bad YAML,
 * an unknown field, a missing field, `reversible: true` without a compensation, a limit exceeded…
 */
export function parseOverlay(text: string, source: string): LoadedOverlay | SkippedOperation {
  const invalid = (reason: string, operationId?: unknown): SkippedOperation => ({
    operation_id: typeof operationId === 'string' && operationId !== '' ? operationId : source,
    kind: 'invalid_overlay',
    reason,
    source,
  });
  let document: unknown;
  try {
    document = parse(text, { prettyErrors: true });
  } catch (error) {
    if (error instanceof YAMLParseError) return invalid(`invalid YAML: ${error.message.split('\n')[0]}`);
    throw error;
  }
  if (document === null || document === undefined) return invalid('empty overlay');
  const parsed = ActionMetadataOverlay.safeParse(document);
  if (!parsed.success) {
    return invalid(
      describeZodIssues(parsed.error.issues),
      isRecord(document) ? document.operation_id : undefined,
    );
  }
  return { overlay: parsed.data, source };
}

/** Two overlays for one operation are ambiguous: neither is used, both are reported. */
function rejectDuplicates(loaded: LoadedOverlay[], invalid: SkippedOperation[]): LoadedOverlay[] {
  const counts = new Map<string, string[]>();
  for (const { overlay, source } of loaded) {
    counts.set(overlay.operation_id, [...(counts.get(overlay.operation_id) ?? []), source]);
  }
  return loaded.filter(({ overlay, source }) => {
    const sources = counts.get(overlay.operation_id) ?? [];
    if (sources.length === 1) return true;
    const reason = `duplicate overlay for '${overlay.operation_id}' (${sources.join(', ')})`;
    invalid.push({ operation_id: overlay.operation_id, kind: 'invalid_overlay', reason, source });
    return false;
  });
}

/**
 * Reads every *.yaml / *.yml file of a directory (README.md and other files are ignored). An invalid overlay
 * is reported with its reason and skipped; the others still load (000: "invalid actions logged and skipped").
 * Throws OverlayLoadError only when the directory itself can't be read.
 */
export async function loadOverlays(dir: string): Promise<LoadedOverlays> {
  let names: string[];
  try {
    names = (await readdir(dir)).filter((n) => OVERLAY_FILE.test(n)).sort();
  } catch (error) {
    throw new OverlayLoadError(`cannot read overlay directory ${dir}`, { cause: error });
  }
  const loaded: LoadedOverlay[] = [];
  const invalid: SkippedOperation[] = [];
  const texts: Record<string, string> = {};
  for (const name of names) {
    const text = (await readFile(join(dir, name), 'utf8')).replace(/\r\n/g, '\n');
    texts[name] = text;
    const result = parseOverlay(text, name);
    if ('overlay' in result) loaded.push(result);
    else invalid.push(result);
  }
  return { overlays: rejectDuplicates(loaded, invalid), invalid, texts };
}
