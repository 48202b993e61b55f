/** Ids by field name ("product_id" → ["prod_open_jump", …]), as lookups returned them. */
export type SeenIds = Record<string, string[]>;

const ID_FIELD = /(^|_)id$/;

/**
 * Every id a lookup result holds, by field name, at any depth: a booking's `product_id`, its notes' `note_id`,
 * the catalogue's products. Issue 18: the gate accepts an id parameter only when a lookup returned it this turn,
 * so a model that writes a product's name where its id belongs ("escape room") is refused, never planned.
 */
export function idsIn(data: unknown, into: SeenIds = {}): SeenIds {
  if (Array.isArray(data)) {
    for (const item of data) idsIn(item, into);
    return into;
  }
  if (data === null || typeof data !== 'object') return into;
  for (const [key, value] of Object.entries(data)) {
    if (ID_FIELD.test(key) && typeof value === 'string' && value !== '') {
      const list = into[key] ?? [];
      if (!list.includes(value)) list.push(value);
      into[key] = list;
    } else if (typeof value === 'object') idsIn(value, into);
  }
  return into;
}

/** The union of two id maps (state reducer). */
export function mergeIds(a: SeenIds, b: SeenIds): SeenIds {
  const out: SeenIds = { ...a };
  for (const [key, values] of Object.entries(b)) out[key] = [...new Set([...(out[key] ?? []), ...values])];
  return out;
}
