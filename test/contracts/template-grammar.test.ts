import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  formatPath,
  formatTemplate,
  hasTemplate,
  isWholeTemplate,
  malformedTemplatesIn,
  type PathSegment,
  parsePath,
  parseTemplate,
  readAll,
  readPath,
  renameScopes,
  resolveValue,
  stepNumberOf,
  templatesIn,
} from '../../lib/contracts/template-grammar.ts';
import * as plannerPlaceholders from '../../lib/planner/placeholders.ts';

const key = fc.stringMatching(/^[A-Za-z0-9_]{1,8}$/);
const scope = fc.stringMatching(/^[A-Za-z0-9_]{1,10}$/);
const segment: fc.Arbitrary<PathSegment> = fc.oneof(key, fc.nat({ max: 20 }));
const path = fc
  .tuple(key, fc.array(segment, { maxLength: 5 }))
  .map(([head, rest]): PathSegment[] => [head, ...rest]);
const json = fc.jsonValue({ maxDepth: 4 });

/** Every path that exists in a JSON value, with the value found there. */
function pathsOf(value: unknown, prefix: PathSegment[] = []): [PathSegment[], unknown][] {
  const here: [PathSegment[], unknown][] = prefix.length > 0 ? [[prefix, value]] : [];
  if (Array.isArray(value)) return [...here, ...value.flatMap((v, i) => pathsOf(v, [...prefix, i]))];
  if (value !== null && typeof value === 'object') {
    return [
      ...here,
      ...Object.entries(value)
        .filter(([k]) => /^[A-Za-z0-9_]+$/.test(k))
        .flatMap(([k, v]) => pathsOf(v, [...prefix, k])),
    ];
  }
  return here;
}

describe('template grammar', () => {
  describe('round trip', () => {
    test.prop([path])('parsePath(formatPath(p)) is p', (p) => {
      expect(parsePath(formatPath(p))).toEqual(p);
    });

    test.prop([scope, path])('parseTemplate(formatTemplate(ref)) gives the ref back', (s, p) => {
      // Act
      const text = formatTemplate({ scope: s, path: p });
      // Assess
      expect(parseTemplate(text)).toEqual({ scope: s, path: p, text });
    });

    test.prop([scope, path, fc.stringMatching(/^[ \t]{0,3}$/), fc.stringMatching(/^[ \t]{0,3}$/)])(
      'whitespace inside the braces changes nothing',
      (s, p, before, after) => {
        const parsed = parseTemplate(`{{${before}${s}.${formatPath(p)}${after}}}`);
        expect(parsed?.scope).toBe(s);
        expect(parsed?.path).toEqual(p);
      },
    );

    test.prop([scope, path])('the dots style reads the same value as the brackets style', (s, p) => {
      const dotted = parseTemplate(formatTemplate({ scope: s, path: p }, 'dots'));
      expect(dotted?.path.map(String)).toEqual(p.map(String));
    });
  });

  describe('resolution', () => {
    test.prop([json])('readPath finds the value at every path of a value, in either index style', (value) => {
      const source = { root: value };
      for (const [p, expected] of pathsOf(source)) {
        expect(readPath(source, formatPath(p))).toEqual(expected);
        expect(readPath(source, formatPath(p, 'dots'))).toEqual(expected);
        expect(readPath(source, p)).toEqual(expected);
      }
    });

    test.prop([json])('a whole-value template keeps the type of what it references', (value) => {
      for (const [p, expected] of pathsOf({ root: value })) {
        // Act
        const resolved = resolveValue(formatTemplate({ scope: 'response', path: p }), (s, text) =>
          s === 'response' ? readPath({ root: value }, text) : undefined,
        );
        // Assess
        if (expected === null) expect(resolved.ok).toBe(false);
        else expect(resolved).toEqual({ ok: true, value: expected });
      }
    });

    test.prop([fc.oneof(fc.string(), fc.integer(), fc.boolean()), fc.string({ maxLength: 5 })])(
      'a template inside text is replaced by the primitive as text',
      (value, tail) => {
        const resolved = resolveValue(`Note: {{before.note}}${tail.replaceAll('{', '')}`, (s, p) =>
          s === 'before' && p === 'note' ? value : undefined,
        );
        expect(resolved).toEqual({ ok: true, value: `Note: ${String(value)}${tail.replaceAll('{', '')}` });
      },
    );

    it('lists what is missing, and an object inside text counts as missing', () => {
      const lookup = (_s: string, p: string) => (p === 'a' ? { b: 1 } : undefined);
      expect(resolveValue('{{x.nope}}', lookup)).toEqual({ ok: false, missing: ['{{x.nope}}'] });
      expect(resolveValue('see {{x.a}}', lookup)).toEqual({ ok: false, missing: ['{{x.a}}'] });
    });

    it('an index reads only arrays; a key reads own properties only', () => {
      expect(readPath({ a: { 0: 'k' } }, 'a[0]')).toBeUndefined();
      expect(readPath({ a: { 0: 'k' } }, 'a.0')).toBe('k');
      expect(readPath({ a: ['x'] }, 'a.0')).toBe('x');
      expect(readPath({}, 'toString')).toBeUndefined();
    });
  });

  describe('recognition', () => {
    it.each([
      ['{{step_1.booking_id}}', 'step_1', ['booking_id']],
      ['{{ response.domain_record.id }}', 'response', ['domain_record', 'id']],
      [
        '{{before.booking.appointment_segments[0].team_member_id}}',
        'before',
        ['booking', 'appointment_segments', 0, 'team_member_id'],
      ],
      ['{{request.items.2.id}}', 'request', ['items', '2', 'id']],
    ])('parses %s', (text, s, p) => {
      expect(parseTemplate(text)).toEqual({ scope: s, path: p, text });
    });

    it.each([
      '{{request}}',
      '{{request.}}',
      '{{request.a..b}}',
      '{{request.a[x]}}',
      ' {{request.a}}',
      '{{request.a}} x',
    ])('does not take %j for one whole template', (text) => {
      expect(parseTemplate(text)).toBeUndefined();
    });

    it('finds templates in text and names the malformed fragments', () => {
      const text = 'from {{step_1.id}} to {{step_2.items[1].name}} and {{oops}}';
      expect(templatesIn(text).map((r) => r.text)).toEqual(['{{step_1.id}}', '{{step_2.items[1].name}}']);
      expect(malformedTemplatesIn(text)).toEqual(['{{oops}}']);
      expect(hasTemplate(text)).toBe(true);
      expect(isWholeTemplate('  {{step_1.id}} ')).toBe(true);
      expect(stepNumberOf('step_12')).toBe(12);
      expect(stepNumberOf('request')).toBeUndefined();
    });
  });

  describe("the planner's view: step placeholders", () => {
    const candidate = fc.oneof(
      fc.tuple(scope, path).map(([s, p]) => formatTemplate({ scope: s, path: p }, 'dots')),
      fc.tuple(fc.nat({ max: 30 }), path).map(([n, p]) => `{{ step_${n}.${formatPath(p)} }}`),
      fc.string({ maxLength: 30 }),
      fc.tuple(scope, key, key).map(([s, a, b]) => `{{${s}.${a}..${b}}} and {{${s}.${a}.}}`),
      fc
        .tuple(fc.string({ maxLength: 6 }), scope, path)
        .map(([t, s, p]) => `${t}{{${s}.${formatPath(p, 'dots')}}}${t}`),
    );

    test.prop([candidate])('reads every step template as its step and path, and nothing else', (value) => {
      // Act
      const refs = plannerPlaceholders.placeholdersIn(value);
      // Assess: exactly the grammar's step-scoped templates, with the same step number and path.
      const steps = templatesIn(value).filter((r) => stepNumberOf(r.scope) !== undefined);
      expect(refs).toEqual(
        steps.map((r) => ({ step: stepNumberOf(r.scope), field: formatPath(r.path), text: r.text })),
      );
    });

    test.prop([candidate])(
      'never ignores a {{…}} fragment: each is a placeholder or named as malformed',
      (value) => {
        // Act
        const read = plannerPlaceholders.placeholdersIn(value).map((r) => r.text);
        const malformed = plannerPlaceholders.malformedPlaceholdersIn(value);
        // Assess
        const fragments =
          typeof value === 'string' ? [...value.matchAll(/\{\{[^}]*\}\}/g)].map((m) => m[0]) : [];
        for (const fragment of fragments) expect([...read, ...malformed]).toContain(fragment);
        expect(plannerPlaceholders.isWholePlaceholder(value)).toBe(
          typeof value === 'string' &&
            read.length === 1 &&
            parseTemplate(value.trim())?.text === value.trim(),
        );
      },
    );
  });
});

describe('readAll (verify.fields, ADR 0011)', () => {
  it('passes through lists at a key, reads one item at an index, and skips items without the key', () => {
    // Prepare
    const booking = { notes: [{ text: 'a' }, { other: 1 }, { text: 'b' }], tags: [['x'], ['y']] };

    // Act / Assess
    expect(readAll(booking, 'notes.text')).toEqual(['a', 'b']);
    expect(readAll(booking, 'notes[2].text')).toEqual(['b']);
    expect(readAll(booking, 'notes.0.text')).toEqual(['a']);
    expect(readAll(booking, 'notes.missing')).toEqual([]);
    expect(readAll(booking, 'notes..text')).toEqual([]);
  });
});

describe('renameScopes', () => {
  it('renames each template once, in one pass, and keeps text and other scopes', () => {
    // Prepare
    const value = 'pay {{step_3.booking_id}} and {{ step_2.items[0].id }} of {{request.x}}';
    const next: Record<string, string> = { step_3: 'step_2', step_2: 'step_1' };

    // Act
    const renamed = renameScopes(value, (scope) => next[scope]);

    // Assess
    expect(renamed).toBe('pay {{step_2.booking_id}} and {{step_1.items[0].id}} of {{request.x}}');
    expect(renameScopes(42, () => 'step_9')).toBe(42);
  });
});
