import { describe, expect, it } from 'vitest';
import { resolveLookupWhenArgs } from '../../lib/planner/gate/lookup-when-args.ts';
import { whenReader } from '../../lib/planner/gate/when-parameters.ts';
import { DEFAULT_LOOKUP_ROLES } from '../../lib/planner/planner-deps.ts';
import { buildSystemPrompt } from '../../lib/planner/prompt/system-prompt.ts';
import { buildToolset } from '../../lib/planner/tools/bound-toolset.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';

/**
 * Issue 33: what the model reads agrees with itself. Built on the real compiled registry, the real toolset and the
 * real prompt builder: rule 4 of the prompt states the date policy once, every date parameter of a tool points at
 * it and claims nothing the rules do not (issue 32: the policy is no longer repeated in every declaration), and
 * the resolver does what they say. The claims are read from the text by the detectors below, not taken from the
 * constants the code uses, so a hand edit on either side shows up here.
 */
const registry = loadCompiledRegistry();
const venue = { now: new Date('2026-11-24T15:00:00Z'), timeZone: 'America/Chicago', locale: 'en-US' };
const toolset = buildToolset({
  registry,
  roles: DEFAULT_LOOKUP_ROLES,
  query: 'move the booking to 4pm',
  k: 15,
  chosen: [],
});
const prompt = buildSystemPrompt({ venue, actions: toolset.actions, roles: DEFAULT_LOOKUP_ROLES });

/** The numbered rules of the prompt, each with its continuation lines. */
function rules(text: string): Map<number, string> {
  const body = text.slice(text.indexOf('Rules:'), text.indexOf('Actions for plan steps:'));
  const out = new Map<number, string>();
  for (const chunk of body.split(/\n(?=\d+\. )/).slice(1)) {
    const [, n, rest] = /^(\d+)\. ([\s\S]*)$/.exec(chunk) ?? [];
    if (n && rest) out.set(Number(n), rest.replace(/\s+/g, ' ').trim());
  }
  return out;
}
const RULES = rules(prompt);

interface Property {
  type?: string;
  description?: string;
  enum?: string[];
  items?: Property;
  properties?: Record<string, Property>;
}
interface Tool {
  function: { name: string; description?: string; parameters: Property };
}
const TOOLS = toolset.tools as unknown as Tool[];
const tool = (name: string) => TOOLS.find((t) => t.function.name === name);

/** What a text claims about date values; each detector is one claim, written independently of the code. */
const CLAIMS = {
  copyWords: /copy the user's words/i,
  neverCompute: /never compute (?:a date|dates)/i,
  relativeNeedsBookingId: /relative to a booking[^.]*booking_id/i,
  timeAloneSameWords: /time alone[^.]*same words in the date parameter/i,
} as const;
type Claim = keyof typeof CLAIMS;
/** Wording that contradicts "never compute": a format the model could only meet by computing the date. */
const COMPUTED_FORMAT = /YYYY-MM-DD|HH:MM|\bFormat\b/;

const claimsOf = (text: string) =>
  new Set((Object.keys(CLAIMS) as Claim[]).filter((claim) => CLAIMS[claim].test(text)));

/** The parameters the date rules speak about, with the claims that concern each kind. */
type Kind = 'lookup date' | 'lookup booking_id' | 'plan value';
/** How a declaration points at the rule that says what its value holds. */
const REFERS_TO_RULE_4 = /\brule 4\b/;
const WHEN_TYPES = new Set(['date', 'time', 'datetime']);

function parametersOfKind(): { kind: Kind; where: string; description: string }[] {
  const out: { kind: Kind; where: string; description: string }[] = [];
  for (const action of toolset.lookups.values()) {
    const properties = tool(action.action_id)?.function.parameters.properties ?? {};
    const whenParams = action.parameters.filter((p) => WHEN_TYPES.has(p.type));
    for (const p of whenParams)
      out.push({
        kind: 'lookup date',
        where: `${action.action_id}.${p.name}`,
        description: properties[p.name]?.description ?? '',
      });
    if (whenParams.length > 0)
      out.push({
        kind: 'lookup booking_id',
        where: `${action.action_id}.booking_id`,
        description: properties.booking_id?.description ?? '',
      });
  }
  const value =
    tool('propose_plan')?.function.parameters.properties?.steps?.items?.properties?.parameters?.items
      ?.properties?.value;
  out.push({
    kind: 'plan value',
    where: 'propose_plan.steps[].parameters[].value',
    description: value?.description ?? '',
  });
  return out;
}
const PARAMETERS = parametersOfKind();

describe('the system prompt and the tool declarations agree (issue 33)', () => {
  it('binds lookups that take a date, so there is something to agree on', () => {
    // Assess
    expect(PARAMETERS.map((p) => p.where)).toEqual(
      expect.arrayContaining([
        'getAvailability.date',
        'getAvailability.booking_id',
        'searchBookings.date_range_start',
      ]),
    );
  });

  it.each(PARAMETERS.map((p) => [p.where, p] as const))(
    '%s points at rule 4 and claims nothing the rules do not',
    (_where, parameter) => {
      // Prepare
      const inRules = new Set([...RULES.values()].flatMap((rule) => [...claimsOf(rule)]));
      const said = claimsOf(parameter.description);

      // Assess
      expect(parameter.description).toMatch(REFERS_TO_RULE_4);
      expect([...said].filter((c) => !inRules.has(c))).toEqual([]);
      expect(parameter.description).not.toMatch(COMPUTED_FORMAT);
    },
  );

  it('rule 4 makes every claim the date parameters rely on, and no rule names a computed format', () => {
    // Assess
    expect([...claimsOf(RULES.get(4) ?? '')].sort()).toEqual([
      'copyWords',
      'neverCompute',
      'relativeNeedsBookingId',
      'timeAloneSameWords',
    ]);
    for (const rule of RULES.values()) expect(rule).not.toMatch(COMPUTED_FORMAT);
  });

  it('declares each lookup once: as a tool, not among the plan actions, and not as a propose_plan action', () => {
    // Prepare
    const planActions = prompt.slice(
      prompt.indexOf('Actions for plan steps:'),
      prompt.indexOf('Session context:'),
    );
    const actionIds =
      tool('propose_plan')?.function.parameters.properties?.steps?.items?.properties?.action_id?.enum ?? [];

    // Assess
    expect(toolset.lookups.size).toBeGreaterThan(0);
    for (const id of toolset.lookups.keys()) {
      expect(tool(id), id).toBeDefined();
      expect(planActions).not.toContain(`- ${id} (`);
      expect(actionIds).not.toContain(id);
    }
    expect(actionIds).toContain('rescheduleBooking');
  });

  it('every name="value" in a rule is a declared parameter, and a value its enum allows', () => {
    // Prepare
    const declared = new Map<string, Property>();
    for (const t of TOOLS)
      for (const [name, p] of Object.entries(t.function.parameters.properties ?? {})) declared.set(name, p);
    const references = [...prompt.matchAll(/\b([a-z_]+)="([^"]+)"/g)].map(([, name, value]) => ({
      name,
      value,
    }));

    // Assess
    expect(references.length).toBeGreaterThan(0);
    for (const { name, value } of references) {
      const parameter = declared.get(name ?? '');
      expect(parameter, name).toBeDefined();
      if (parameter?.enum) expect(parameter.enum).toContain(value);
    }
  });
});

describe('the resolver does what rule 4 and the lookup declarations say (issue 33)', () => {
  const availability = registry.require('getAvailability');
  const booking = { booking_id: 'bk_2001', date: '2026-11-27', start_time: '16:30' };
  const relativeSentence = (RULES.get(4) ?? '')
    .split(/(?<=\.) /)
    .find((s) => CLAIMS.relativeNeedsBookingId.test(s));
  const examples = [...(relativeSentence ?? '').matchAll(/"([^"]+)"/g)].map(([, phrase]) => phrase ?? '');

  it('quotes the examples it promises', () => {
    // Assess
    expect(examples).toEqual([
      'same day',
      'keep the date',
      'the day after',
      'a week later',
      'two days later',
      '4pm',
    ]);
  });

  it.each([
    ['same day', '2026-11-27'],
    ['keep the date', '2026-11-27'],
    ['the day after', '2026-11-28'],
    ['a week later', '2026-12-04'],
    ['two days later', '2026-11-29'],
    ['4pm', '2026-11-27'],
  ])('"%s" with the booking_id reads as %s, and without one the model is told to give it', (phrase, date) => {
    // Act
    const withBooking = resolveLookupWhenArgs(
      availability,
      { product_id: 'prod_open_jump', date: phrase, booking_id: booking.booking_id },
      venue,
      booking,
    );
    const without = resolveLookupWhenArgs(
      availability,
      { product_id: 'prod_open_jump', date: phrase },
      venue,
    );

    // Assess: the planner-level booking_id never reaches the booking API.
    expect(examples).toContain(phrase);
    expect(withBooking).toEqual({ args: { product_id: 'prod_open_jump', date } });
    expect(without).toEqual({ needs_booking: { parameter: 'date', phrase } });
  });
});

describe('rule 4 and the gate agree on a time alone (issue 33)', () => {
  it('the date and time values the rule prescribes for "4pm" keep the booking’s date and set 16:00', () => {
    // Prepare: the example exactly as rule 4 writes it.
    const [, date, timeName, time] = /\(date "([^"]+)", ([a-z_]+) "([^"]+)"\)/.exec(RULES.get(4) ?? '') ?? [];
    const reader = whenReader(venue, { booking_id: 'bk_2001', date: '2026-11-27', start_time: '11:00' });

    // Act
    const readDate = reader.read('date', date ?? '');
    const readTime = reader.read('time', time ?? '');

    // Assess
    expect([date, timeName, time]).toEqual(['4pm', 'start_time', '4pm']);
    expect(registry.require('rescheduleBooking').parameters.map((p) => p.name)).toContain(timeName);
    expect(readDate).toEqual({ kind: 'value', value: '2026-11-27' });
    expect(readTime).toEqual({ kind: 'value', value: '16:00' });
  });
});
