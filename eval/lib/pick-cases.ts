import { UsageError } from './cli-args.ts';

/**
 * The cases `--case` names: each text picks the case with exactly that id, or else every case whose id contains
 * it (so `--case reschedule-01` is one case even when `reschedule-010` exists). A text that picks nothing is an
 * error naming it, not a silently smaller run.
 */
export function pickCases<C extends { id: string }>(
  cases: readonly C[],
  texts: readonly string[] | undefined,
): C[] {
  if (!texts || texts.length === 0) return [...cases];
  const picked = new Set<string>();
  for (const text of texts) {
    const exact = cases.filter((c) => c.id === text);
    const matches = exact.length > 0 ? exact : cases.filter((c) => c.id.includes(text));
    if (matches.length === 0) throw new UsageError(`no case id contains '${text}'`);
    for (const c of matches) picked.add(c.id);
  }
  return cases.filter((c) => picked.has(c.id));
}
