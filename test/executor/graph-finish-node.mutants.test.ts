import { describe, expect, it } from 'vitest';
import { finishNode } from '../../lib/executor/graph/finish-node.ts';
import type { RunContext } from '../../lib/executor/run-context.ts';
import { aGraphState, planWithDone } from '../support/graph-states.ts';

/** The model stopped with a step left open: no store is touched, so the node needs no deps here. */
const finish = finishNode({} as RunContext);

describe('executor graph: finish with a step left open', () => {
  it('fails with the step’s last booking-API error when it has one (corrections exhausted)', async () => {
    // Prepare
    const plan = planWithDone(1, 3, {
      step_state: 'failed',
      result: { success: false, error_type: 'bad_request', error_message: 'party_size must be at most 20' },
    });

    // Act
    const update = await finish(aGraphState({ plan }));

    // Assess
    expect(update).toEqual({
      outcome: {
        kind: 'failed',
        failure: {
          kind: 'corrections_exhausted',
          step_number: 2,
          error_type: 'bad_request',
          message:
            'Step 2 could not be completed: party_size must be at most 20. Please check the value and try again.',
        },
      },
    });
  });

  it('fails as "model stopped" naming the step and its action when the step has no error', async () => {
    for (const result of [undefined, { success: true, response_data: {} }]) {
      // Prepare
      const plan = planWithDone(0, 2, result ? { result } : {});

      // Act
      const update = await finish(aGraphState({ plan }));

      // Assess
      expect(update).toEqual({
        outcome: {
          kind: 'failed',
          failure: {
            kind: 'model_stopped',
            step_number: 1,
            message:
              'Step 1 (addBookingNote) could not be completed. Nothing more was changed; please try again.',
          },
        },
      });
    }
  });
});
