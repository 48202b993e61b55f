import { describe, expect, it } from 'vitest';
import { decideArguments } from '../../lib/executor/step/argument-rules.ts';
import { stepOutputLookup } from '../../lib/executor/step/templates.ts';
import type { CompiledAction } from '../../lib/registry/compiled-action.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';

const registry = loadCompiledRegistry();
const reschedule = registry.require('rescheduleBooking');
const contact = registry.require('updateContactDetails');
const confirmation = registry.require('sendBookingConfirmation');
const noOutputs = stepOutputLookup(new Map());
const outputs = stepOutputLookup(new Map([[1, { booking_id: 'bk_1042' }]]));

/** 000 "Post-confirmation immutability": what a model may restate, fill or never change in a confirmed step. */
describe('decideArguments: restating a confirmed value', () => {
  it('sends the confirmed text when the model restates it in another case and spacing', () => {
    // Act
    const decision = decideArguments(
      contact,
      { booking_id: 'bk_1042', guest_name: 'John Smith' },
      { booking_id: 'bk_1042', guest_name: '  JOHN   smith ' },
      noOutputs,
    );

    // Assess: both pass the schema; the confirmed one is sent.
    expect(decision).toEqual({
      ok: true,
      args: { booking_id: 'bk_1042', guest_name: 'John Smith' },
      ignored: [],
      filled: [],
    });
  });

  it('reads an enum restatement against the parameter’s values', () => {
    // Act
    const decision = decideArguments(
      confirmation,
      { booking_id: 'bk_1042', channel: 'sms' },
      { booking_id: 'bk_1042', channel: 'SMS' },
      noOutputs,
    );

    // Assess
    expect(decision).toMatchObject({ ok: true, args: { channel: 'sms' } });
  });

  it('reads a restated date in the venue’s locale: 12/05 is 12 May in the US and 5 December in Australia', () => {
    // Prepare
    const confirmed = { booking_id: 'bk_1042', date: '2026-05-12', start_time: '15:00' };
    const offered = { ...confirmed, date: '05/12/2026' };
    const newYork = { timeZone: 'America/New_York', locale: 'en-US' };

    // Act
    const inNewYork = decideArguments(reschedule, confirmed, offered, noOutputs, undefined, newYork);
    const atHome = decideArguments(reschedule, confirmed, offered, noOutputs);

    // Assess
    expect(inNewYork).toMatchObject({ ok: true, args: { date: '2026-05-12' } });
    expect(atHome).toMatchObject({ ok: false, kind: 'changed_confirmed_value' });
  });

  it('quotes changed text exactly as written in the refusal', () => {
    // Act
    const decision = decideArguments(
      contact,
      { booking_id: 'bk_1042', guest_name: 'Ann "Annie" Lee' },
      { booking_id: 'bk_1042', guest_name: 'Ann Lee' },
      noOutputs,
    );

    // Assess
    expect(decision).toEqual({
      ok: false,
      kind: 'changed_confirmed_value',
      violations: ['guest_name was confirmed as "Ann "Annie" Lee"; the call had "Ann Lee"'],
    });
  });
});

describe('decideArguments: placeholders', () => {
  it('refuses a resolved placeholder restated as another value, though the model may restate the placeholder', () => {
    // Prepare
    const confirmed = { booking_id: '{{step_1.booking_id}}', channel: 'email' };

    // Act
    const other = decideArguments(confirmation, confirmed, { ...confirmed, booking_id: 'bk_9999' }, outputs);
    const same = decideArguments(confirmation, confirmed, { ...confirmed }, outputs);

    // Assess
    expect(other).toEqual({
      ok: false,
      kind: 'changed_confirmed_value',
      violations: ['booking_id was confirmed as "bk_1042"; the call had "bk_9999"'],
    });
    expect(same).toMatchObject({ ok: true, args: { booking_id: 'bk_1042', channel: 'email' } });
  });
});

describe('decideArguments: keys the action does not declare', () => {
  // A plan stored before a parameter was renamed or dropped from the spec still carries its old key.
  const legacy: CompiledAction = {
    ...confirmation,
    parameters: confirmation.parameters.filter((p) => p.name !== 'channel'),
  };

  it('sends a confirmed undeclared value only when restated exactly', () => {
    // Act
    const same = decideArguments(
      legacy,
      { booking_id: 'bk_1042', channel: 'email' },
      { booking_id: 'bk_1042', channel: 'email' },
      noOutputs,
    );
    const changed = decideArguments(
      legacy,
      { booking_id: 'bk_1042', channel: 'email' },
      { booking_id: 'bk_1042', channel: 'EMAIL' },
      noOutputs,
    );

    // Assess
    expect(same).toEqual({
      ok: true,
      args: { booking_id: 'bk_1042', channel: 'email' },
      ignored: [],
      filled: [],
    });
    expect(changed).toEqual({
      ok: false,
      kind: 'changed_confirmed_value',
      violations: ['channel was confirmed as "email"; the call had "EMAIL"'],
    });
  });
});

describe('decideArguments: data gaps', () => {
  it('does not fill a gap with an empty value', () => {
    // Act
    const decision = decideArguments(
      confirmation,
      { booking_id: 'bk_1042' },
      { booking_id: 'bk_1042', channel: '' },
      noOutputs,
    );

    // Assess
    expect(decision).toEqual({ ok: true, args: { booking_id: 'bk_1042' }, ignored: [], filled: [] });
  });
});
