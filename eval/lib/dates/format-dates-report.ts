import type { FileScore } from './score-dates.ts';

function percent(part: number, total: number): string {
  return total === 0 ? '0.0%' : `${((100 * part) / total).toFixed(1)}%`;
}

function row(name: string, s: Pick<FileScore, 'total' | 'right' | 'asked' | 'wrong'>): string {
  return `${name.padEnd(22)} ${String(s.total).padStart(5)} ${`${s.right} (${percent(s.right, s.total)})`.padStart(14)} ${String(s.asked).padStart(6)} ${String(s.wrong).padStart(15)}`;
}

/**
 * `npm run eval -- --suite dates`: right / asked / silently wrong per corpus file and in total, then every silently
 * wrong phrase with what was expected and what came back. The last line is the total.
 */
export function formatDatesReport(files: readonly FileScore[]): string {
  const sum = (k: 'total' | 'right' | 'asked' | 'wrong') => files.reduce((n, f) => n + f[k], 0);
  const total = { total: sum('total'), right: sum('right'), asked: sum('asked'), wrong: sum('wrong') };
  const wrong = files.flatMap((f) =>
    f.cases.filter((c) => c.verdict === 'wrong').map((c) => ({ file: f.file, c })),
  );
  return [
    `${'file'.padEnd(22)} ${'cases'.padStart(5)} ${'right'.padStart(14)} ${'asked'.padStart(6)} ${'silently wrong'.padStart(15)}`,
    ...files.map((f) => row(f.file, f)),
    ...(wrong.length > 0
      ? [
          '',
          'silently wrong:',
          ...wrong.map(
            ({ file, c }) =>
              `  ${file} ${c.id} "${c.phrase}": expected ${JSON.stringify(c.expected)}, got ${JSON.stringify(c.got.kind === 'value' ? c.got.value : c.got)}`,
          ),
        ]
      : []),
    '',
    `${total.total} phrases: ${total.right} right (${percent(total.right, total.total)}), ${total.asked} asked, ${total.wrong} silently wrong`,
  ].join('\n');
}
