import { ActionRegistry } from './action-registry.ts';
import { CompiledRegistry } from './compiled-action.ts';
import generated from './compiled-registry.generated.json' with { type: 'json' };
import { CompiledRegistryError } from './registry-errors.ts';

/**
 * Validates a compiled artefact (STYLE 2: zod at every boundary) and wraps it in an ActionRegistry.
 * Throws CompiledRegistryError naming the first bad fields when the artefact is stale or hand-edited.
 */
export function registryFromArtefact(artefact: unknown): ActionRegistry {
  const parsed = CompiledRegistry.safeParse(artefact);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((i) => `${i.path.join('.')}: ${i.message}`)
      .join('; ');
    throw new CompiledRegistryError(`invalid compiled registry (run npm run registry:build): ${problems}`, {
      cause: parsed.error,
    });
  }
  return new ActionRegistry(parsed.data.actions);
}

let cached: ActionRegistry | undefined;

/**
 * The registry compiled by `npm run registry:build`, bundled as JSON by esbuild: no YAML or OpenAPI parsing at
 * run time (issue 2, build-time compilation). Parsed once per cold start.
 */
export function loadCompiledRegistry(): ActionRegistry {
  cached ??= registryFromArtefact(generated);
  return cached;
}
