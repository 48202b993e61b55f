import { SnakeCase } from '../../contracts/primitives.ts';
import type { CompiledField, CompiledValue, Constraints } from '../compiled-action.ts';
import { humanize, snakeCase } from '../naming.ts';
import type { InputPolicy } from './input-policy.ts';
import { isRecord, type JsonRecord, recordAt } from './openapi-shapes.ts';
import { boundedText, plainText } from './plain-text.ts';
import { mapSchema, normaliseSchema, schemaType } from './schema-mapping.ts';
import type { HiddenParameter } from './transform-types.ts';

/**
 * Nesting levels below a top-level parameter. Gemini accepts nested objects and arrays, but every level costs
 * prompt tokens and model accuracy; real booking bodies need three (booking → segments → segment fields).
 */
export const MAX_DEPTH = 5;
/** A self-referencing schema is expanded this many times inside itself, then cut (with a note). */
export const MAX_SELF_NESTING = 1;
/**
 * Nested fields one action may expose, all inputs together. An object allowlisted whole exposes everything under
 * it, up to MAX_DEPTH levels; on a wide schema that is breadth^depth fields (DocuSign's envelope: tens of
 * thousands, 12 s to compile and a declaration no model could use). Past the budget an optional field is hidden
 * (`too_large`) and a required one makes the action unsupported, both with the reason.
 */
export const MAX_FIELDS = 400;

/** Where the walk is: the paths to report and to match overlay lists, and what lies above. */
export interface Position {
  /** For the report: `booking.appointment_segments[].team_member_id`. */
  wirePath: string;
  /** For overlay lists: `booking.appointment_segments.team_member_id` (list levels transparent). */
  path: string;
  depth: number;
  /** The raw schemas of the values above, to recognise a schema nested in itself. */
  ancestors: readonly object[];
  /** An ancestor is allowlisted: every field under it is exposed. */
  exposeAll: boolean;
  location: HiddenParameter['location'];
}

/** What a walk reports: dropped inputs and notes, for the build report. */
export interface WalkReport {
  actionId: string;
  policy: InputPolicy;
  hidden: HiddenParameter[];
  notes: string[];
  /** Nested fields mapped so far for this action (MAX_FIELDS bounds it). */
  fields: number;
}

export type ValueResult = { ok: true; value: CompiledValue; pii: boolean } | { ok: false; reason: string };

/** 001: parameter descriptions max 200 chars, as plain text cut at a sentence. */
export function fieldDescription(text: string | undefined, wireName: string): string {
  const plain = text === undefined ? '' : plainText(text);
  return boundedText(plain === '' ? `${humanize(wireName)}.` : plain, 200);
}

function listConstraints(schema: JsonRecord): Constraints | undefined {
  const c: Constraints = {};
  if (typeof schema.minItems === 'number') c.min_items = schema.minItems;
  if (typeof schema.maxItems === 'number') c.max_items = schema.maxItems;
  return Object.keys(c).length > 0 ? c : undefined;
}

function mapArray(schema: JsonRecord, at: Position, report: WalkReport): ValueResult {
  const items = schema.items;
  if (!isRecord(items)) return { ok: false, reason: 'is a list without an item schema' };
  const inner = mapValue(
    items,
    { ...at, wirePath: `${at.wirePath}[]`, ancestors: [...at.ancestors, items] },
    report,
  );
  if (!inner.ok) return { ok: false, reason: `is a list whose item ${inner.reason}` };
  const constraints = listConstraints(schema);
  return {
    ok: true,
    value: { type: 'array', items: inner.value, ...(constraints ? { constraints } : {}) },
    pii: inner.pii,
  };
}

/** Maps an OpenAPI schema to a value: a 001 primitive, or (additive) a list or an object of fields. */
export function mapValue(raw: unknown, at: Position, report: WalkReport): ValueResult {
  if (!isRecord(raw)) return { ok: false, reason: 'has no schema' };
  if (typeof raw['x-unresolvable-ref'] === 'string') {
    return { ok: false, reason: `has an unresolvable $ref ${raw['x-unresolvable-ref']}` };
  }
  const normalised = normaliseSchema(raw);
  if (!normalised.ok) return normalised;
  const schema = normalised.schema;
  const type = schemaType(schema);
  if (type === 'array') return mapArray(schema, at, report);
  if (type === 'object') {
    if (!isRecord(schema.properties)) return { ok: false, reason: 'is an object with free-form keys' };
    const fields = mapFields(schema, at, report);
    if (!fields.ok) return fields;
    if (fields.fields.length === 0) {
      const writable = Object.entries(schema.properties)
        .filter(([, p]) => !(isRecord(p) && p.readOnly === true))
        .map(([k]) => snakeCase(k));
      const hint = writable.length > 0 ? ` (allowlist some of: ${writable.slice(0, 8).join(', ')})` : '';
      return { ok: false, reason: `has no field a model may fill${hint}` };
    }
    const ignored = Object.keys(schema.properties)
      .map((k) => snakeCase(k))
      .filter((name) => !fields.fields.some((f) => f.name === name));
    return {
      ok: true,
      value: {
        type: 'object',
        fields: fields.fields,
        ...(ignored.length > 0 ? { ignored_fields: ignored } : {}),
      },
      pii: fields.pii,
    };
  }
  const primitive = mapSchema(schema);
  if (!primitive.ok) return primitive;
  const constraints = Object.keys(primitive.constraints).length > 0 ? primitive.constraints : undefined;
  return {
    ok: true,
    value: {
      type: primitive.type,
      ...(primitive.enum_values ? { enum_values: primitive.enum_values } : {}),
      ...(constraints ? { constraints } : {}),
    },
    pii: false,
  };
}

/** The schema (or a list's item schema) already appears above more often than MAX_SELF_NESTING allows. */
function nestsItself(child: unknown, ancestors: readonly object[]): boolean {
  const own = [child, isRecord(child) ? child.items : undefined];
  return own.some((s) => isRecord(s) && ancestors.filter((a) => a === s).length > MAX_SELF_NESTING);
}

type FieldsResult = { ok: true; fields: CompiledField[]; pii: boolean } | { ok: false; reason: string };

/** Why a field is left out (reported), or a reason the whole object cannot be built (required field). */
type FieldDecision =
  | { field: CompiledField; pii: boolean }
  | { drop: HiddenParameter['reason']; detail?: string };

function decideField(
  wire: string,
  child: unknown,
  required: boolean,
  at: Position,
  report: WalkReport,
): FieldDecision | { fail: string } {
  const name = snakeCase(wire);
  const here: Position = {
    ...at,
    wirePath: at.wirePath === '' ? wire : `${at.wirePath}.${wire}`,
    path: at.path === '' ? name : `${at.path}.${name}`,
    depth: at.depth + 1,
  };
  const refuse = (drop: HiddenParameter['reason'], detail?: string) =>
    required
      ? { fail: `needs field ${here.wirePath}, which ${detail ?? drop}` }
      : { drop, ...(detail ? { detail } : {}) };
  if (isRecord(child) && child.readOnly === true) return { drop: 'read_only' };
  if (!SnakeCase.safeParse(name).success) return refuse('unsupported', `has no snake_case name ('${name}')`);
  if (report.policy.sensitive(here.path, wire, child)) return refuse('sensitive', 'is sensitive');
  const listed = at.exposeAll || report.policy.listed(here.path);
  if (!required && !listed && !report.policy.leadsToListed(here.path)) return { drop: 'not_allowlisted' };
  if (nestsItself(child, here.ancestors)) {
    report.notes.push(
      `${report.actionId}: ${here.wirePath} nests its own schema; expanded ${MAX_SELF_NESTING} level(s) deep, the rest is cut`,
    );
    return refuse('recursive', `nests its own schema deeper than ${MAX_SELF_NESTING} level(s)`);
  }
  if (here.depth > MAX_DEPTH) return refuse('too_deep', `is nested deeper than ${MAX_DEPTH} levels`);
  if (report.fields >= MAX_FIELDS)
    return refuse('too_large', `is past the ${MAX_FIELDS}-field budget of one action`);
  report.fields += 1;
  const mapped = mapValue(
    child,
    { ...here, exposeAll: listed, ancestors: isRecord(child) ? [...here.ancestors, child] : here.ancestors },
    report,
  );
  if (!mapped.ok) return refuse('unsupported', mapped.reason);
  const description =
    isRecord(child) && typeof child.description === 'string' ? child.description : undefined;
  return {
    field: {
      name,
      wire_name: wire,
      required,
      description: fieldDescription(description, wire),
      ...mapped.value,
    },
    pii: mapped.pii || report.policy.pii(here.path),
  };
}

/** The fields of an object schema: required ones always, optional ones when allowlisted (rule 2), never secrets. */
export function mapFields(schema: JsonRecord, at: Position, report: WalkReport): FieldsResult {
  const required = new Set(Array.isArray(schema.required) ? schema.required : []);
  const fields: CompiledField[] = [];
  let pii = false;
  for (const [wire, child] of Object.entries(recordAt(schema, 'properties') ?? {})) {
    const decision = decideField(wire, child, required.has(wire), at, report);
    if ('fail' in decision) return { ok: false, reason: decision.fail };
    const wirePath = at.wirePath === '' ? wire : `${at.wirePath}.${wire}`;
    if ('drop' in decision) {
      report.hidden.push({
        action_id: report.actionId,
        wire_name: wirePath,
        location: at.location,
        reason: decision.drop,
        ...(decision.detail ? { detail: decision.detail } : {}),
      });
      continue;
    }
    if (fields.some((f) => f.name === decision.field.name)) {
      report.hidden.push({
        action_id: report.actionId,
        wire_name: wirePath,
        location: at.location,
        reason: 'unsupported',
        detail: `maps to the same name as another field ('${decision.field.name}')`,
      });
      continue;
    }
    fields.push(decision.field);
    pii ||= decision.pii;
  }
  return { ok: true, fields, pii };
}
