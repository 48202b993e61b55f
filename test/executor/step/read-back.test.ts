import { fc, test } from '@fast-check/vitest';
import { describe, expect, it } from 'vitest';
import {
  canReadBack,
  judgeReadBack,
  judgeVerify,
  readBack,
  verifyBaseline,
} from '../../../lib/executor/step/read-back.ts';
import { CompiledAction } from '../../../lib/registry/compiled-action.ts';
import { loadCompiledRegistry } from '../../../lib/registry/compiled-registry.ts';
import { steps } from '../../support/executor-plans.ts';
import { bookingRead, failed, stepRig } from '../../support/step-run-rig.ts';
import { useMemoryExecutorStack } from '../../support/use-memory-executor-stack.ts';

/**
 * ADR 0007 / 0011: what reading a booking back says about a write whose answer was lost. `applied` lets the plan
 * go on, `not_applied` fails it cleanly (or re-sends), `unknown` leaves it in doubt with the reason the user reads.
 */
const registry = loadCompiledRegistry();
const guestCount = registry.require('updateGuestCount');
const reschedule = registry.require('rescheduleBooking');
const confirmation = registry.require('sendBookingConfirmation');
const note = registry.require('addBookingNote');

/** `action` with a verify block reading getBooking by the request's booking id and comparing `fields` (ADR 0011). */
const withVerify = (action: CompiledAction, action_id: string, fields: Record<string, string>) =>
  CompiledAction.parse({
    ...action,
    action_id,
    verify: { action_id: 'getBooking', parameters: { booking_id: '{{request.booking_id}}' }, fields },
  });

const CHANGE_NOT_OURS = 'the booking shows a change that is not this one';
const CANNOT_TELL = 'the booking does not tell whether the change was made';

describe('judgeReadBack: with a version in the pre-image and the read-back', () => {
  const step = {
    resolved_parameters: { booking_id: 'bk_1042', party_size: 14 },
    before: { booking_id: 'bk_1042', party_size: 12, version: 3 },
  };

  it('the version unmoved: not applied, whatever the fields show', () => {
    // Act / Assess
    expect(judgeReadBack(guestCount, step, { party_size: 14, version: 3 })).toEqual({ kind: 'not_applied' });
  });

  it('the version moved and the sent value shows: applied, with the data read', () => {
    // Prepare
    const data = { booking_id: 'bk_1042', party_size: 14, version: 4 };
    // Act / Assess
    expect(judgeReadBack(guestCount, step, data)).toEqual({ kind: 'applied', data });
  });

  it('the version moved without the sent value, or went backwards: someone else’s change', () => {
    // Act / Assess
    expect(judgeReadBack(guestCount, step, { party_size: 13, version: 4 })).toEqual({
      kind: 'unknown',
      reason: CHANGE_NOT_OURS,
    });
    expect(judgeReadBack(guestCount, step, { party_size: 14, version: 2 })).toEqual({
      kind: 'unknown',
      reason: CHANGE_NOT_OURS,
    });
  });

  test.prop([fc.integer({ min: 0, max: 1000 }), fc.integer({ min: 0, max: 1000 }), fc.boolean()])(
    'applied exactly when the version moved forward and the sent value shows',
    (was, now, shows) => {
      // Prepare
      const data = { party_size: shows ? 14 : 13, version: now };
      // Act
      const judged = judgeReadBack(guestCount, { ...step, before: { party_size: 12, version: was } }, data);
      // Assess
      if (now === was) expect(judged).toEqual({ kind: 'not_applied' });
      else if (now > was && shows) expect(judged).toEqual({ kind: 'applied', data });
      else expect(judged).toEqual({ kind: 'unknown', reason: CHANGE_NOT_OURS });
    },
  );
});

describe('judgeReadBack: which fields and versions count', () => {
  const moved = {
    resolved_parameters: { booking_id: 'bk_1042', date: '2026-05-12', start_time: '15:00' },
    before: { date: '2026-05-10', start_time: '14:00', version: 3 },
  };

  it('a sent field the resource does not carry is not held against it: the others decide', () => {
    // Act / Assess: the read-back has no start_time at all; the date shows what was sent.
    expect(judgeReadBack(reschedule, moved, { date: '2026-05-12', version: 4 })).toEqual({
      kind: 'applied',
      data: { date: '2026-05-12', version: 4 },
    });
  });

  it('a moved version with none of the sent fields visible, or only some of them showing, is not ours to claim', () => {
    // Act / Assess
    expect(judgeReadBack(reschedule, moved, { status: 'confirmed', version: 4 })).toEqual({
      kind: 'unknown',
      reason: CHANGE_NOT_OURS,
    });
    expect(judgeReadBack(reschedule, moved, { date: '2026-05-12', start_time: '14:00', version: 4 })).toEqual(
      {
        kind: 'unknown',
        reason: CHANGE_NOT_OURS,
      },
    );
  });

  it('a version that is not a number on either side is not compared: the values decide', () => {
    // Prepare
    const step = {
      resolved_parameters: { booking_id: 'bk_1042', party_size: 14 },
      before: { party_size: 12 },
    };
    // Act / Assess: "4" against 4, and 3 against "3", would otherwise read as a change that is not ours.
    expect(
      judgeReadBack(
        guestCount,
        { ...step, before: { party_size: 12, version: '4' } },
        { party_size: 12, version: 4 },
      ),
    ).toEqual({
      kind: 'not_applied',
    });
    expect(
      judgeReadBack(
        guestCount,
        { ...step, before: { party_size: 12, version: 3 } },
        { party_size: 12, version: '3' },
      ),
    ).toEqual({
      kind: 'not_applied',
    });
  });
});

describe('judgeReadBack: without versions, by the values alone', () => {
  const step = {
    resolved_parameters: { booking_id: 'bk_1042', party_size: 14 },
    before: { party_size: 12, version: 3 },
  };

  it('the sent value and not the old one: applied; the old one and not the sent one: not applied', () => {
    // Act / Assess: the read-back carries no version, so the pre-image's alone proves nothing.
    expect(judgeReadBack(guestCount, step, { party_size: 14 })).toEqual({
      kind: 'applied',
      data: { party_size: 14 },
    });
    expect(judgeReadBack(guestCount, step, { booking_id: 'bk_1042', party_size: 12 })).toEqual({
      kind: 'not_applied',
    });
  });

  it('a third value, or no field to compare: cannot tell', () => {
    // Act / Assess
    expect(judgeReadBack(guestCount, step, { party_size: 13 })).toEqual({
      kind: 'unknown',
      reason: CANNOT_TELL,
    });
    expect(judgeReadBack(guestCount, step, { booking_id: 'bk_1042', status: 'confirmed' })).toEqual({
      kind: 'unknown',
      reason: CANNOT_TELL,
    });
  });

  it('a pre-image with a version but a read-back without one is judged by the values', () => {
    // Act / Assess
    expect(
      judgeReadBack(guestCount, { ...step, before: { party_size: 12, version: 3 } }, { party_size: 12 }),
    ).toEqual({ kind: 'not_applied' });
    expect(
      judgeReadBack(guestCount, { ...step, before: { party_size: 12 } }, { party_size: 12, version: 9 }),
    ).toEqual({ kind: 'not_applied' });
  });

  it('the booking id names the resource, not the change: it never counts as a shown value', () => {
    // Prepare: the pre-image kept no booking_id; the read-back has one.
    const noIdBefore = {
      resolved_parameters: { booking_id: 'bk_1042', party_size: 14 },
      before: { party_size: 12 },
    };
    // Act / Assess
    expect(judgeReadBack(guestCount, noIdBefore, { booking_id: 'bk_1042', party_size: 12 })).toEqual({
      kind: 'not_applied',
    });
    expect(
      judgeReadBack(guestCount, { ...noIdBefore, resolved_parameters: { booking_id: 'bk_1042' } }, {}),
    ).toEqual({ kind: 'unknown', reason: CANNOT_TELL });
  });

  it('a step with no recorded request or pre-image cannot be judged', () => {
    // Act / Assess
    expect(judgeReadBack(guestCount, {}, { party_size: 14 })).toEqual({
      kind: 'unknown',
      reason: CANNOT_TELL,
    });
  });

  it('reads enum values case-insensitively and dates in the venue’s locale', () => {
    // Prepare
    const sent = {
      resolved_parameters: { booking_id: 'bk_1042', channel: 'email' },
      before: { channel: 'sms' },
    };
    const newYork = { timeZone: 'America/New_York', locale: 'en-US' };
    const moved = {
      resolved_parameters: { booking_id: 'bk_1042', date: '2026-05-12' },
      before: { date: '2026-12-05' },
    };
    // Act / Assess
    expect(judgeReadBack(confirmation, sent, { channel: 'EMAIL' }).kind).toBe('applied');
    expect(judgeReadBack(reschedule, moved, { date: '05/12/2026' }, newYork).kind).toBe('applied');
    expect(judgeReadBack(reschedule, moved, { date: '05/12/2026' }).kind).toBe('not_applied');
  });
});

describe('judgeVerify (ADR 0011: the overlay’s verify read)', () => {
  const step = {
    resolved_parameters: { booking_id: 'bk_1042', text: 'Cake at 9:45' },
    before: { version: 3 },
  };
  const withNote = (version: number | undefined, ...texts: string[]) => ({
    ...(version === undefined ? {} : { version }),
    notes: texts.map((text) => ({ text })),
  });

  it('the version moved and a note shows the sent text: applied', () => {
    // Prepare
    const data = withNote(4, 'Allergy: nuts', 'Cake at 9:45');
    // Act / Assess
    expect(judgeVerify(note, step, data)).toEqual({ kind: 'applied', data });
  });

  it('the version unmoved: not applied; moved without our note, or backwards: someone else’s change', () => {
    // Act / Assess
    expect(judgeVerify(note, step, withNote(3, 'Cake at 9:45'))).toEqual({ kind: 'not_applied' });
    expect(judgeVerify(note, step, withNote(4, 'Allergy: nuts'))).toEqual({
      kind: 'unknown',
      reason: CHANGE_NOT_OURS,
    });
    expect(judgeVerify(note, step, withNote(2, 'Cake at 9:45'))).toEqual({
      kind: 'unknown',
      reason: CHANGE_NOT_OURS,
    });
  });

  it('without a version on either side: judged by the fields alone', () => {
    // Act / Assess
    expect(judgeVerify(note, step, withNote(undefined, 'Cake at 9:45'))).toEqual({
      kind: 'applied',
      data: withNote(undefined, 'Cake at 9:45'),
    });
    expect(judgeVerify(note, step, withNote(undefined, 'Allergy'))).toEqual({ kind: 'not_applied' });
    expect(judgeVerify(note, { ...step, before: {} }, withNote(7, 'Allergy'))).toEqual({
      kind: 'not_applied',
    });
    expect(judgeVerify(note, { resolved_parameters: step.resolved_parameters }, withNote(7))).toEqual({
      kind: 'not_applied',
    });
  });

  it('an action without a verify block cannot be read back that way', () => {
    // Act / Assess
    expect(judgeVerify(guestCount, step, {})).toEqual({
      kind: 'unknown',
      reason: 'this change cannot be read back',
    });
  });

  it('some fields only: cannot tell; a literal, a typed and a nested field are each compared as declared', () => {
    // Prepare: a verify block over three fields, one a literal, one a typed parameter, one a nested request path.
    const action = withVerify(guestCount, 'updateGuestCountChecked', {
      party_size: '{{request.party_size}}',
      status: 'confirmed',
      'guest.name': '{{request.guest.name}}',
    });
    const request = { booking_id: 'bk_1042', party_size: 14, guest: { name: 'Ana' } };
    const sent = { resolved_parameters: request };
    // Act / Assess: "14" reads as the number 14; the literal and the nested field compare as text.
    expect(
      judgeVerify(action, sent, { party_size: '14', status: 'confirmed', guest: { name: 'Ana' } }).kind,
    ).toBe('applied');
    expect(
      judgeVerify(action, sent, { party_size: 14, status: 'confirmed', guest: { name: 'ana' } }),
    ).toEqual({
      kind: 'unknown',
      reason: CANNOT_TELL,
    });
    expect(
      judgeVerify(action, sent, { party_size: 14, status: 'cancelled', guest: { name: 'Ana' } }).kind,
    ).toBe('unknown');
    expect(
      judgeVerify(action, { resolved_parameters: { booking_id: 'bk_1042', party_size: 14 } }, {}).kind,
    ).toBe('not_applied');
    expect(
      judgeVerify(
        action,
        { resolved_parameters: { booking_id: 'bk_1042', party_size: 14 } },
        { party_size: 14, status: 'confirmed' },
      ),
    ).toEqual({ kind: 'unknown', reason: CANNOT_TELL });
  });

  it('a field whose sent value is missing from the request never shows, whatever the resource holds', () => {
    // Prepare: neither party_size nor guest.name was sent. A JavaScript backend may well echo the text "undefined".
    const action = withVerify(guestCount, 'updateGuestCountChecked', {
      party_size: '{{request.party_size}}',
      'guest.name': '{{request.guest.name}}',
    });
    // Act / Assess
    expect(
      judgeVerify(
        action,
        { resolved_parameters: { booking_id: 'bk_1042' } },
        { guest: { name: 'undefined' } },
      ),
    ).toEqual({ kind: 'not_applied' });
    expect(
      judgeVerify(action, { resolved_parameters: { booking_id: 'bk_1042' } }, { party_size: 'n/a' }),
    ).toEqual({
      kind: 'not_applied',
    });
  });

  it('an enum field is compared as the enum is read: case does not matter', () => {
    // Prepare
    const action = withVerify(confirmation, 'sendBookingConfirmationChecked', {
      'confirmation.channel': '{{request.channel}}',
      channel: '{{request.channel}}',
    });
    // Act / Assess
    expect(
      judgeVerify(
        action,
        { resolved_parameters: { booking_id: 'bk_1042', channel: 'email' } },
        {
          channel: 'EMAIL',
          confirmation: { channel: 'email' },
        },
      ).kind,
    ).toBe('applied');
  });

  it('a typed field is read in the venue’s locale', () => {
    // Prepare
    const action = withVerify(reschedule, 'rescheduleChecked', { date: '{{request.date}}' });
    const sent = { resolved_parameters: { booking_id: 'bk_1042', date: '2026-05-12' } };
    // Act / Assess
    expect(
      judgeVerify(action, sent, { date: '05/12/2026' }, { timeZone: 'America/New_York', locale: 'en-US' })
        .kind,
    ).toBe('applied');
    expect(judgeVerify(action, sent, { date: '05/12/2026' }).kind).toBe('not_applied');
  });
});

describe('canReadBack', () => {
  it('a verify block or a pre-image read makes a lost answer readable; a create has neither', () => {
    // Act / Assess
    expect(canReadBack(note)).toBe(true);
    expect(canReadBack(guestCount)).toBe(true);
    expect(canReadBack(registry.require('createBooking'))).toBe(false);
    expect(canReadBack(registry.require('cancelBooking'))).toBe(false);
  });
});

describe('verifyBaseline / readBack over the booking API', () => {
  const stack = useMemoryExecutorStack();
  const noteRequest = { booking_id: 'bk_1042', text: 'Cake at 9:45' };

  it('a verify block with a version records the booking’s version (and reference) before the write', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.note('Cake at 9:45')], () => bookingRead({ notes: [] }));
    // Act
    const before = await verifyBaseline(rig.ctx, note, 1, noteRequest);
    // Assess
    expect(before).toEqual({ booking_id: 'bk_1042', booking_reference: 'BK-1042', version: 3 });
    expect(rig.calls).toEqual([{ action_id: 'getBooking', args: { booking_id: 'bk_1042' } }]);
  });

  it('no baseline when the read fails, the request lacks the read’s arguments, or a pre-image is taken', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.note('Cake at 9:45')], () => failed(500, 'server_error'));
    // Act / Assess
    expect(await verifyBaseline(rig.ctx, note, 1, noteRequest)).toBeUndefined();
    expect(await verifyBaseline(rig.ctx, note, 1, { text: 'x' })).toBeUndefined();
    expect(
      await verifyBaseline(rig.ctx, guestCount, 1, { booking_id: 'bk_1042', party_size: 3 }),
    ).toBeUndefined();
    expect(rig.calls).toHaveLength(1);
  });

  it('takes no baseline without a version to compare, or when the pre-image read already is the baseline', async () => {
    // Prepare
    const { version: _unversioned, ...noVersion } = note.verify ?? { version: undefined };
    const unversioned = CompiledAction.parse({
      ...note,
      action_id: 'addBookingNoteUnversioned',
      verify: noVersion,
    });
    const both = CompiledAction.parse({
      ...guestCount,
      action_id: 'updateGuestCountVerified',
      verify: note.verify,
    });
    const rig = await stepRig(stack, [steps.note('Cake at 9:45')], () => bookingRead({ notes: [] }));
    // Act / Assess: neither reads the booking.
    expect(await verifyBaseline(rig.ctx, unversioned, 1, noteRequest)).toBeUndefined();
    expect(await verifyBaseline(rig.ctx, both, 1, { booking_id: 'bk_1042', party_size: 3 })).toBeUndefined();
    expect(rig.calls).toEqual([]);
  });

  it('verify reads only what the request says: a value from elsewhere makes the change unreadable', async () => {
    // Prepare: the verify read's booking id names a step's result, which the request does not hold.
    const elsewhere = CompiledAction.parse({
      ...note,
      action_id: 'addBookingNoteElsewhere',
      verify: { ...note.verify, parameters: { booking_id: '{{step_1.booking_id}}' } },
    });
    const rig = await stepRig(stack, [steps.note('Cake at 9:45')], () => bookingRead({ notes: [] }));
    // Act / Assess
    expect(await verifyBaseline(rig.ctx, elsewhere, 1, noteRequest)).toBeUndefined();
    expect(
      await readBack(rig.ctx, elsewhere, {
        step_number: 1,
        action_id: 'addBookingNote',
        parameters: {},
        resolved_parameters: noteRequest,
        safety_tier: 'normal',
        executed: false,
        step_state: 'intent_recorded',
      }),
    ).toEqual({ kind: 'unknown', reason: 'this change cannot be read back' });
    expect(rig.calls).toEqual([]);
  });

  it('each read is traced with what it was for: the baseline as a pre-image, the read-back as one', async () => {
    // Prepare
    const rig = await stepRig(stack, [steps.note('Cake at 9:45')], () =>
      bookingRead({ version: 4, notes: [{ text: 'Cake at 9:45' }] }),
    );
    const step = {
      step_number: 1,
      resolved_parameters: { booking_id: 'bk_1042', party_size: 14 },
      before: { party_size: 12, version: 3 },
      parameters: {},
      safety_tier: 'normal' as const,
      executed: false,
      step_state: 'intent_recorded' as const,
    };
    // Act
    await verifyBaseline(rig.ctx, note, 1, noteRequest);
    await readBack(rig.ctx, note, { ...step, action_id: 'addBookingNote', resolved_parameters: noteRequest });
    await readBack(rig.ctx, guestCount, { ...step, action_id: 'updateGuestCount' });
    // Assess
    const purposes = rig.world.tracer.records.flatMap((r) =>
      r.kind === 'span' && r.name === 'tool:getBooking'
        ? [(r.options?.input as { purpose?: string } | undefined)?.purpose]
        : [],
    );
    expect(purposes).toEqual(['pre_image', 'read_back', 'read_back']);
  });

  it('reads a date back in the venue’s own locale (05/12/2026 is 12 May in New York, 5 December in Sydney)', async () => {
    // Prepare: no version on either side, so the values decide.
    const rig = await stepRig(stack, [steps.guestCount(6)], () => ({
      ...bookingRead({ date: '05/12/2026' }),
      data: { booking_id: 'bk_1042', date: '05/12/2026' },
    }));
    const step = {
      step_number: 1,
      action_id: 'rescheduleBooking',
      parameters: {},
      resolved_parameters: { booking_id: 'bk_1042', date: '2026-05-12' },
      before: { date: '2026-12-05' },
      safety_tier: 'normal' as const,
      executed: false,
      step_state: 'intent_recorded' as const,
    };
    const newYork = {
      ...rig.ctx,
      deps: {
        ...rig.ctx.deps,
        config: { ...rig.ctx.deps.config, VENUE_TIMEZONE: 'America/New_York', VENUE_LOCALE: 'en-US' },
      },
    };
    // Act / Assess
    expect((await readBack(newYork, reschedule, step)).kind).toBe('applied');
    expect((await readBack(rig.ctx, reschedule, step)).kind).toBe('not_applied');
  });

  it('reads back through verify, else the pre-image read; says why when it cannot', async () => {
    // Prepare
    let answer = bookingRead({ version: 4, notes: [{ text: 'Cake at 9:45' }] });
    const rig = await stepRig(stack, [steps.note('Cake at 9:45')], () => answer);
    const step = (action_id: string, resolved_parameters: Record<string, unknown>) => ({
      step_number: 1,
      action_id,
      parameters: {},
      resolved_parameters,
      before: { version: 3 },
      safety_tier: 'normal' as const,
      executed: false,
      step_state: 'intent_recorded' as const,
    });
    // Act / Assess
    expect((await readBack(rig.ctx, note, step('addBookingNote', noteRequest))).kind).toBe('applied');
    expect(rig.calls.at(-1)).toEqual({ action_id: 'getBooking', args: { booking_id: 'bk_1042' } });
    expect(await readBack(rig.ctx, note, step('addBookingNote', { text: 'x' }))).toEqual({
      kind: 'unknown',
      reason: 'this change cannot be read back',
    });
    expect(await readBack(rig.ctx, registry.require('createBooking'), step('createBooking', {}))).toEqual({
      kind: 'unknown',
      reason: 'this change cannot be read back',
    });
    expect(
      await readBack(
        rig.ctx,
        guestCount,
        step('updateGuestCount', { booking_id: 'bk_1042', party_size: 14 }),
      ),
    ).toEqual({ kind: 'unknown', reason: CHANGE_NOT_OURS });
    answer = failed(503, 'server_error');
    const unreadable = { kind: 'unknown', reason: 'the booking could not be read back' };
    expect(await readBack(rig.ctx, note, step('addBookingNote', noteRequest))).toEqual(unreadable);
    expect(await readBack(rig.ctx, guestCount, step('updateGuestCount', { booking_id: 'bk_1042' }))).toEqual(
      unreadable,
    );
  });
});
