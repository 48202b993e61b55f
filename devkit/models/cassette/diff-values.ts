/** Whitespace in prose never matters: runs collapse to one space before strings are compared. */
export const collapse = (text: string) => text.replace(/\s+/g, ' ').trim();

const show = (value: unknown) => {
  const text = typeof value === 'string' ? JSON.stringify(collapse(value)) : JSON.stringify(value);
  return text === undefined ? 'nothing' : text.length > 120 ? `${text.slice(0, 117)}…` : text;
};

/**
 * Every difference between two JSON values as `path: recorded → now` lines (strings compared without regard to
 * whitespace). Object keys in any order; arrays item by item.
 */
export function diffValues(recorded: unknown, actual: unknown, path: string): string[] {
  if (typeof recorded === 'string' && typeof actual === 'string') {
    return collapse(recorded) === collapse(actual) ? [] : [`${path}: ${show(recorded)} → ${show(actual)}`];
  }
  if (Array.isArray(recorded) && Array.isArray(actual)) {
    const lines =
      recorded.length === actual.length ? [] : [`${path}: ${recorded.length} items → ${actual.length} items`];
    const common = Math.min(recorded.length, actual.length);
    for (let i = 0; i < common; i += 1) lines.push(...diffValues(recorded[i], actual[i], `${path}[${i}]`));
    for (let i = common; i < recorded.length; i += 1)
      lines.push(`${path}[${i}]: ${show(recorded[i])} → nothing`);
    for (let i = common; i < actual.length; i += 1) lines.push(`${path}[${i}]: nothing → ${show(actual[i])}`);
    return lines;
  }
  if (isRecord(recorded) && isRecord(actual)) {
    const keys = [...new Set([...Object.keys(recorded), ...Object.keys(actual)])].sort();
    return keys.flatMap((k) => diffValues(recorded[k], actual[k], `${path}.${k}`));
  }
  return JSON.stringify(recorded) === JSON.stringify(actual)
    ? []
    : [`${path}: ${show(recorded)} → ${show(actual)}`];
}

/** The changed lines of two texts (`- recorded`, `+ now`), from their longest common subsequence of lines. */
export function lineDiff(recorded: string, actual: string): string[] {
  const a = recorded.split('\n').map(collapse).filter(Boolean);
  const b = actual.split('\n').map(collapse).filter(Boolean);
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      const row = lcs[i] as number[];
      row[j] =
        a[i] === b[j] ? (lcs[i + 1]?.[j + 1] ?? 0) + 1 : Math.max(lcs[i + 1]?.[j] ?? 0, row[j + 1] ?? 0);
    }
  }
  const out: string[] = [];
  let [i, j] = [0, 0];
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      [i, j] = [i + 1, j + 1];
    } else if (j < b.length && (i === a.length || (lcs[i]?.[j + 1] ?? 0) >= (lcs[i + 1]?.[j] ?? 0))) {
      out.push(`+ ${b[j]}`);
      j += 1;
    } else {
      out.push(`- ${a[i]}`);
      i += 1;
    }
  }
  return out;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
