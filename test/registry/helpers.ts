import { ActionMetadataOverlay } from '../../lib/contracts/overlay.ts';
import type { LoadedOverlay } from '../../lib/registry/compile/load-overlays.ts';
import { extractOperations } from '../../lib/registry/compile/spec-operations.ts';
import { type TransformResult, transform } from '../../lib/registry/compile/transform.ts';

type Json = Record<string, unknown>;

/** A minimal dereferenced OpenAPI 3.0 document around the given paths. */
export function specDoc(paths: Json): Json {
  return { openapi: '3.0.3', info: { title: 't', version: '1' }, paths };
}

/** One operation on a path: `op('post', '/things/{thingId}', {...})`. */
export function op(method: string, path: string, operation: Json, pathParameters?: unknown[]): Json {
  return { [path]: { ...(pathParameters ? { parameters: pathParameters } : {}), [method]: operation } };
}

/** A path parameter the way our booking API declares ids. */
export const thingIdParam = { name: 'thingId', in: 'path', required: true, schema: { type: 'string' } };

/** A JSON request body with the given properties. */
export function jsonBody(properties: Json, required: string[] = [], bodyRequired = true): Json {
  return {
    required: bodyRequired,
    content: { 'application/json': { schema: { type: 'object', required, properties } } },
  };
}

/** A 200 JSON response whose object has the given fields. */
export function okResponse(properties: Json = { thingId: { type: 'string' } }): Json {
  return {
    '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties } } } },
  };
}

/** A zod-valid overlay (defaults: enabled, normal, irreversible). */
export function overlay(fields: Partial<ActionMetadataOverlay> & { operation_id: string }): LoadedOverlay {
  return {
    overlay: ActionMetadataOverlay.parse({
      iq_enabled: true,
      safety_tier: 'normal',
      reversible: false,
      ...fields,
    }),
    source: `${fields.operation_id}.yaml`,
  };
}

/** extractOperations + transform over an in-memory document. */
export function transformDoc(doc: Json, overlays: LoadedOverlay[]): TransformResult {
  const extracted = extractOperations(doc);
  return transform(extracted.operations, overlays, extracted.skipped);
}
