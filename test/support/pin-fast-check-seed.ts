import fc from 'fast-check';

// Mutation testing only (vitest.mutation.config.ts): @fast-check/vitest names each property test after its seed,
// and StrykerJS re-runs a mutant's covering tests by name, so the seed must be the same in every run.
// fast-check itself, not @fast-check/vitest (same global configuration: the latter re-exports the former): Vitest
// re-evaluates @fast-check/vitest on every run (it imports vitest, so it is inlined), which cost 5–10 s per mutant
// on a loaded 2-core machine and turned most mutants of lib/plans into false timeouts.
fc.configureGlobal({ seed: 20_261_123 });
