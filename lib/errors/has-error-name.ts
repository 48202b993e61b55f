/**
 * The one test of an error's kind: by its stable `name` (every error family here sets one), which survives
 * bundling, minification and duplicate copies of a package, where `instanceof` does not (STYLE anti-patterns).
 */
export function hasErrorName(error: unknown, ...names: readonly string[]): error is Error {
  return error instanceof Error && names.includes(error.name);
}
