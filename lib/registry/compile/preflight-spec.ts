import { readFile } from 'node:fs/promises';
import { parse } from 'yaml';
import { SpecLoadError } from '../registry-errors.ts';
import { isRecord } from './openapi-shapes.ts';

const FS_REASONS: Record<string, string> = {
  ENOENT: 'no such file',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a directory, not a file',
};

function fsReason(error: unknown): string {
  const code = isRecord(error) && typeof error.code === 'string' ? error.code : undefined;
  return (
    (code === undefined ? undefined : FS_REASONS[code]) ??
    (error instanceof Error ? error.message : 'unreadable')
  );
}

function parseDocument(text: string): { document: unknown; json: boolean } {
  // JSON first: a 3 MB JSON spec parses in milliseconds, through the YAML parser in seconds.
  if (text.trimStart().startsWith('{')) {
    try {
      return { document: JSON.parse(text), json: true };
    } catch {
      // Not strict JSON: YAML (a JSON superset) gets its turn and names the line.
    }
  }
  return { document: parse(text), json: false };
}

/** The main file as checkSpecFile read it. */
export interface CheckedSpec {
  /** The parsed document (a fresh object the caller may change). */
  document: Record<string, unknown>;
  /** The file's text. */
  text: string;
  /** Parsed as strict JSON, exactly as swagger-parser would read it. */
  json: boolean;
}

/**
 * Reads the main spec file before swagger-parser does, so a missing or unreadable file, an empty one, or a
 * Swagger 2.0 document fails with a message an operator can act on (swagger-parser would accept Swagger 2.0 and
 * every operation would then fail on its own). Swagger 2.0 is rejected rather than converted: converting
 * needs a converter dependency and changes what operators reviewed.
 */
export async function checkSpecFile(specPath: string): Promise<CheckedSpec> {
  const fail = (reason: string, cause?: unknown): never => {
    throw new SpecLoadError(`cannot load OpenAPI spec ${specPath}: ${reason}`, { cause });
  };
  let text = '';
  try {
    text = await readFile(specPath, 'utf8');
  } catch (error) {
    fail(fsReason(error), error);
  }
  let document: unknown;
  let json = false;
  try {
    ({ document, json } = parseDocument(text));
  } catch (error) {
    fail(
      `not valid YAML or JSON (${(error instanceof Error ? error.message : String(error)).split('\n')[0]})`,
      error,
    );
  }
  if (!isRecord(document)) return fail('the file is empty or is not a YAML/JSON mapping');
  if (document.swagger !== undefined) {
    fail(
      `it is a Swagger ${String(document.swagger)} document; only OpenAPI 3.0 and 3.1 are supported. ` +
        'Convert it first (for example: npx swagger2openapi spec.yaml -o openapi.yaml) and pass the result.',
    );
  }
  if (typeof document.openapi !== 'string' || !/^3\.[01]\.\d+/.test(document.openapi)) {
    fail(`it is not an OpenAPI 3.0/3.1 document (openapi: ${JSON.stringify(document.openapi ?? null)})`);
  }
  return { document, text, json };
}
