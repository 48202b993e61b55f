import { describe, expect, it } from 'vitest';
import {
  maskEchoedText,
  maskPlanPii,
  type PiiLookup,
  piiLookupFromRegistry,
} from '../../lib/plans/mask-plan.ts';
import { StoredPlan, type StoredStep } from '../../lib/plans/stored-plan.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

const EMAIL = 'john.smith@example.com';
const OLD_EMAIL = 'jsmith@oldmail.com';
const PHONE = '+61 412 345 678';

/** The real registry's view: updateContactDetails declares guest_name, email and phone as PII. */
const registry = loadCompiledRegistry();
const contactPii = piiLookupFromRegistry((id) => registry.get(id));

/** A completed contact update whose PII was copied into every place the executor records. */
function completedContactUpdate(): StoredPlan {
  return aStoredPlan({
    status: 'completed',
    intent_summary: `Update John Smith's email to ${EMAIL}`,
    confirmed_at: '2026-11-20T10:01:00.000Z',
    completed_at: '2026-11-20T10:02:00.000Z',
    actions: [
      {
        step_number: 1,
        action_id: 'updateContactDetails',
        parameters: { booking_id: 'BK-1042', email: EMAIL, phone: PHONE, guest_name: 'John Smith' },
        resolved_parameters: { booking_id: 'BK-1042', email: EMAIL, phone: PHONE, guest_name: 'John Smith' },
        before: {
          booking_id: 'BK-1042',
          guest: { email: OLD_EMAIL, phone: '0400 111 222' },
          date: '2026-12-12',
        },
        safety_tier: 'normal',
        executed: true,
        step_state: 'succeeded',
        description: `Update contact of BK-1042 (John Smith): email ${EMAIL}, phone ${PHONE}`,
        result: {
          success: true,
          response_data: {
            booking_id: 'BK-1042',
            email: EMAIL,
            phone: PHONE,
            notes: `call ${PHONE}`,
            party_size: 4,
          },
        },
      },
    ],
  });
}

describe('maskPlanPii', () => {
  it('leaves no unmasked email, phone or guest name anywhere in a terminal plan', () => {
    // Prepare
    const plan = completedContactUpdate();
    // Act
    const masked = maskPlanPii(plan, contactPii);
    // Assess
    const item = JSON.stringify(masked);
    for (const raw of [EMAIL, OLD_EMAIL, PHONE, '0400 111 222', 'John Smith'])
      expect(item).not.toContain(raw);
    expect(masked.pii_masked).toBe(true);
    expect(StoredPlan.safeParse(masked).success).toBe(true);
  });

  it('masks parameters by kind and keeps everything else as it was', () => {
    const masked = maskPlanPii(completedContactUpdate(), contactPii);
    const [step] = masked.actions;
    expect(step?.parameters).toEqual({
      booking_id: 'BK-1042',
      email: 'j***@example.com',
      phone: '***78',
      guest_name: 'J*** S***',
    });
    expect(step?.before).toEqual({
      booking_id: 'BK-1042',
      guest: { email: 'j***@oldmail.com', phone: '***22' },
      date: '2026-12-12',
    });
    expect(step?.result?.response_data).toEqual({
      booking_id: 'BK-1042',
      email: 'j***@example.com',
      phone: '***78',
      notes: 'call ***78',
      party_size: 4,
    });
  });

  it('keeps the summary and descriptions readable', () => {
    const masked = maskPlanPii(completedContactUpdate(), contactPii);
    expect(masked.intent_summary).toBe("Update J*** S***'s email to j***@example.com");
    expect(masked.actions[0]?.description).toBe(
      'Update contact of BK-1042 (J*** S***): email j***@example.com, phone ***78',
    );
  });

  it('masks the replaced values (the pre-image) wherever a step line or summary repeats them', () => {
    // Prepare: a name change whose line shows the old and the new name
    const plan = aStoredPlan({
      status: 'completed',
      intent_summary: 'Update the contact details of BK-1042 (John Smith)',
      actions: [
        {
          step_number: 1,
          action_id: 'updateContactDetails',
          parameters: { booking_id: 'bk_1', guest_name: 'Jane Doe' },
          before: { booking_id: 'bk_1', guest_name: 'John Smith' },
          description: 'Update contact details BK-1042 (John Smith): guest name John Smith → Jane Doe',
          safety_tier: 'normal',
          executed: true,
          step_state: 'succeeded',
        },
      ],
    });
    // Act
    const masked = maskPlanPii(plan, contactPii);
    // Assess
    expect(masked.intent_summary).toBe('Update the contact details of BK-1042 (J*** S***)');
    expect(masked.actions[0]?.description).toBe(
      'Update contact details BK-1042 (J*** S***): guest name J*** S*** → J*** D***',
    );
  });

  it('infers PII from key names when the registry does not say', () => {
    // Prepare
    const plan = aStoredPlan({
      actions: [
        {
          step_number: 1,
          action_id: 'createBooking',
          parameters: { guest_email: 'ann@example.com', contact_phone: '0412 000 111', date: '2026-12-12' },
          safety_tier: 'normal',
          executed: false,
          step_state: 'pending',
        },
      ],
    });
    // Act
    const masked = maskPlanPii(plan, () => false);
    // Assess
    expect(masked.actions[0]?.parameters).toEqual({
      guest_email: 'a***@example.com',
      contact_phone: '***11',
      date: '2026-12-12',
    });
  });

  it('masks failure texts and rollback guidance, and leaves placeholders alone', () => {
    // Prepare
    const plan = aStoredPlan({
      status: 'rolled_back',
      failure_reason: `Could not send to ${EMAIL}`,
      rollback_report: {
        triggered_by_step: 2,
        actions_reversed: [1],
        actions_failed_to_reverse: [{ step_number: 1, reason: `restore ${PHONE} failed` }],
        manual_recovery_steps: [`Call the guest on ${PHONE}`],
      },
      actions: [
        {
          step_number: 1,
          action_id: 'updateContactDetails',
          parameters: { booking_id: '{{step_0.booking_id}}', email: EMAIL },
          safety_tier: 'normal',
          executed: true,
          step_state: 'succeeded',
        },
      ],
    });
    // Act
    const masked = maskPlanPii(plan, contactPii);
    // Assess
    expect(masked.failure_reason).toBe('Could not send to j***@example.com');
    expect(masked.rollback_report?.actions_failed_to_reverse).toEqual([
      { step_number: 1, reason: 'restore ***78 failed' },
    ]);
    expect(masked.rollback_report?.manual_recovery_steps).toEqual(['Call the guest on ***78']);
    expect(masked.actions[0]?.parameters.booking_id).toBe('{{step_0.booking_id}}');
  });

  it('keeps a summary at the 001 limit within it although masked names are longer', () => {
    // Prepare: a 200-character summary naming the guest three times ("Gus" → "G***" grows each time).
    const plan = completedContactUpdate();
    const line = 'Update guest count BK-1042 (John Smith): party size 9 → 12; then ';
    plan.intent_summary = `${line.repeat(4)}`.slice(0, 199).concat('…');
    // Act
    const masked = maskPlanPii(plan, contactPii);
    // Assess
    expect(plan.intent_summary).toHaveLength(200);
    expect(masked.intent_summary.length).toBeLessThanOrEqual(200);
    expect(masked.intent_summary).not.toContain('John Smith');
    expect(StoredPlan.safeParse(masked).success).toBe(true);
  });

  it('is idempotent and does not mutate its input', () => {
    const plan = completedContactUpdate();
    const snapshot = structuredClone(plan);
    const once = maskPlanPii(plan, contactPii);
    expect(maskPlanPii(once, contactPii)).toEqual(once);
    expect(plan).toEqual(snapshot);
  });
});

describe('piiLookupFromRegistry', () => {
  it('reads the pii flag of the compiled parameter', () => {
    expect(contactPii('updateContactDetails', 'email')).toBe(true);
    expect(contactPii('updateContactDetails', 'booking_id')).toBe(false);
    expect(contactPii('rescheduleBooking', 'date')).toBe(false);
    // Issue 31: a name no action declares is judged by the compiler's name rule (isPiiParameter), as the
    // executor's masker always judged it; the plan masker masked it by key anyway, so nothing is masked differently.
    expect(contactPii('unknownAction', 'email')).toBe(true);
    expect(contactPii('unknownAction', 'note')).toBe(false);
  });
});

/** One succeeded contact update naming `guest_name`, with the given summary and response. */
function contactUpdate(summary: string, response_data: Record<string, unknown> = {}) {
  return planWith(contactStep({ result: { success: true, response_data } }), { intent_summary: summary });
}

describe('maskPlanPii at the edges', () => {
  it('keeps a summary at the 200-character limit within it once masking lengthened it (001)', () => {
    // Prepare: "Gus Ng" (6) masks to "G*** N***" (9): a 200-character summary grows past the limit.
    const summary = `Rename to Gus Ng ${'x'.repeat(200 - 'Rename to Gus Ng '.length)}`;

    // Act
    const masked = maskPlanPii(contactUpdate(summary), contactPii).intent_summary;

    // Assess
    expect(summary).toHaveLength(200);
    expect(masked).toHaveLength(200);
    expect(masked.startsWith('Rename to G*** N***')).toBe(true);
    expect(masked.endsWith('x…')).toBe(true);
  });

  it('leaves a summary under the limit whole', () => {
    const masked = maskPlanPii(contactUpdate('Rename to Gus Ng'), contactPii).intent_summary;

    expect(masked).toBe('Rename to G*** N***');
  });

  it('masks what a PII key holds when it is not a string (a nested guest), and keeps numbers and nulls', () => {
    // Prepare
    const plan = contactUpdate('Rename', {
      guest: { name: 'Gus Ng', email: 'gus@example.com', party_size: 4 },
      notes: null,
      party_size: 4,
    });

    // Act
    const data = maskPlanPii(plan, contactPii).actions[0]?.result?.response_data;

    // Assess
    expect(JSON.stringify(data)).not.toMatch(/Gus Ng|gus@example\.com/);
    expect(data).toMatchObject({ notes: null, party_size: 4, guest: { party_size: 4 } });
  });
});

describe('maskEchoedText', () => {
  it("masks the step's PII parameter values wherever the API echoed them, then any other email or phone", () => {
    // Prepare
    const sources = [
      {
        action_id: 'updateContactDetails',
        parameters: { booking_id: 'BK-1042', guest_name: 'Gus Ng', email: 'gus@example.com' },
      },
    ];

    // Act
    const text = maskEchoedText(
      'guest Gus Ng (gus@example.com) already uses other@example.org on BK-1042',
      sources,
      contactPii,
    );

    // Assess
    expect(text).not.toMatch(/Gus Ng|gus@example\.com|other@example\.org/);
    expect(text).toContain('BK-1042');
    expect(text).toContain('G*** N***');
  });
});

/** One succeeded contact update; override any step field. */
function contactStep(overrides: Partial<StoredStep> = {}): StoredStep {
  return {
    step_number: 1,
    action_id: 'updateContactDetails',
    parameters: { booking_id: 'BK-1042', guest_name: 'Gus Ng' },
    safety_tier: 'normal',
    executed: true,
    step_state: 'succeeded',
    ...overrides,
  };
}

function planWith(step: StoredStep, overrides: Partial<StoredPlan> = {}): StoredPlan {
  return aStoredPlan({ status: 'completed', intent_summary: 'Rename', actions: [step], ...overrides });
}

describe('maskPlanPii: the 200-character summary limit (001)', () => {
  it('keeps a summary of exactly 200 characters whole', () => {
    // Prepare: nothing to mask, exactly at the limit
    const summary = 'y'.repeat(200);

    // Act
    const masked = maskPlanPii(planWith(contactStep(), { intent_summary: summary }), contactPii);

    // Assess
    expect(masked.intent_summary).toBe(summary);
  });

  it('cuts an over-long summary without leaving a space before the ellipsis', () => {
    // Prepare: masking "Gus Ng" → "G*** N***" pushes a word boundary onto the cut
    const summary = `Rename Gus Ng ${'w'.repeat(179)}     xx`;
    expect(summary).toHaveLength(200);

    // Act
    const masked = maskPlanPii(
      planWith(contactStep(), { intent_summary: summary }),
      contactPii,
    ).intent_summary;

    // Assess: 203 characters once masked, cut to 199 (ending in blanks), blanks dropped, then the ellipsis
    expect(masked).toBe(`Rename G*** N*** ${'w'.repeat(179)}…`);
  });
});

describe('maskPlanPii: which values are known PII in free text', () => {
  it('masks a 3-character PII value in the summary, and leaves a 2-character one (it would hit ordinary words)', () => {
    // Prepare
    const step = contactStep({ parameters: { booking_id: 'BK-1', guest_name: 'Gus', email: 'Al' } });

    // Act
    const masked = maskPlanPii(planWith(step, { intent_summary: 'Gus asked Al to book' }), contactPii);

    // Assess
    expect(masked.intent_summary).toBe('G*** asked Al to book');
  });

  it('masks in free text a value the registry marks PII although its key name says nothing', () => {
    // Prepare
    const isPii: PiiLookup = (_action, param) => param === 'addressee';
    const step = contactStep({
      action_id: 'sendNote',
      parameters: { booking_id: 'BK-1', addressee: 'Ida Moss' },
    });

    // Act
    const masked = maskPlanPii(planWith(step, { intent_summary: 'Send a note to Ida Moss' }), isPii);

    // Assess
    expect(masked.intent_summary).toBe('Send a note to I*** M***');
  });

  it('masks in free text a value whose key name is PII although the registry does not say so', () => {
    // Prepare
    const step = contactStep({ action_id: 'createBooking', parameters: { guest_name: 'Ida Moss' } });

    // Act
    const masked = maskPlanPii(planWith(step, { intent_summary: 'Book for Ida Moss' }), () => false);

    // Assess
    expect(masked.intent_summary).toBe('Book for I*** M***');
  });

  it('never treats a template placeholder under a PII key as a value: it stays in parameters and text', () => {
    // Prepare
    const step = contactStep({
      parameters: { booking_id: 'BK-1', email: '{{step_1.email}}' },
      description: 'Copy {{step_1.email}} to the booking',
    });

    // Act
    const masked = maskPlanPii(planWith(step), contactPii);

    // Assess
    expect(masked.actions[0]?.parameters).toEqual({ booking_id: 'BK-1', email: '{{step_1.email}}' });
    expect(masked.actions[0]?.description).toBe('Copy {{step_1.email}} to the booking');
  });
});

describe('maskPlanPii: parameters', () => {
  it('masks a short PII parameter by its kind and leaves non-PII strings as they are', () => {
    // Prepare: "Al" is too short to be a known value in free text, yet the parameter itself is PII
    const step = contactStep({ parameters: { booking_id: 'BK-1042', guest_name: 'Al', note: 'VIP' } });

    // Act
    const masked = maskPlanPii(planWith(step), contactPii);

    // Assess
    expect(masked.actions[0]?.parameters).toEqual({ booking_id: 'BK-1042', guest_name: 'A***', note: 'VIP' });
  });
  it('masks a short value of a parameter only the registry marks PII', () => {
    // Prepare
    const isPii: PiiLookup = (_action, param) => param === 'addressee';
    const step = contactStep({ action_id: 'sendNote', parameters: { booking_id: 'BK-1', addressee: 'Al' } });

    // Act
    const masked = maskPlanPii(planWith(step), isPii);

    // Assess
    expect(masked.actions[0]?.parameters).toEqual({ booking_id: 'BK-1', addressee: 'A***' });
  });

  it('masks what a PII parameter holds when it is not a string (a list of addresses)', () => {
    // Prepare
    const step = contactStep({
      parameters: { booking_id: 'BK-1', email: ['ann@example.com', 'bo@example.org'] },
    });

    // Act
    const masked = maskPlanPii(planWith(step), contactPii);

    // Assess
    expect(masked.actions[0]?.parameters).toEqual({
      booking_id: 'BK-1',
      email: ['a***@example.com', 'b***@example.org'],
    });
  });
});

describe('maskPlanPii: booking responses', () => {
  it('masks a PII key of the response by kind even when the value was never a parameter', () => {
    // Prepare
    const step = contactStep({
      result: {
        success: true,
        response_data: {
          booking_id: 'BK-1042',
          guest_name: 'Zed Quinn',
          contact: { email: 'zed@example.com' },
        },
      },
    });

    // Act
    const data = maskPlanPii(planWith(step), contactPii).actions[0]?.result?.response_data;

    // Assess
    expect(data).toEqual({
      booking_id: 'BK-1042',
      guest_name: 'Z*** Q***',
      contact: { email: 'z***@example.com' },
    });
  });

  it('masks, as text, what a PII key holds when it is a list, and keeps lists as lists', () => {
    // Prepare
    const step = contactStep({
      result: {
        success: true,
        response_data: {
          guest_email: ['gus@example.com', 'ops@example.org'],
          notes: ['call Gus Ng', 'table 4'],
        },
      },
    });

    // Act
    const data = maskPlanPii(planWith(step), contactPii).actions[0]?.result?.response_data;

    // Assess
    expect(data).toEqual({
      guest_email: ['g***@example.com', 'o***@example.org'],
      notes: ['call G*** N***', 'table 4'],
    });
  });

  it('masks known values and emails in the error message of a failed step', () => {
    // Prepare
    const step = contactStep({
      step_state: 'failed',
      result: { success: false, error_message: 'guest Gus Ng already uses gus@example.com' },
    });

    // Act
    const result = maskPlanPii(planWith(step), contactPii).actions[0]?.result;

    // Assess
    expect(result).toEqual({
      success: false,
      error_message: 'guest G*** N*** already uses g***@example.com',
    });
  });
});

describe('maskPlanPii: the blocking question and its answer', () => {
  it('masks known values in the stored prompt and answer', () => {
    // Prepare
    const plan = planWith(contactStep(), {
      status: 'executing',
      blocking_prompt: 'Which Gus Ng booking: BK-1 or BK-2?',
      blocking_answer: 'The one of Gus Ng, gus@example.com',
    });

    // Act
    const masked = maskPlanPii(plan, contactPii);

    // Assess
    expect(masked.blocking_prompt).toBe('Which G*** N*** booking: BK-1 or BK-2?');
    expect(masked.blocking_answer).toBe('The one of G*** N***, g***@example.com');
  });
});

describe('maskEchoedText: short values', () => {
  it('masks a known value of the pre-image but not a short one', () => {
    // Prepare
    const sources = [{ action_id: 'updateContactDetails', parameters: {}, before: { guest_name: 'Bo' } }];

    // Act
    const text = maskEchoedText('Bo is Bo', sources, contactPii);

    // Assess
    expect(text).toBe('Bo is Bo');
  });
});
