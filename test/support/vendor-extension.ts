import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument } from 'yaml';

const ROOT = join(import.meta.dirname, '../..');

/** The spec operation a vendor adds (the Foundation issue's extensibility example). */
const OPERATION = {
  parameters: [{ $ref: '#/components/parameters/BookingId' }],
  put: {
    operationId: 'updateSpecialRequests',
    tags: ['bookings'],
    summary: "Replace the booking's special requests",
    parameters: [
      { $ref: '#/components/parameters/IdempotencyKey' },
      { $ref: '#/components/parameters/IfMatch' },
    ],
    requestBody: {
      required: true,
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['specialRequests'],
            properties: {
              specialRequests: {
                type: 'string',
                maxLength: 500,
                description: 'Free-text requests, e.g. a high chair.',
              },
            },
          },
        },
      },
    },
    responses: {
      '200': {
        description: 'The booking',
        content: { 'application/json': { schema: { $ref: '#/components/schemas/Booking' } } },
      },
      '400': { $ref: '#/components/responses/BadRequest' },
      '409': { $ref: '#/components/responses/Conflict' },
    },
  },
};

/** Its overlay, exactly as an operator would write it (overlays/README.md). */
const OVERLAY = `operation_id: updateSpecialRequests
iq_enabled: true
name: Update special requests
llm_description: Replaces the special requests of a booking. Use it when the user asks for extras such as a high chair.
safety_tier: normal
reversible: true
compensation_operation_id: updateSpecialRequests
compensation:
  pre_image:
    operation_id: getBooking
    parameters:
      booking_id: "{{request.booking_id}}"
  parameters:
    booking_id: "{{request.booking_id}}"
    special_requests: "{{before.special_requests}}"
examples:
  - They need a high chair
intent_cues:
  - special request
  - high chair
  - wheelchair
  - extras
`;

/**
 * Seed 000 extensibility: copies openapi/ and overlays/ into `dir`, then does the two steps of "adding an action"
 * (overlays/README.md): the operation in the spec, and its overlay. No code change.
 */
export function extendedSpecIn(dir: string): { specPath: string; overlaysDir: string } {
  cpSync(join(ROOT, 'openapi'), join(dir, 'openapi'), { recursive: true });
  cpSync(join(ROOT, 'overlays'), join(dir, 'overlays'), { recursive: true });
  const specPath = join(dir, 'openapi', 'booking-api.yaml');
  const doc = parseDocument(readFileSync(specPath, 'utf8'));
  doc.setIn(['components', 'schemas', 'Booking', 'properties', 'specialRequests'], { type: 'string' });
  doc.setIn(['paths', '/bookings/{bookingId}/special-requests'], OPERATION);
  writeFileSync(specPath, doc.toString());
  writeFileSync(join(dir, 'overlays', 'update-special-requests.yaml'), OVERLAY);
  return { specPath, overlaysDir: join(dir, 'overlays') };
}
