import { fc } from '@fast-check/vitest';

// Mutation testing only (vitest.mutation.config.ts): @fast-check/vitest names each property test after its seed,
// and StrykerJS re-runs a mutant's covering tests by name, so the seed must be the same in every run.
fc.configureGlobal({ seed: 20_261_123 });
