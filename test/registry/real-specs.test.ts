import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatReport } from '../../devkit/registry/cli-format.ts';
import { ActionRegistry } from '../../lib/registry/action-registry.ts';
import {
  type BuildResult,
  buildWithReport,
  strictProblems,
} from '../../lib/registry/compile/build-registry.ts';
import type { CompiledField } from '../../lib/registry/compiled-action.ts';
import { argsSchema, toFunctionDeclaration } from '../../lib/registry/gemini-declarations.ts';
import { TRIMMED_SPECS } from '../fixtures/specs/trimmed-specs.ts';
import { geminiProblems } from '../support/gemini-subset.ts';

/**
 * The registry on two real public specs of different styles (issue 17): Square Connect (one 3.0 JSON file,
 * snake_case, a booking API) and DigitalOcean (multi-file YAML with self-referencing schemas and X-Dangerous),
 * each trimmed from its repository (test/fixtures/specs/<name>/SOURCE.md) with our seed-001 overlays.
 */
const SPECS = join(import.meta.dirname, '../fixtures/specs');
const MARKUP = /\]\(|<\/?[a-z]+[\s>]|`|\*\*|^#|&amp;/m;

let square: BuildResult;
let digitalocean: BuildResult;
beforeAll(async () => {
  square = await buildWithReport(join(SPECS, 'square/spec/api.json'), join(SPECS, 'square/overlays'));
  digitalocean = await buildWithReport(
    join(SPECS, 'digitalocean/spec/DigitalOcean-public.v2.yaml'),
    join(SPECS, 'digitalocean/overlays'),
  );
});

const registryOf = (result: BuildResult) => new ActionRegistry(result.registry.actions);
const field = (fields: readonly CompiledField[] | undefined, name: string) =>
  fields?.find((f) => f.name === name);
const hidden = (result: BuildResult, reason: string) =>
  result.transform.hidden.filter((h) => h.reason === reason).map((h) => `${h.action_id}.${h.wire_name}`);

describe('the registry on real public specs', () => {
  describe('both', () => {
    it.each([
      ['square', () => square],
      ['digitalocean', () => digitalocean],
    ])('%s: every operation of the fixture is accounted for, at least 15 model-visible', (name, result) => {
      // Act
      const { actions, skipped } = result().transform;
      // Assess
      const accounted = [...actions.map((a) => a.action_id), ...skipped.map((s) => s.operation_id)].sort();
      expect(accounted).toEqual([...(TRIMMED_SPECS[name]?.operations ?? [])].sort());
      expect(registryOf(result()).modelVisible().length).toBeGreaterThanOrEqual(15);
    });

    it.each([
      ['square', () => square],
      ['digitalocean', () => digitalocean],
    ])(
      '%s: every model-visible declaration is inside the Gemini subset, and no text carries markup',
      (_n, result) => {
        for (const action of registryOf(result()).modelVisible()) {
          // Act
          const declaration = toFunctionDeclaration(action);
          // Assess
          expect(geminiProblems(declaration.parameters), action.action_id).toEqual([]);
          expect(JSON.stringify(declaration)).not.toMatch(MARKUP);
          expect(declaration.description.length).toBeLessThanOrEqual(500);
        }
      },
    );
  });

  describe('Square (a booking API)', () => {
    it('registers the booking actions, with DeleteCustomer execution-only for CreateCustomer’s rollback', () => {
      const registry = registryOf(square);
      expect(registry.modelVisible().map((a) => a.action_id)).toEqual([
        'BulkRetrieveBookings',
        'CancelBooking',
        'CreateBooking',
        'CreateCustomer',
        'ListBookings',
        'ListLocationBookingProfiles',
        'ListLocations',
        'ListTeamMemberBookingProfiles',
        'RetrieveBooking',
        'RetrieveBusinessBookingProfile',
        'RetrieveCustomer',
        'RetrieveLocation',
        'RetrieveTeamMemberBookingProfile',
        'SearchAvailability',
        'SearchCustomers',
        'UpdateBooking',
        'UpdateCustomer',
      ]);
      expect(registry.isModelVisible('DeleteCustomer')).toBe(false);
      expect(registry.requireExecutable('DeleteCustomer').execution_only).toBe(true);
      expect(() => toFunctionDeclaration(registry.require('DeleteCustomer'))).toThrow(/execution-only/);
      expect(square.transform.skipped).toEqual([]);
    });

    it('declares a booking with a list of appointment segments as nested schemas', () => {
      // Act
      const { parameters } = toFunctionDeclaration(registryOf(square).require('CreateBooking'));
      // Assess
      const booking = parameters.properties.booking;
      expect(parameters.required).toEqual(['booking']);
      expect(Object.keys(booking?.properties ?? {})).toEqual([
        'start_at',
        'location_id',
        'customer_id',
        'customer_note',
        'appointment_segments',
      ]);
      const segment = booking?.properties?.appointment_segments?.items;
      expect(segment).toMatchObject({ type: 'object', required: ['team_member_id'] });
      expect(Object.keys(segment?.properties ?? {})).toEqual([
        'duration_minutes',
        'service_variation_id',
        'team_member_id',
        'service_variation_version',
      ]);
      expect(segment?.properties?.duration_minutes).toMatchObject({ type: 'integer', maximum: 1500 });
    });

    it('compiles compensations over dotted response and pre-image paths', () => {
      const registry = registryOf(square);
      expect(registry.require('CreateBooking').compensation).toEqual({
        action_id: 'CancelBooking',
        parameters: {
          booking_id: '{{response.booking.id}}',
          booking_version: '{{response.booking.version}}',
        },
      });
      expect(registry.require('UpdateBooking').compensation).toEqual({
        action_id: 'UpdateBooking',
        parameters: { booking_id: '{{request.booking_id}}', booking: '{{before.booking}}' },
        pre_image: { action_id: 'RetrieveBooking', parameters: { booking_id: '{{request.booking_id}}' } },
      });
      expect(registry.require('UpdateCustomer').compensation?.parameters.email_address).toBe(
        '{{before.customer.email_address}}',
      );
    });

    it('reports every input left out, with its reason', () => {
      expect(hidden(square, 'read_only')).toEqual(
        expect.arrayContaining([
          'CreateBooking.booking.id',
          'CreateBooking.booking.status',
          'CreateBooking.booking.appointment_segments[].resource_ids',
          'UpdateBooking.booking.creator_details',
        ]),
      );
      expect(hidden(square, 'not_allowlisted')).toEqual(
        expect.arrayContaining([
          'CreateBooking.booking.seller_note',
          'CreateCustomer.address.country',
          'SearchCustomers.query.sort',
        ]),
      );
      expect(square.warnings).toEqual(['#/info must NOT have additional properties']);
      expect(formatReport(square)).toContain(
        '  CreateBooking.booking.appointment_segments[].resource_ids (body)',
      );
    });

    it('validates nested arguments: types, unknown fields, and no placeholders inside a list', () => {
      const schema = argsSchema(registryOf(square).require('CreateBooking'));
      const segment = { team_member_id: 'tm_1', service_variation_id: 'sv_1', service_variation_version: 1 };
      expect(
        schema.safeParse({ booking: { start_at: '2026-11-27T10:00:00Z', appointment_segments: [segment] } })
          .success,
      ).toBe(true);
      const wrong = schema.safeParse({
        booking: { appointment_segments: [{ ...segment, team_member: 'x' }] },
      });
      expect(wrong.error?.issues.map((i) => i.path.join('.'))).toEqual(['booking.appointment_segments.0']);
      const placeholder = schema.safeParse({
        booking: { appointment_segments: [{ ...segment, team_member_id: '{{step_1.team_member_id}}' }] },
      });
      expect(placeholder.error?.issues[0]?.message).toMatch(/not resolved inside lists or objects/);
    });
  });

  describe('DigitalOcean (multi-file, self-referencing schemas, X-Dangerous)', () => {
    it('registers 26 actions, two of them execution-only, and is clean under --strict', () => {
      const registry = registryOf(digitalocean);
      expect(registry.modelVisible()).toHaveLength(26);
      expect(digitalocean.registry.actions.filter((a) => a.execution_only).map((a) => a.action_id)).toEqual([
        'domains_delete',
        'tags_delete',
      ]);
      expect(digitalocean.transform.skipped).toEqual([
        expect.objectContaining({ operation_id: 'domains_create_record', kind: 'not_enabled' }),
      ]);
      expect(strictProblems(digitalocean)).toEqual([]);
    });

    it('never makes X-Dangerous a parameter: it is a danger acknowledgement of the action', () => {
      const destroy = registryOf(digitalocean).require('droplets_destroy_withAssociatedResourcesDangerous');
      expect(destroy.parameters.map((p) => p.name)).toEqual(['droplet_id']);
      expect(destroy.danger_headers).toEqual([{ wire_name: 'X-Dangerous', value: 'true' }]);
      expect(hidden(digitalocean, 'danger_acknowledgement')).toEqual([
        'droplets_destroy_withAssociatedResourcesDangerous.X-Dangerous',
      ]);
    });

    it('keeps api_key_uuid and max_tokens (not secrets) and renames a body field that repeats a path parameter', () => {
      const registry = registryOf(digitalocean);
      expect(
        registry.require('genai_update_agent_api_key').parameters.map((p) => [p.name, p.location]),
      ).toEqual([
        ['agent_uuid', 'path'],
        ['api_key_uuid', 'path'],
        ['body_agent_uuid', 'body'],
        ['body_api_key_uuid', 'body'],
        ['name', 'body'],
      ]);
      expect(registry.require('genai_update_agent').parameters.map((p) => p.name)).toContain('max_tokens');
      expect(digitalocean.transform.notes).toContain(
        "genai_update_agent: body field 'uuid' is exposed as 'body_uuid' (a parameter is named 'uuid')",
      );
    });

    it('takes a required list of objects, and nested lists of objects', () => {
      const registry = registryOf(digitalocean);
      const resources = registry
        .require('tags_assign_resources')
        .parameters.find((p) => p.name === 'resources');
      expect(resources).toMatchObject({ type: 'array', required: true, items: { type: 'object' } });
      expect(field(resources?.items?.fields, 'resource_type')?.enum_values).toEqual([
        'droplet',
        'image',
        'volume',
        'volume_snapshot',
      ]);
      const inbound = registry.require('firewalls_create').parameters.find((p) => p.name === 'inbound_rules');
      const sources = field(inbound?.items?.fields, 'sources');
      expect(field(sources?.fields, 'addresses')).toMatchObject({ type: 'array', items: { type: 'string' } });
    });

    it('checks templates through a self-referencing response schema, and through request lists', () => {
      const registry = registryOf(digitalocean);
      expect(registry.require('genai_update_agent').compensation?.parameters.max_tokens).toBe(
        '{{before.agent.max_tokens}}',
      );
      expect(registry.require('firewalls_create').compensation?.parameters).toEqual({
        firewall_id: '{{response.firewall.id}}',
      });
      expect(registry.require('tags_assign_resources').compensation).toEqual({
        action_id: 'tags_unassign_resources',
        parameters: { tag_id: '{{request.tag_id}}', resources: '{{request.resources}}' },
      });
    });
  });
});
