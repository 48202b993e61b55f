/** Small statistics helpers shared by the benches. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** One row of the bench table: a figure, its goal, and whether it met it. */
export interface BenchRow {
  group: string;
  metric: string;
  value: number;
  unit: string;
  goal?: string;
  ok?: boolean;
  /** Ratio to a baseline measured in the same run, when one exists. */
  ratio?: string;
}
