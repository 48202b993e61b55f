import { describe, expect, it } from 'vitest';
import { dataGaps, decideArguments } from '../../lib/executor/step/argument-rules.ts';
import { stepOutputLookup } from '../../lib/executor/step/templates.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';

const registry = loadCompiledRegistry();
const reschedule = registry.require('rescheduleBooking');
const guestCount = registry.require('updateGuestCount');
const noOutputs = stepOutputLookup(new Map());

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

  it('lets the model fill a data gap but drops optional parameters the plan did not set', () => {
    // Prepare: the plan left party_size open.
    const confirmed = { booking_id: 'bk_1042', party_size: null };

    // Act
    const decision = decideArguments(
      guestCount,
      confirmed,
      { booking_id: 'bk_1042', party_size: 7, notify_guest: true },
      noOutputs,
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
