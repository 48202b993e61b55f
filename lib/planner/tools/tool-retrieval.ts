import type { CompiledAction } from '../../registry/compiled-action.ts';

/** Issue 5: retrieval starts above 15 model-visible actions, and never binds more than 15. */
export const MAX_BOUND_ACTIONS = 15;

export interface RetrievalInput {
  /** Model-visible actions (never blocked ones: the registry's modelVisible()). */
  visible: readonly CompiledAction[];
  /** The user's words: this message plus the previous one. */
  query: string;
  /** TOOL_RETRIEVAL_K. */
  k: number;
  /** Always bound when present: the lookup roles and the actions of the pending plan ("already chosen"). */
  pinned: readonly string[];
}

const STOP_WORDS = new Set(
  'a an and are as at be by can for from i in is it its me my of on or our please s so that the their them this to us we with you your'.split(
    ' ',
  ),
);
/** A few operator phrasings → the vocabulary of action names and descriptions. */
const SYNONYMS: Readonly<Record<string, readonly string[]>> = {
  move: ['reschedule'],
  shift: ['reschedule'],
  push: ['reschedule'],
  postpone: ['reschedule'],
  earlier: ['reschedule'],
  later: ['reschedule'],
  people: ['guest', 'count'],
  pax: ['guest', 'count'],
  headcount: ['guest', 'count'],
  party: ['guest', 'count'],
  email: ['contact'],
  phone: ['contact'],
  mobile: ['contact'],
  number: ['contact', 'count'],
};

/**
 * Chooses the actions bound to the model (issue 5 Tool retrieval). With ≤ 15 visible actions all are bound.
 * Above that: the pinned ones, then the best lexical matches of the query over each action's id, name,
 * description and examples (idf-weighted term overlap, id and name counting double), up to k in total.
 * Deterministic: ties break on action_id. The result keeps the registry's order.
 */
export function selectBoundActions(input: RetrievalInput): CompiledAction[] {
  const { visible } = input;
  if (visible.length <= MAX_BOUND_ACTIONS) return [...visible];
  const k = Math.min(Math.max(input.k, 1), MAX_BOUND_ACTIONS);
  const chosen = new Set(input.pinned.filter((id) => visible.some((a) => a.action_id === id)).slice(0, k));
  const index = indexFor(visible);
  const query = expand(tokens(input.query));
  const ranked = visible
    .filter((a) => !chosen.has(a.action_id))
    .map((a) => ({
      id: a.action_id,
      score: score(query, index.docs.get(a.action_id) ?? new Map(), index.idf),
    }))
    .sort((x, y) => y.score - x.score || x.id.localeCompare(y.id));
  for (const { id } of ranked) {
    if (chosen.size >= k) break;
    chosen.add(id);
  }
  return visible.filter((a) => chosen.has(a.action_id));
}

interface Index {
  docs: Map<string, Map<string, number>>;
  idf: Map<string, number>;
}

/** Term weights per action; rebuilt per request (a 500-action registry indexes in a few milliseconds). */
function indexFor(actions: readonly CompiledAction[]): Index {
  const docs = new Map<string, Map<string, number>>();
  const df = new Map<string, number>();
  for (const action of actions) {
    const weights = new Map<string, number>();
    const add = (text: string, weight: number) => {
      for (const t of tokens(text)) weights.set(t, (weights.get(t) ?? 0) + weight);
    };
    add(`${action.action_id} ${action.name}`, 2);
    add(`${action.description} ${(action.examples ?? []).join(' ')}`, 1);
    docs.set(action.action_id, weights);
    for (const t of weights.keys()) df.set(t, (df.get(t) ?? 0) + 1);
  }
  const idf = new Map([...df].map(([t, n]) => [t, Math.log(1 + actions.length / n)]));
  return { docs, idf };
}

function score(
  query: ReadonlySet<string>,
  doc: ReadonlyMap<string, number>,
  idf: ReadonlyMap<string, number>,
): number {
  let total = 0;
  for (const t of query) {
    const w = doc.get(t);
    if (w) total += (idf.get(t) ?? 0) * (1 + Math.log(w));
  }
  return total;
}

/** Lower-case word stems: camelCase split, punctuation dropped, a light plural/verb-suffix strip. */
export function tokens(text: string): string[] {
  return text
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((t) => t.length > 1 && !STOP_WORDS.has(t))
    .map(stem);
}

function stem(t: string): string {
  if (t.length > 5 && t.endsWith('ing')) return t.slice(0, -3);
  if (t.length > 4 && t.endsWith('ed')) return t.slice(0, -2);
  if (t.length > 3 && t.endsWith('s') && !t.endsWith('ss')) return t.slice(0, -1);
  return t;
}

function expand(words: readonly string[]): Set<string> {
  const out = new Set(words);
  for (const w of words) for (const s of SYNONYMS[w] ?? []) out.add(stem(s));
  return out;
}
