import { describe, expect, it } from 'vitest';
import { e164Digits, regionOf, samePhone } from '../../../eval/lib/score/same-phone.ts';

describe('samePhone', () => {
  it('reads US numbers written in different ways as one E.164 number', () => {
    // Act
    const forms = ['+1 312 555 0142', '(312) 555-0142', '312.555.0142', '1-312-555-0142'].map((p) =>
      e164Digits(p, 'US'),
    );
    // Assess
    expect(new Set(forms)).toEqual(new Set(['13125550142']));
  });

  it('drops the Australian trunk prefix and keeps other numbers apart', () => {
    // Act / Assess
    expect(samePhone('0412 345 678', '+61 412 345 678', 'AU')).toBe(true);
    expect(samePhone('0412 345 678', '+61 412 345 679', 'AU')).toBe(false);
    expect(samePhone('0412 345 678', '+64 412 345 678', 'AU')).toBe(false);
  });

  it('takes the region from the venue locale', () => {
    // Act / Assess
    expect(regionOf('en-US')).toBe('US');
    expect(regionOf('en-AU')).toBe('AU');
    expect(regionOf(undefined)).toBeUndefined();
  });
});
