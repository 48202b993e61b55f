import type { PathSegment } from '../../contracts/template-grammar.ts';
import { snakeCase } from '../naming.ts';
import { isRecord, type JsonRecord, recordAt } from './openapi-shapes.ts';
import { normaliseSchema } from './schema-mapping.ts';

/**
 * Whether a path exists in a schema: `ok`, `unchecked` (the schema leaves that part open: free-form object, no
 * schema), or the first segment that the schema does not have.
 */
export type PathCheck = { ok: true; checked: boolean } | { ok: false; missing: string };

/** How paths address lists: templates step into an item with an index; overlay lists pass through lists. */
export interface FollowOptions {
  listsTransparent: boolean;
}

const UNCHECKED: PathCheck = { ok: true, checked: false };

function variants(schema: JsonRecord): JsonRecord[] {
  const union = [
    ...(Array.isArray(schema.oneOf) ? schema.oneOf : []),
    ...(Array.isArray(schema.anyOf) ? schema.anyOf : []),
  ];
  return union.filter(isRecord);
}

function isIndex(segment: PathSegment): boolean {
  return typeof segment === 'number' || /^\d+$/.test(segment);
}

/**
 * Follows `segments` through a dereferenced schema, matching object keys by their snake_case form (the service
 * snake-cases every response key). Walks only as deep as the path, so a self-referencing schema is fine.
 */
export function followPath(
  raw: unknown,
  segments: readonly PathSegment[],
  options: FollowOptions,
): PathCheck {
  let current: unknown = raw;
  let listHops = 0;
  for (let i = 0; i < segments.length; i += 1) {
    const segment = segments[i] as PathSegment;
    if (!isRecord(current)) return UNCHECKED;
    const normalised = normaliseSchema(current);
    if (!normalised.ok) {
      // A union: the path is fine if any variant has it.
      const results = variants(current).map((v) => followPath(v, segments.slice(i), options));
      if (results.some((r) => r.ok)) return results.find((r) => r.ok && r.checked) ?? UNCHECKED;
      return results[0] ?? UNCHECKED;
    }
    const schema = normalised.schema;
    if (isRecord(schema.items) && (schema.type === 'array' || schema.type === undefined)) {
      if (options.listsTransparent) {
        // A list of lists of itself would never end: a few list levels are plenty.
        if (++listHops > 8) return UNCHECKED;
        current = schema.items;
        i -= 1;
        continue;
      }
      if (!isIndex(segment)) return { ok: false, missing: String(segment) };
      current = schema.items;
      continue;
    }
    const properties = recordAt(schema, 'properties');
    if (properties === undefined) return UNCHECKED;
    const key = Object.keys(properties).find(
      (k) => snakeCase(k) === String(segment) || k === String(segment),
    );
    if (key === undefined) {
      return isRecord(schema.additionalProperties) || schema.additionalProperties === true
        ? UNCHECKED
        : { ok: false, missing: String(segment) };
    }
    current = properties[key];
  }
  return { ok: true, checked: true };
}
