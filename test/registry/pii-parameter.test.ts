import { describe, expect, it } from 'vitest';
import { maskParameters } from '../../lib/executor/step/pii-masking.ts';
import { maskPlanPii, piiLookupFromRegistry } from '../../lib/plans/mask-plan.ts';
import { CompiledAction } from '../../lib/registry/compiled-action.ts';
import { loadCompiledRegistry } from '../../lib/registry/compiled-registry.ts';
import { isPiiParameter } from '../../lib/registry/pii-parameter.ts';
import { aStoredPlan } from '../store/plan-factory.ts';

const registry = loadCompiledRegistry();

/** The parameters whose values the executor's masker (execution log, spans) changed. */
function maskedByExecutor(action: CompiledAction, values: Record<string, unknown>): string[] {
  const masked = maskParameters(action, values) ?? {};
  return Object.keys(values).filter((k) => JSON.stringify(masked[k]) !== JSON.stringify(values[k]));
}

/** The parameters whose values the plan masker (plans at rest, API responses) changed. */
function maskedAtRest(action: CompiledAction, values: Record<string, unknown>): string[] {
  const plan = aStoredPlan({
    actions: [
      {
        step_number: 1,
        action_id: action.action_id,
        parameters: values,
        safety_tier: 'normal',
        executed: false,
        step_state: 'pending',
      },
    ],
  });
  const masked = maskPlanPii(
    plan,
    piiLookupFromRegistry((id) => (id === action.action_id ? action : undefined)),
  );
  const params = masked.actions[0]?.parameters ?? {};
  return Object.keys(values).filter((k) => JSON.stringify(params[k]) !== JSON.stringify(values[k]));
}

/** Issue 31: "is this parameter personal data?" is answered once, by the compiled action's `pii` flag. */
describe('isPiiParameter', () => {
  it('reads the compiled flag for a declared parameter, and the name for one the action does not declare', () => {
    // Prepare
    const action = registry.get('updateContactDetails');

    // Act
    const answers = ['email', 'guest_name', 'booking_id', 'contact_email', 'note'].map((name) =>
      isPiiParameter(action, name),
    );

    // Assess
    expect(answers).toEqual([true, true, false, true, false]);
  });
});

describe('the executor and the plan masker mask the same parameters', () => {
  it.each(registry.all().map((a) => [a.action_id, a] as const))('%s', (_id, action) => {
    // Prepare: a distinct plain word for every string parameter, so only a PII classification changes it.
    const values = Object.fromEntries(
      action.parameters.filter((p) => p.type === 'string').map((p) => [p.name, `w-${p.name}`]),
    );

    // Act
    const executor = maskedByExecutor(action, values);
    const atRest = maskedAtRest(action, values);

    // Assess
    const declared = action.parameters
      .filter((p) => p.pii === true && p.type === 'string')
      .map((p) => p.name);
    expect(executor).toEqual(declared);
    expect(atRest).toEqual(declared);
  });

  it('covers the contact parameters of the real registry', () => {
    const pii = registry
      .all()
      .flatMap((a) =>
        a.parameters.filter((p) => isPiiParameter(a, p.name)).map((p) => `${a.action_id}.${p.name}`),
      );
    expect(pii).toEqual(
      expect.arrayContaining([
        'createBooking.guest_name',
        'createBooking.email',
        'createBooking.phone',
        'updateContactDetails.guest_name',
        'updateContactDetails.email',
        'updateContactDetails.phone',
      ]),
    );
  });

  it('masks an object parameter classified as PII field by field on both paths (the executor returned it raw)', () => {
    // Prepare: a foreign spec's object parameter (issue 17) holding the guest's contact details.
    const base = registry.require('updateGuestCount');
    const withGuest = CompiledAction.parse({
      ...base,
      action_id: 'updateGuestContact',
      parameters: [
        ...base.parameters,
        {
          name: 'guest',
          type: 'object',
          required: true,
          description: 'The guest.',
          location: 'body',
          wire_name: 'guest',
          pii: true,
          fields: [
            { name: 'email', wire_name: 'email', type: 'string', required: true, description: 'Email.' },
            {
              name: 'full_name',
              wire_name: 'fullName',
              type: 'string',
              required: true,
              description: 'Name.',
            },
          ],
        },
      ],
    });
    const values = { booking_id: 'bk_1', guest: { email: 'ana.lima@example.com', full_name: 'Ana Lima' } };

    // Act
    const executor = maskParameters(withGuest, values)?.guest;
    const atRest = maskPlanPii(
      aStoredPlan({
        actions: [
          {
            step_number: 1,
            action_id: withGuest.action_id,
            parameters: values,
            safety_tier: 'normal',
            executed: false,
            step_state: 'pending',
          },
        ],
      }),
      piiLookupFromRegistry(() => withGuest),
    ).actions[0]?.parameters.guest;

    // Assess
    expect(executor).toEqual({ email: 'a***@example.com', full_name: 'A*** L***' });
    expect(atRest).toEqual(executor);
  });
});
