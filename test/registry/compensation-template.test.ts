import { describe, expect, it } from 'vitest';
import { parseTemplate, resolveTemplates } from '../../lib/registry/compensation-template.ts';

describe('compensation templates', () => {
  it.each([
    ['{{request.booking_id}}', { source: 'request', field: 'booking_id' }],
    ['{{ response.note_id }}', { source: 'response', field: 'note_id' }],
    ['{{before.start_time}}', { source: 'before', field: 'start_time' }],
    ['email', undefined],
  ])('parses %s', (value, expected) => {
    expect(parseTemplate(value)).toEqual(expected);
  });

  it.each(['{{step_1.booking_id}}', '{{request.bookingId}}', 'at {{before.date}}', '{{request}}'])(
    'rejects the malformed template %s',
    (value) => {
      expect(parseTemplate(value)).toBeInstanceOf(Error);
    },
  );

  it('resolves whole-value templates keeping the value type, and passes literals through', () => {
    // Act
    const resolved = resolveTemplates(
      { booking_id: '{{request.booking_id}}', party_size: '{{before.party_size}}', channel: 'email' },
      { request: { booking_id: 'bk_1' }, before: { party_size: 8 } },
    );
    // Assert
    expect(resolved).toEqual({ booking_id: 'bk_1', party_size: 8, channel: 'email' });
  });

  it('throws TemplateResolutionError when a referenced value is missing', () => {
    expect(() => resolveTemplates({ note_id: '{{response.note_id}}' }, { request: {} })).toThrow(
      expect.objectContaining({
        name: 'TemplateResolutionError',
        message: 'note_id: {{response.note_id}} has no value',
      }),
    );
  });

  it('leaves out an optional parameter whose value is missing, and still fails on a required one', () => {
    // Arrange
    const templates = { booking_id: '{{request.booking_id}}', phone: '{{before.phone}}' };
    const context = { request: { booking_id: 'bk_1' }, before: { phone: null } };
    // Act
    const resolved = resolveTemplates(templates, context, { optional: new Set(['phone']) });
    // Assert
    expect(resolved).toEqual({ booking_id: 'bk_1' });
    expect(() => resolveTemplates(templates, context)).toThrow(/phone: \{\{before.phone\}\} has no value/);
  });
});
