import { readFile } from 'node:fs/promises';
import { basename, dirname, relative, resolve } from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import { SpecLoadError } from '../registry-errors.ts';
import { openapiSchemaErrors } from './openapi-schema-validator.ts';
import { HTTP_METHODS, isRecord, recordAt, resolveLocalRef, stringAt } from './openapi-shapes.ts';
import { checkSpecFile } from './preflight-spec.ts';
import { operationKey } from './spec-operations.ts';
import type { SkippedOperation } from './transform-types.ts';

/** A dereferenced spec, the operations that violate the OpenAPI schema, and the source texts for hashing. */
export interface LoadedSpec {
  /**
   * The dereferenced document ($refs across files resolved). A self-referencing schema becomes a cycle of
   * objects: every reader walks it with a depth bound.
   */
  document: unknown;
  /** Operations that violate the OpenAPI schema: reported and left out (kind `invalid_operation`). */
  invalid: SkippedOperation[];
  /** Keys (`METHOD /path`) of the invalid operations, for extractOperations. */
  invalidKeys: Set<string>;
  /** Schema violations outside any operation (unused components, info…): reported, not fatal. */
  warnings: string[];
  /** Every file of the spec, relative to the main one → text (CRLF normalised), for source_hash. */
  files: Record<string, string>;
}

/** One problem located in the document: JSON path segments plus a message. */
interface SpecIssue {
  segments: string[];
  text: string;
  /** A local $ref whose target is missing: outside an operation it is neutralised and reported once, later. */
  localPointer?: boolean;
}

/** `/paths/~1bookings~1{id}/get/...` → ['paths', '/bookings/{id}', 'get', ...]. */
function pointerSegments(pointer: string): string[] {
  return pointer
    .split('/')
    .slice(1)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Unresolvable $refs (json-schema-ref-parser's error group under `continueOnError`). */
function refIssues(error: unknown, baseDir: string): SpecIssue[] | undefined {
  if (!(error instanceof Error) || !('errors' in error) || !Array.isArray(error.errors)) return undefined;
  return error.errors
    .filter(
      (e): e is { path: unknown[]; message: string; targetRef?: unknown } =>
        isRecord(e) && Array.isArray(e.path),
    )
    .map((e) => ({
      segments: e.path.map(String),
      // Paths relative to the spec, so the artefact is the same on every machine.
      text: `unresolvable $ref: ${String(e.message).split(`${baseDir}/`).join('')}`,
      ...(isRecord(e) && typeof e.targetRef === 'string' && e.targetRef.startsWith('#/')
        ? { localPointer: true }
        : {}),
    }));
}

/** The operations (method, path) an issue belongs to: one, every one of a path item, or none. */
function issueOperations(document: unknown, segments: string[]): [string, string][] {
  if (segments[0] !== 'paths' || segments[1] === undefined) return [];
  const path = segments[1];
  const pathItem = recordAt(recordAt(document, 'paths'), path);
  const method = segments[2];
  if (method !== undefined && (HTTP_METHODS as readonly string[]).includes(method)) return [[method, path]];
  // A path-level problem (shared parameters, a broken path-item $ref…) taints every operation of the path.
  const methods = HTTP_METHODS.filter((m) => isRecord(pathItem?.[m]));
  return methods.length > 0 ? methods.map((m) => [m, path]) : [['*', path]];
}

type Attribution = Pick<LoadedSpec, 'invalid' | 'invalidKeys' | 'warnings'>;

/**
 * Splits whole-spec errors by operation (seed 000: "invalid actions logged and skipped; valid actions still
 * registered"), so one bad operation does not cost the others. Issues outside any operation become warnings.
 */
function attribute(document: unknown, issues: SpecIssue[], into: Attribution): void {
  const reasons = new Map<string, { id: string; messages: string[] }>();
  // An operation reported already (an unresolvable $ref) keeps that first reason.
  const already = new Set(into.invalidKeys);
  for (const issue of issues) {
    const operations = issueOperations(document, issue.segments).filter(
      ([method, path]) => !already.has(method === '*' ? path : operationKey(method, path)),
    );
    if (operations.length === 0 && !issue.localPointer) into.warnings.push(issue.text);
    for (const [method, path] of operations) {
      const key = method === '*' ? path : operationKey(method, path);
      // A bundled operation may be a local $ref to its first occurrence: its operationId is there.
      const op = resolveLocalRef(document, recordAt(recordAt(recordAt(document, 'paths'), path), method));
      const entry = reasons.get(key) ?? { id: stringAt(op, 'operationId') ?? key, messages: [] };
      if (!entry.messages.includes(issue.text)) entry.messages.push(issue.text);
      reasons.set(key, entry);
    }
  }
  for (const [key, { id, messages }] of reasons) {
    const prefix = messages[0]?.startsWith('unresolvable') ? '' : 'violates the OpenAPI schema: ';
    into.invalid.push({
      operation_id: id,
      kind: 'invalid_operation',
      reason: `${prefix}${messages.slice(0, 3).join('; ')}`,
    });
    into.invalidKeys.add(key);
  }
}

/** Removes invalid operations (keys `METHOD /path`) and broken path items (keys `/path`). */
function prune(document: unknown, keys: ReadonlySet<string>): void {
  const paths = recordAt(document, 'paths');
  if (paths === undefined) return;
  for (const key of keys) {
    if (key.startsWith('/')) {
      delete paths[key];
      continue;
    }
    const space = key.indexOf(' ');
    const path = key.slice(space + 1);
    const method = key.slice(0, space).toLowerCase();
    const pathItem = paths[path];
    // A copy, not a delete: once dereferenced, one path item object may stand at several paths.
    if (isRecord(pathItem))
      paths[path] = Object.fromEntries(Object.entries(pathItem).filter(([m]) => m !== method));
  }
}

function fail(specPath: string, error: unknown): never {
  const message = error instanceof Error ? error.message : String(error);
  throw new SpecLoadError(`cannot load OpenAPI spec ${specPath}: ${message}`, { cause: error });
}

async function sourceFiles(parser: SwaggerParser, specPath: string): Promise<Record<string, string>> {
  const base = dirname(resolve(specPath));
  const files: Record<string, string> = {};
  for (const file of parser.$refs.paths('file').sort()) {
    const text = await readFile(file, 'utf8');
    files[relative(base, file).split('\\').join('/')] = text.replace(/\r\n/g, '\n');
  }
  return files;
}

/**
 * Loads an OpenAPI 3.x spec with @apidevtools/swagger-parser: checks the file first (missing, unreadable,
 * Swagger 2.0 → SpecLoadError with a clear message), bundles every file into one document, validates it and
 * dereferences it. Validation runs on the bundle, where a self-referencing schema stays a local $ref (swagger-
 * parser validates before it expands cycles), so it is not mistaken for an OpenAPI violation and no operation
 * loses its operationId. Operations at fault (schema violations or unresolvable $refs) are reported and the
 * rest is still used.
 *
 * Per-operation isolation (issue 29): nothing is removed from the document before it is dereferenced. A bundle
 * keeps a shared schema once, at its first use, often inside an operation, and every other use is a local
 * $ref into that operation; removing the operation there would leave the others dangling. Invalid operations
 * are instead left out when the operations are read (`invalidKeys`), after every $ref has been resolved, so
 * an operation compiles the same whatever else in the spec is invalid.
 */
export async function loadSpec(specPath: string): Promise<LoadedSpec> {
  const checked = await checkSpecFile(specPath);
  const parser = new SwaggerParser();
  const result: Attribution = { invalid: [], invalidKeys: new Set(), warnings: [] };
  let bundled: unknown;
  let files: Record<string, string>;
  if (checked.json && !hasExternalRef(checked.document)) {
    // Already one file with local refs only: bundling would change nothing and takes seconds on a 1,000-
    // operation spec (GitHub's: 5 s of an 8 s load). Its $refs are checked by neutraliseDanglingRefs below.
    bundled = checked.document;
    files = { [basename(specPath)]: checked.text.replace(/\r\n/g, '\n') };
  } else {
    try {
      bundled = await parser.bundle(specPath, { continueOnError: true });
    } catch (error) {
      const refs = refIssues(error, dirname(resolve(specPath)));
      if (!isRecord(parser.api) || refs === undefined) fail(specPath, error);
      bundled = parser.api;
      attribute(bundled, refs, result);
    }
    files = await sourceFiles(parser, specPath);
  }
  const dangling = neutraliseDanglingRefs(bundled);
  validateBundle(bundled, result);
  // Refs inside a reported operation are part of its reason already; the others are worth a warning.
  for (const ref of danglingOutside(dangling, result.invalidKeys)) {
    result.warnings.push(`unresolvable $ref ${ref}: treated as an unknown schema`);
  }
  let document: unknown;
  try {
    document = await new SwaggerParser().dereference(bundled as Parameters<SwaggerParser['dereference']>[0], {
      resolve: { external: false },
      dereference: { circular: true },
    });
  } catch (error) {
    fail(specPath, error);
  }
  // Safe only now: every $ref is resolved, so removing an operation can't leave another one dangling.
  prune(document, result.invalidKeys);
  return { document, ...result, files };
}

/** True when some $ref points outside the document (another file or a URL). */
function hasExternalRef(node: unknown): boolean {
  if (Array.isArray(node)) return node.some(hasExternalRef);
  if (!isRecord(node)) return false;
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#')) return true;
  return Object.values(node).some((v) => typeof v === 'object' && v !== null && hasExternalRef(v));
}

/** A $ref that no longer resolves, and the operation key (`METHOD /path`) or path (`/path`) it sits in. */
interface DanglingRef {
  ref: string;
  owner?: string;
}

/** The distinct dangling refs that sit outside every reported operation, sorted. */
function danglingOutside(dangling: readonly DanglingRef[], invalidKeys: ReadonlySet<string>): string[] {
  const refs = dangling
    .filter((d) => d.owner === undefined || !invalidKeys.has(d.owner))
    .filter((d) => d.owner === undefined || !invalidKeys.has(d.owner.slice(d.owner.indexOf(' ') + 1)))
    .map((d) => d.ref);
  return [...new Set(refs)].sort();
}

/** `['paths', '/x', 'get', …]` → `GET /x`; `['paths', '/x', 'parameters', …]` → `/x`; else undefined. */
function ownerOf(segments: readonly string[]): string | undefined {
  const [root, path, method] = segments;
  if (root !== 'paths' || path === undefined) return undefined;
  return method !== undefined && (HTTP_METHODS as readonly string[]).includes(method)
    ? operationKey(method, path)
    : path;
}

/**
 * $refs that can't be resolved inside the bundle: local ones whose target does not exist (Square's own spec
 * has some) and external ones that bundling could not read. Each becomes `{'x-unresolvable-ref': ref}`, an
 * unknown schema, so validation and dereferencing can go on and the inputs that depend on it are reported one
 * by one. Returns each with the operation it sits in.
 */
function neutraliseDanglingRefs(document: unknown): DanglingRef[] {
  const dangling: DanglingRef[] = [];
  // `owner` is worked out once per path item and operation, not per node: a whole spec has millions of nodes.
  const check = (node: Record<string, unknown>, owner: string | undefined): void => {
    const ref = node.$ref;
    if (typeof ref === 'string' && (!ref.startsWith('#') || resolveLocalRef(document, node) === node)) {
      dangling.push(owner === undefined ? { ref } : { ref, owner });
      delete node.$ref;
      node['x-unresolvable-ref'] = ref;
    }
  };
  const visit = (node: unknown, owner: string | undefined): void => {
    if (Array.isArray(node)) {
      for (const item of node) visit(item, owner);
      return;
    }
    if (!isRecord(node)) return;
    check(node, owner);
    for (const value of Object.values(node)) {
      if (typeof value === 'object' && value !== null) visit(value, owner);
    }
  };
  if (!isRecord(document)) return dangling;
  for (const [key, value] of Object.entries(document)) {
    if (key !== 'paths' || !isRecord(value)) {
      visit(value, undefined);
      continue;
    }
    for (const [path, pathItem] of Object.entries(value)) {
      if (!isRecord(pathItem)) continue;
      check(pathItem, path);
      for (const [field, child] of Object.entries(pathItem)) {
        const method = (HTTP_METHODS as readonly string[]).includes(field);
        visit(child, ownerOf(['paths', path, ...(method ? [field] : [])]));
      }
    }
  }
  return dangling;
}

/**
 * OpenAPI schema validation of the bundled document as it is: $refs are valid Reference Objects, so nothing
 * is dereferenced for it and the document is not touched.
 */
function validateBundle(bundled: unknown, result: Attribution): void {
  const version = stringAt(bundled, 'openapi') ?? '3.0';
  const errors = openapiSchemaErrors({ ...(bundled as object), openapi: version });
  const issues: SpecIssue[] = errors.map((e) => ({
    segments: pointerSegments(e.instancePath),
    text: `#${e.instancePath} ${e.message ?? 'is invalid'}`,
  }));
  attribute(bundled, issues, result);
}
