import type { ActionMetadataOverlay } from '../../contracts/overlay.ts';
import { humanize, oneLine, snakeCase, truncate } from '../naming.ts';
import { boundedText, plainText } from './plain-text.ts';
import type { SpecOperation } from './spec-operations.ts';

/** 001 Atomic Action: description max 500 chars. */
const MAX_DESCRIPTION = 500;
/** 001 Atomic Action: name max 50 chars. */
const MAX_NAME = 50;
/** Above this, a description is a manual page and the summary says more per token. */
const LONG_DESCRIPTION = 300;

/** The spec's own words: the description, or the summary when the description is long or absent. */
function specText(operation: SpecOperation): string | undefined {
  const description = operation.description === undefined ? '' : plainText(operation.description);
  const summary = operation.summary === undefined ? '' : plainText(operation.summary);
  // Some generators repeat the operationId as the summary ("CreateBooking"): that is no summary.
  const useful = summary !== '' && snakeCase(summary) !== snakeCase(operation.operation_id) ? summary : '';
  if (description !== '' && (description.length <= LONG_DESCRIPTION || useful === '')) return description;
  return useful || undefined;
}

/** Usage hints derived from the metadata, so the model sees the safety facts next to the description. */
function usageHints(overlay: ActionMetadataOverlay, readOnly: boolean): string[] {
  if (readOnly) return ['Read-only: safe to call while planning.'];
  const hints: string[] = [];
  if (overlay.safety_tier === 'high_risk') hints.push('High risk: highlighted for the user when confirming.');
  if (!overlay.reversible) hints.push('Irreversible: cannot be rolled back.');
  return hints;
}

function examplesSentence(examples: readonly string[]): string {
  return examples.length === 0 ? '' : `Examples: ${examples.map((e) => `"${oneLine(e)}"`).join('; ')}.`;
}

/**
 * 000 Transformation Rule 4: the overlay's llm_description (or the OpenAPI text as plain text, the summary
 * when the description is long) augmented with usage hints and the overlay's examples, within 500 chars.
 * Examples are dropped from the end before the base text is cut (at a sentence), because the base text says
 * when to use the action.
 */
export function describeAction(
  operation: SpecOperation,
  overlay: ActionMetadataOverlay,
  readOnly: boolean,
): string {
  const base = oneLine(
    overlay.llm_description ?? specText(operation) ?? `${humanize(operation.operation_id)}.`,
  );
  const hints = usageHints(overlay, readOnly).join(' ');
  const examples = [...(overlay.examples ?? [])];
  for (;;) {
    const text = [base, hints, examplesSentence(examples)].filter(Boolean).join(' ');
    if (text.length <= MAX_DESCRIPTION) return text;
    if (examples.length === 0) break;
    examples.pop();
  }
  const tail = hints === '' ? '' : ` ${hints}`;
  return `${boundedText(base, MAX_DESCRIPTION - tail.length)}${tail}`;
}

/** The overlay's name, else the humanised operationId (001: max 50 chars). */
export function nameAction(operation: SpecOperation, overlay: ActionMetadataOverlay): string {
  return overlay.name ?? truncate(humanize(operation.operation_id), MAX_NAME);
}
