import { truncate } from '../naming.ts';

/**
 * OpenAPI descriptions are CommonMark and often carry HTML (OpenAPI 3.0.3 §4.7: "CommonMark syntax MAY be used
 * for rich text representation"). A model reads plain text: markup costs tokens and leaks link targets.
 */
const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  '#39': "'",
};

function stripHtml(text: string): string {
  return text
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style)\b[\s\S]*?<\/\1>/gi, ' ')
    .replace(/<br\s*\/?>|<\/(p|div|li|tr|h[1-6])>/gi, '. ')
    .replace(/<\/?[A-Za-z][^>]*>/g, ' ')
    .replace(/&(amp|lt|gt|quot|apos|nbsp|#39);/g, (_, name: string) => ENTITIES[name] ?? ' ');
}

function stripMarkdown(text: string): string {
  return (
    text
      .replace(/```[^\n]*\n([\s\S]*?)```/g, '$1')
      .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
      .replace(/\[([^\]]+)\]\[[^\]]*\]/g, '$1')
      .replace(/<(https?:\/\/[^>\s]+)>/g, '$1')
      .replace(/`([^`]*)`/g, '$1')
      // Emphasis only around words, so snake_case identifiers keep their underscores.
      .replace(/(\*\*|__)(?=\S)([^*_\n]+?)\1/g, '$2')
      .replace(/(^|[\s(])[*_](?=\S)([^*_\n]+?)[*_](?=[\s).,;:!?]|$)/g, '$1$2')
      .replace(/^\s{0,3}(#{1,6}|>+)\s*/gm, '')
      .replace(/^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/gm, '')
      .replace(/\s*\|\s*/g, ' ')
      .replace(/^\s*(?:[-*+]|\d+[.)])\s+/gm, '')
  );
}

/** Markdown and HTML → one line of plain text. */
export function plainText(text: string): string {
  return stripMarkdown(stripHtml(text))
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,;:!?])/g, '$1')
    .replace(/([.!?])(\s*\.)+/g, '$1')
    .trim();
}

/**
 * At most `max` characters, cut after the last whole sentence that fits; a word cut with an ellipsis only when
 * no sentence ends in the first half.
 */
export function boundedText(text: string, max: number): string {
  if (text.length <= max) return text;
  const head = text.slice(0, max + 1);
  let cut = -1;
  for (const m of head.matchAll(/[.!?](?=\s|$)/g)) if (m.index < max) cut = m.index + 1;
  if (cut >= max / 2) return text.slice(0, cut).trim();
  return truncate(text, max);
}
