import { fileURLToPath } from 'node:url';
import SwaggerParser from '@apidevtools/swagger-parser';
import * as z from 'zod';

/** The booking API the sandbox serves. */
export const defaultSpecPath = fileURLToPath(new URL('../../openapi/booking-api.yaml', import.meta.url));

const JsonSchema = z.record(z.string(), z.unknown());
const MediaTypes = z.record(z.string(), z.object({ schema: JsonSchema.optional() }));
const Parameter = z.object({
  name: z.string(),
  in: z.enum(['path', 'query', 'header', 'cookie']),
  required: z.boolean().optional(),
  schema: JsonSchema.optional(),
});
const Operation = z.object({
  operationId: z.string().min(1),
  parameters: z.array(Parameter).optional(),
  requestBody: z.object({ required: z.boolean().optional(), content: MediaTypes }).optional(),
  responses: z.record(z.string(), z.object({ content: MediaTypes.optional() })),
});
const METHODS = { get: 'GET', post: 'POST', put: 'PUT', patch: 'PATCH', delete: 'DELETE' } as const;
const PathItem = z.object({
  parameters: z.array(Parameter).optional(),
  get: Operation.optional(),
  post: Operation.optional(),
  put: Operation.optional(),
  patch: Operation.optional(),
  delete: Operation.optional(),
});
const Document = z.object({ paths: z.record(z.string(), PathItem) });

export type SpecParameter = z.infer<typeof Parameter>;
export type JsonSchemaObject = z.infer<typeof JsonSchema>;

/** One operation of the spec, flattened: path-level parameters merged in, $refs already resolved. */
export interface SpecOperation {
  operationId: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  pathTemplate: string;
  parameters: SpecParameter[];
  requestBody?: { required: boolean; schema: JsonSchemaObject };
  /** By status code ("200", "409"): content type and schema of the response body. */
  responses: Record<string, { contentType?: string; schema?: JsonSchemaObject }>;
}

const cache = new Map<string, Promise<SpecOperation[]>>();

/**
 * Dereferences (swagger-parser) and flattens the spec, once per path per process: every sandbox and every
 * contract test shares the parse.
 */
export function loadSpecOperations(specPath: string = defaultSpecPath): Promise<SpecOperation[]> {
  let loaded = cache.get(specPath);
  if (!loaded) {
    loaded = SwaggerParser.dereference(specPath).then(flattenOperations);
    loaded.catch(() => cache.delete(specPath));
    cache.set(specPath, loaded);
  }
  return loaded;
}

function flattenOperations(api: unknown): SpecOperation[] {
  const doc = Document.parse(api);
  const operations: SpecOperation[] = [];
  for (const [pathTemplate, item] of Object.entries(doc.paths)) {
    for (const method of ['get', 'post', 'put', 'patch', 'delete'] as const) {
      const op = item[method];
      const verb = METHODS[method];
      if (!op) continue;
      const own = op.parameters ?? [];
      const inherited = (item.parameters ?? []).filter(
        (p) => !own.some((o) => o.name === p.name && o.in === p.in),
      );
      const body = op.requestBody?.content['application/json']?.schema;
      operations.push({
        operationId: op.operationId,
        method: verb,
        pathTemplate,
        parameters: [...inherited, ...own],
        ...(body ? { requestBody: { required: op.requestBody?.required ?? false, schema: body } } : {}),
        responses: Object.fromEntries(
          Object.entries(op.responses).map(([status, r]) => {
            const [contentType, media] = Object.entries(r.content ?? {})[0] ?? [];
            return [
              status,
              { ...(contentType ? { contentType } : {}), ...(media?.schema ? { schema: media.schema } : {}) },
            ];
          }),
        ),
      });
    }
  }
  return operations;
}
