import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import { build } from '../../lib/registry/build-registry.ts';
import { toFunctionDeclaration } from '../../lib/registry/gemini-declarations.ts';

const ROOT = join(import.meta.dirname, '../..');
const work = mkdtempSync(join(tmpdir(), 'extensibility-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Step 1 of "adding an action" (overlays/README.md): the operation in the spec. */
function addOperationToSpec(specFile: string): void {
  const doc = parseDocument(readFileSync(specFile, 'utf8'));
  doc.setIn(['components', 'schemas', 'Booking', 'properties', 'specialRequests'], { type: 'string' });
  doc.setIn(['paths', '/bookings/{bookingId}/special-requests'], {
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
  });
  writeFileSync(specFile, doc.toString());
}

/** Step 2: its overlay. */
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
`;

describe('extensibility (000: spec + overlay, no code change)', () => {
  it('registers a new operation added to a copy of the spec and overlays, with its metadata', async () => {
    // Arrange
    cpSync(join(ROOT, 'openapi'), join(work, 'openapi'), { recursive: true });
    cpSync(join(ROOT, 'overlays'), join(work, 'overlays'), { recursive: true });
    addOperationToSpec(join(work, 'openapi', 'booking-api.yaml'));
    writeFileSync(join(work, 'overlays', 'update-special-requests.yaml'), OVERLAY);
    // Act
    const compiled = await build(join(work, 'openapi', 'booking-api.yaml'), join(work, 'overlays'));
    // Assert
    const registry = new ActionRegistry(compiled.actions);
    const action = registry.require('updateSpecialRequests');
    expect(action).toMatchObject({
      name: 'Update special requests',
      safety_tier: 'normal',
      reversible: true,
      compensation_action_id: 'updateSpecialRequests',
      method: 'PUT',
      path: '/bookings/{bookingId}/special-requests',
      read_only: false,
      examples: ['They need a high chair'],
      compensation: {
        action_id: 'updateSpecialRequests',
        parameters: { booking_id: '{{request.booking_id}}', special_requests: '{{before.special_requests}}' },
        pre_image: { action_id: 'getBooking', parameters: { booking_id: '{{request.booking_id}}' } },
      },
    });
    expect(action.parameters.map((p) => [p.name, p.type, p.location, p.wire_name, p.required])).toEqual([
      ['booking_id', 'string', 'path', 'bookingId', true],
      ['special_requests', 'string', 'body', 'specialRequests', true],
    ]);
    expect(registry.mutations().map((a) => a.action_id)).toContain('updateSpecialRequests');
    expect(toFunctionDeclaration(action).parameters.properties.special_requests).toMatchObject({
      maxLength: 500,
    });
    expect(registry.modelVisible()).toHaveLength(13);
    expect(compiled.skipped.map((s) => s.operation_id)).toEqual(['exportBookings', 'listProducts']);
  });
});
