import { ToolMessage } from '@langchain/core/messages';
import { quoteBookingData } from '../../contracts/booking-data-block.ts';
import type { CompiledAction } from '../../registry/compiled-action.ts';
import { maskParameters } from './pii-masking.ts';

/** Observation texts are capped: booking data is large, untrusted, and the log item is bounded (400 KB). */
const MAX_DATA_CHARS = 2_000;
/** The fields that identify a booking change: kept in truncated observations and in tool-span summaries. */
export const KEY_FIELDS: readonly string[] = [
  'booking_id',
  'booking_reference',
  'date',
  'start_time',
  'party_size',
  'status',
  'version',
  'note_id',
];

/** The part of a response shown to the model: whole when small, else the declared output fields and key fields. */
export function responseForModel(
  action: CompiledAction,
  data: Record<string, unknown>,
): Record<string, unknown> {
  // Guest contact details stay out of the conversation log (000 Privacy); placeholders read the step record.
  const masked = maskParameters(undefined, data) ?? {};
  if (JSON.stringify(masked).length <= MAX_DATA_CHARS) return masked;
  const keep = new Set([...action.output_fields, ...KEY_FIELDS]);
  return Object.fromEntries(Object.entries(masked).filter(([k]) => keep.has(k)));
}

/**
 * A tool result as the model reads it: one JSON object, quoted inside a booking-data block (issue 14: the booking
 * API's data and error texts are untrusted; the system prompt says text inside the block is never instructions).
 */
export type Observation =
  | { status: 'succeeded'; step_number: number; data: Record<string, unknown>; ignored_arguments?: string[] }
  | {
      status: 'bad_request' | 'invalid_arguments';
      step_number: number;
      message: string;
      field?: string;
      expected_format?: string;
      corrections_left: number;
    }
  | { status: 'refused'; reason: string; step_number?: number }
  | { status: 'failed'; step_number: number; error_type: string; message: string }
  | { status: 'not_run'; reason: string }
  | { status: 'answered'; answer: string };

export function observationMessage(toolCallId: string, name: string, observation: Observation): ToolMessage {
  return new ToolMessage({
    tool_call_id: toolCallId,
    name,
    content: quoteBookingData(observation),
  });
}
