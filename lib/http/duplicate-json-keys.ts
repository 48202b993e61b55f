/**
 * A JSON body that names one key twice (issue 27). RFC 8259 §4 says names "SHOULD be unique" and leaves the
 * outcome of a repeat to the parser; JSON.parse keeps the last one silently, so `{"user_id":"a","user_id":"b"}`
 * could pass one check on "a" and act on "b" elsewhere. Refused with its own 400 naming the key.
 */
export class DuplicateBodyKeyError extends Error {
  override readonly name = 'DuplicateBodyKeyError';

  constructor(readonly key: string) {
    super(`request body must not repeat the key ${key}`);
  }
}

type Frame = { kind: 'object'; keys: Set<string>; expectKey: boolean; current?: string } | { kind: 'array' };

/**
 * The first key that an object of `text` names twice, with the keys of the objects around it joined by "."
 * (`meta.source`), or undefined. `text` must be valid JSON (the caller parsed it first): the scan only tracks
 * strings, brackets and commas.
 */
export function firstDuplicateKey(text: string): string | undefined {
  const stack: Frame[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    const top = stack.at(-1);
    if (c === '{') stack.push({ kind: 'object', keys: new Set(), expectKey: true });
    else if (c === '[') stack.push({ kind: 'array' });
    else if (c === '}' || c === ']') stack.pop();
    else if (c === ',' && top?.kind === 'object') top.expectKey = true;
    else if (c === '"') {
      const end = closingQuote(text, i);
      if (top?.kind === 'object' && top.expectKey) {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) return [...enclosingKeys(stack), key].join('.');
        top.keys.add(key);
        top.expectKey = false;
        top.current = key;
      }
      i = end;
    }
  }
  return undefined;
}

/** The keys under which the innermost object sits (array positions are left out). */
function enclosingKeys(stack: readonly Frame[]): string[] {
  return stack
    .slice(0, -1)
    .flatMap((f) => (f.kind === 'object' && f.current !== undefined ? [f.current] : []));
}

/** Index of the quote that closes the string opened at `start` (a backslash escapes the next character). */
function closingQuote(text: string, start: number): number {
  let j = start + 1;
  while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
  return j;
}
