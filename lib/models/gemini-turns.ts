/** The slice of a Gemini content the repair reads; works on the SDK's types and on our wire schemas alike. */
interface Turn<P extends object> {
  role: string;
  parts: P[];
}

const field = (part: object, key: string): unknown => Reflect.get(part, key);
const isResponse = (part: object) => field(part, 'functionResponse') !== undefined;
const isEmptyText = (part: object) => field(part, 'text') === '' && field(part, 'thought') !== true;

/**
 * Repairs two shapes that @langchain/google-genai 2.3.2 (the latest) sends and Gemini refuses with a 400:
 * - one `user` content per ToolMessage: parallel function calls must be answered in ONE function-response turn
 *   ("the number of function response parts is equal to the number of function call parts", langchainjs#10342);
 * - an empty model reply kept in the history (`{text: ''}` or no parts): "contents.parts must not be empty".
 * Consecutive user contents of the same kind (all function responses, or none) are merged; empty text parts are
 * dropped, then contents left without parts. The order of parts is kept; nothing else changes.
 */
export function mergeTurns<P extends object, C extends Turn<P>>(contents: readonly C[]): C[] {
  const merged: C[] = [];
  for (const content of contents) {
    const parts = content.parts.filter((p) => !isEmptyText(p));
    if (parts.length === 0) continue;
    const last = merged.at(-1);
    if (last && content.role === 'user' && last.role === 'user' && kind(last.parts) === kind(parts)) {
      last.parts = [...last.parts, ...parts];
    } else {
      merged.push({ ...content, parts });
    }
  }
  return merged;
}

function kind(parts: readonly object[]): 'responses' | 'other' | 'mixed' {
  if (parts.every(isResponse)) return 'responses';
  return parts.some(isResponse) ? 'mixed' : 'other';
}
