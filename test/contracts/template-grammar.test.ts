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
  readPath,
  resolveValue,
  stepNumberOf,
  templatesIn,
} from '../../lib/contracts/template-grammar.ts';
import * as executorTemplates from '../../lib/executor/step/templates.ts';
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
      // Assert
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
        // Assert
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

  describe('a drop-in superset of the planner and executor grammars', () => {
    const candidate = fc.oneof(
      fc.tuple(scope, path).map(([s, p]) => formatTemplate({ scope: s, path: p }, 'dots')),
      fc.tuple(fc.nat({ max: 30 }), key).map(([n, k]) => `{{ step_${n}.${k} }}`),
      fc.string({ maxLength: 30 }),
      fc.tuple(scope, key, key).map(([s, a, b]) => `{{${s}.${a}..${b}}} and {{${s}.${a}.}}`),
      fc
        .tuple(fc.string({ maxLength: 6 }), scope, path)
        .map(([t, s, p]) => `${t}{{${s}.${formatPath(p, 'dots')}}}${t}`),
    );

    test.prop([candidate, json])(
      'resolves every value the executor resolves, to the same result',
      (value, data) => {
        // Arrange: both read the same scopes through their own path readers.
        const sources: Record<string, unknown> = { request: data, response: data };
        const theirs = executorTemplates.resolveValue(value, (s, p) =>
          executorTemplates.readPath(sources[s], p),
        );
        // Act
        const ours = resolveValue(value, (s, p) => readPath(sources[s], p));
        // Assert
        expect(ours).toEqual(theirs);
        expect(hasTemplate(value)).toBe(executorTemplates.hasTemplate(value));
      },
    );

    test.prop([candidate])('reads every planner placeholder as the same step and field', (value) => {
      const theirs = plannerPlaceholders.placeholdersIn(value);
      const ours = templatesIn(value).filter(
        (r) => stepNumberOf(r.scope) !== undefined && r.path.length === 1,
      );
      expect(ours.map((r) => ({ step: stepNumberOf(r.scope), field: r.path[0], text: r.text }))).toEqual(
        expect.arrayContaining(theirs),
      );
      if (plannerPlaceholders.isWholePlaceholder(value)) expect(isWholeTemplate(value)).toBe(true);
      expect(
        malformedTemplatesIn(value).every((t) =>
          plannerPlaceholders.malformedPlaceholdersIn(value).includes(t),
        ),
      ).toBe(true);
    });
  });
});
