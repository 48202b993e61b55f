/**
 * A batch of specs of the registry sweep (bench/registry-sweep.ts), in a process of its own: for each spec,
 * load it, enable every operation with a synthetic overlay, compile, and print one JSON line. A spec the loader
 * rejects is attributed to the spec with the loader's reason; any other exception is a crash, and the operations
 * that cause it are found by compiling them one at a time. A skip whose reason is a compiler fault (the build
 * contained an exception to its operation) is a crash too. Peak memory is the largest heap sampled while the
 * spec was handled, after a full GC before it (run with --expose-gc), so specs of one batch don't add up.
 *
 *   node --expose-gc bench/registry-sweep-one.ts <none|all> <spec>...
 */

import { enableEveryOperation, type SyntheticAllowlist } from '../devkit/registry/synthetic-overlays.ts';
import { compileRegistry } from '../lib/registry/compile/build-registry.ts';
import { loadSpec } from '../lib/registry/compile/load-spec.ts';
import { extractOperations, type SpecOperation } from '../lib/registry/compile/spec-operations.ts';
import { COMPILER_FAULT, transform } from '../lib/registry/compile/transform.ts';
import { RegistryError } from '../lib/registry/registry-errors.ts';

/** What the parent reads: one line of JSON per spec. */
export interface SweepRow {
  spec: string;
  /** `loaded`, `rejected` (the loader named a reason: attributed to the spec), or `crashed`. */
  outcome: 'loaded' | 'rejected' | 'crashed';
  reason?: string;
  operations: number;
  registered: number;
  skipped: Record<string, number>;
  /** Operations whose compilation threw, with the message: each is a crash. */
  crashes: { operation_id: string; message: string }[];
  load_ms: number;
  compile_ms: number;
  /** Largest heap sampled while this spec was handled, after a full GC before it. */
  peak_heap_mb: number;
}

const message = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).split('\n')[0] ?? '';

/** Compiles each operation alone, to name the ones that throw. */
function crashingOperations(operations: readonly SpecOperation[], allowlist: SyntheticAllowlist) {
  const crashes: SweepRow['crashes'] = [];
  for (const operation of operations) {
    try {
      transform([operation], enableEveryOperation([operation], allowlist).overlays);
    } catch (error) {
      crashes.push({ operation_id: operation.operation_id, message: message(error) });
    }
  }
  return crashes;
}

async function sweepOne(spec: string, allowlist: SyntheticAllowlist): Promise<SweepRow> {
  const row: SweepRow = {
    spec,
    outcome: 'loaded',
    operations: 0,
    registered: 0,
    skipped: {},
    crashes: [],
    load_ms: 0,
    compile_ms: 0,
    peak_heap_mb: 0,
  };
  const started = performance.now();
  let loaded: Awaited<ReturnType<typeof loadSpec>>;
  try {
    loaded = await loadSpec(spec);
  } catch (error) {
    row.outcome = error instanceof RegistryError ? 'rejected' : 'crashed';
    row.reason = message(error);
    return row;
  } finally {
    row.load_ms = Math.round(performance.now() - started);
  }
  const compileStart = performance.now();
  const extracted = extractOperations(loaded.document, loaded.invalidKeys);
  row.operations = extracted.operations.length + extracted.skipped.length + loaded.invalid.length;
  try {
    const result = compileRegistry(loaded, extracted, enableEveryOperation(extracted.operations, allowlist));
    row.registered = result.registry.actions.length;
    for (const s of result.transform.skipped) {
      row.skipped[s.kind] = (row.skipped[s.kind] ?? 0) + 1;
      // Contained to its operation, but a fault of ours all the same.
      if (s.reason.startsWith(COMPILER_FAULT))
        row.crashes.push({ operation_id: s.operation_id, message: s.reason });
    }
  } catch (error) {
    row.outcome = 'crashed';
    row.reason = message(error);
    row.crashes = crashingOperations(extracted.operations, allowlist);
  }
  row.compile_ms = Math.round(performance.now() - compileStart);
  return row;
}

/** Samples the heap while `work` runs; returns its result and the peak in MB. */
async function withPeakHeap<T>(work: () => Promise<T>): Promise<[T, number]> {
  (globalThis as { gc?: () => void }).gc?.();
  let peak = process.memoryUsage().heapUsed;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 10);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return [result, Math.round(peak / 2 ** 20)];
  } finally {
    clearInterval(sampler);
  }
}

const [mode, ...specs] = process.argv.slice(2);
if (specs.length === 0 || (mode !== 'all' && mode !== 'none')) {
  process.stderr.write('usage: node --expose-gc bench/registry-sweep-one.ts <none|all> <spec>...\n');
  process.exitCode = 2;
} else {
  for (const spec of specs) {
    const [row, peak] = await withPeakHeap(() => sweepOne(spec, mode));
    row.peak_heap_mb = peak;
    process.stdout.write(`${JSON.stringify(row)}\n`);
  }
}
