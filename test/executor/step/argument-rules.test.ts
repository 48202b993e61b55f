import { describe, expect, it } from 'vitest';
import { dataGaps, decideArguments } from '../../../lib/executor/step/argument-rules.ts';
import type { PlaceholderEvidence } from '../../../lib/executor/step/placeholder-evidence.ts';
import { stepOutputLookup } from '../../../lib/executor/step/templates.ts';
import type { CompiledAction } from '../../../lib/registry/compiled-action.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';

const registry = loadCompiledRegistry();
const guestCount = registry.require('updateGuestCount');
const reschedule = registry.require('rescheduleBooking');
const noOutputs = stepOutputLookup(new Map());
/** What the executor knows when the user has answered its blocking prompts with `texts`. */
const answered = (...texts: string[]): PlaceholderEvidence => ({ outputs: new Map(), answers: texts });

describe('decideArguments', () => {
  it('sends the confirmed values when the model restates them', () => {
    // Prepare
    const confirmed = { booking_id: 'bk_1042', date: '2026-12-12', start_time: '15:00' };

    // Act
    const decision = decideArguments(reschedule, confirmed, { ...confirmed }, noOutputs);

    // Assess
    expect(decision).toEqual({ ok: true, args: confirmed, ignored: [], filled: [] });
  });

  it('accepts a format fix and sends the value that passes the schema', () => {
    const confirmed = { booking_id: 'bk_1042', date: '2026-12-12', start_time: '3pm' };

    const decision = decideArguments(reschedule, confirmed, { ...confirmed, start_time: '15:00' }, noOutputs);

    expect(decision).toMatchObject({ ok: true, args: { start_time: '15:00' } });
  });

  it('refuses a changed confirmed value, naming it', () => {
    const confirmed = { booking_id: 'bk_1042', date: '2026-12-12', start_time: '15:00' };

    const decision = decideArguments(reschedule, confirmed, { ...confirmed, start_time: '16:00' }, noOutputs);

    expect(decision).toEqual({
      ok: false,
      kind: 'changed_confirmed_value',
      violations: ['start_time was confirmed as "15:00"; the call had "16:00"'],
    });
  });

  it('refuses a call aimed at another booking', () => {
    const confirmed = { booking_id: 'bk_1042', party_size: 6 };

    const decision = decideArguments(
      guestCount,
      confirmed,
      { booking_id: 'bk_1043', party_size: 6 },
      noOutputs,
    );

    expect(decision.ok).toBe(false);
  });

  it('resolves {{step_N.field}} from recorded outputs, whatever the model wrote for it', () => {
    // Prepare
    const outputs = stepOutputLookup(new Map([[1, { booking_id: 'bk_1042' }]]));
    const confirmed = { booking_id: '{{step_1.booking_id}}', party_size: 6 };

    // Act
    const decision = decideArguments(
      guestCount,
      confirmed,
      { booking_id: '{{step_1.booking_id}}', party_size: 6 },
      outputs,
    );

    // Assess
    expect(decision).toMatchObject({ ok: true, args: { booking_id: 'bk_1042', party_size: 6 } });
  });

  it('reports an unresolvable placeholder the model did not fill', () => {
    const decision = decideArguments(
      guestCount,
      { booking_id: '{{step_1.booking_id}}', party_size: 6 },
      { party_size: 6 },
      noOutputs,
    );

    expect(decision).toEqual({
      ok: false,
      kind: 'unresolved',
      missing: { booking_id: ['{{step_1.booking_id}}'] },
    });
  });

  it("lets the model fill a data gap with the user's answer but drops optional parameters the plan did not set", () => {
    // Prepare: the plan left party_size open; the user answered the executor's question.
    const confirmed = { booking_id: 'bk_1042', party_size: null };

    // Act
    const decision = decideArguments(
      guestCount,
      confirmed,
      { booking_id: 'bk_1042', party_size: 7, notify_guest: true },
      noOutputs,
      answered('seven of us'),
    );

    // Assess
    expect(decision).toEqual({
      ok: true,
      args: { booking_id: 'bk_1042', party_size: 7 },
      ignored: ['notify_guest'],
      filled: ['party_size'],
    });
  });
});

describe('dataGaps', () => {
  it('lists required parameters the plan leaves open', () => {
    expect(dataGaps(guestCount, { booking_id: 'bk_1042' })).toEqual(['party_size']);
    expect(dataGaps(guestCount, { booking_id: 'bk_1042', party_size: 4 })).toEqual([]);
  });
});

describe('decideArguments: a placeholder step N cannot resolve', () => {
  const confirmed = { booking_id: '{{step_1.booking_id}}', party_size: 6 };
  const noteOutput = stepOutputLookup(new Map([[1, { note_id: 'n1', text: 'cake' }]]));

  it('refuses a value found neither in step N’s output nor in an answer (another booking id)', () => {
    const evidence = { outputs: new Map([[1, { note_id: 'n1', text: 'cake' }]]), answers: [] };

    const decision = decideArguments(
      guestCount,
      confirmed,
      { booking_id: 'bk_1043', party_size: 6 },
      noteOutput,
      evidence,
    );

    expect(decision).toEqual({
      ok: false,
      kind: 'unresolved',
      missing: { booking_id: ['{{step_1.booking_id}}'] },
      unbacked: { booking_id: 'bk_1043' },
    });
  });

  it('accepts a value found elsewhere in step N’s recorded output', () => {
    const output = { bookings: [{ id: 'bk_1042', reference: 'BK-1042' }] };
    const evidence = { outputs: new Map([[1, output]]), answers: [] };

    const decision = decideArguments(
      guestCount,
      confirmed,
      { booking_id: 'bk_1042', party_size: 6 },
      stepOutputLookup(evidence.outputs),
      evidence,
    );

    expect(decision).toMatchObject({ ok: true, args: { booking_id: 'bk_1042' }, filled: ['booking_id'] });
  });

  it('accepts the value the user gave in a blocking-prompt answer', () => {
    const evidence = { outputs: new Map(), answers: ['It is bk_1042, the Smith party'] };

    const decision = decideArguments(
      guestCount,
      confirmed,
      { booking_id: 'bk_1042', party_size: 6 },
      noOutputs,
      evidence,
    );

    expect(decision).toMatchObject({ ok: true, args: { booking_id: 'bk_1042' } });
  });
});

const contact = registry.require('updateContactDetails');
const confirmation = registry.require('sendBookingConfirmation');
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

/** 000 "never assumes the guest count": a gap takes only a value the user's answer or a recorded output states. */
describe("decideArguments: where a data gap's value may come from", () => {
  const gap = { booking_id: 'bk_1042', party_size: null };

  it('leaves a gap open when the model offers a value nobody stated, so the user is asked', () => {
    // Act: no answer yet; the model guesses 1.
    const decision = decideArguments(guestCount, gap, { booking_id: 'bk_1042', party_size: 1 }, noOutputs);

    // Assess
    expect(decision).toEqual({ ok: false, kind: 'unresolved', missing: {}, unstated: { party_size: 1 } });
  });

  it('leaves a gap open when the answer states another number', () => {
    // Act
    const decision = decideArguments(
      guestCount,
      gap,
      { booking_id: 'bk_1042', party_size: 12 },
      noOutputs,
      answered('16', 'make it sixteen guests'),
    );

    // Assess: 12 is not 16, nor inside "1216"-like digit runs.
    expect(decision).toMatchObject({ ok: false, unstated: { party_size: 12 } });
  });

  it.each([
    ['16', 16],
    ['sixteen guests', 16],
    ['Twenty-two of us', 22],
    ['a dozen', 12],
  ])('takes a count the answer %j states (%i)', (answer, count) => {
    // Act
    const decision = decideArguments(
      guestCount,
      gap,
      { booking_id: 'bk_1042', party_size: count },
      noOutputs,
      answered(answer),
    );

    // Assess
    expect(decision).toMatchObject({ ok: true, args: { party_size: count }, filled: ['party_size'] });
  });

  it('takes a time the answer states in another format, inside a longer answer', () => {
    // Act
    const decision = decideArguments(
      reschedule,
      { booking_id: 'bk_1042', date: '2026-12-04', start_time: null },
      { booking_id: 'bk_1042', date: '2026-12-04', start_time: '15:00' },
      noOutputs,
      answered('3pm please'),
    );

    // Assess
    expect(decision).toMatchObject({ ok: true, args: { start_time: '15:00' }, filled: ['start_time'] });
  });

  it('takes a value a completed step recorded, and not a guess beside it', () => {
    // Prepare
    const evidence: PlaceholderEvidence = {
      outputs: new Map([[1, { booking: { guests: 9 } }]]),
      answers: [],
    };

    // Act
    const recorded = decideArguments(
      guestCount,
      gap,
      { booking_id: 'bk_1042', party_size: 9 },
      noOutputs,
      evidence,
    );
    const guessed = decideArguments(
      guestCount,
      gap,
      { booking_id: 'bk_1042', party_size: 8 },
      noOutputs,
      evidence,
    );

    // Assess
    expect(recorded).toMatchObject({ ok: true, args: { party_size: 9 } });
    expect(guessed).toMatchObject({ ok: false, unstated: { party_size: 8 } });
  });
});
