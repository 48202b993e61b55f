import { describe, expect, it } from 'vitest';
import { correlate, logTransition } from '../../lib/plans/ops-log.ts';
import { recordingStore } from './plan-fixtures.ts';

describe('correlate', () => {
  it('makes the plan’s ids the keys of every later log line, the trace id only when the plan has one', () => {
    // Prepare
    const keys: Record<string, unknown>[] = [];
    const log = { info() {}, warn() {}, appendKeys: (k: Record<string, unknown>) => keys.push(k) };

    // Act
    correlate(log, { plan_id: 'p-1', session_id: 's-1', trace_id: 't-1' });
    correlate(log, { plan_id: 'p-2', session_id: 's-2' });

    // Assess
    expect(keys).toEqual([
      { plan_id: 'p-1', session_id: 's-1', trace_id: 't-1' },
      { plan_id: 'p-2', session_id: 's-2' },
    ]);
  });

  it('does nothing for a log without keys (tests, CLIs)', () => {
    // Prepare
    const { log, lines } = recordingStore();

    // Act
    correlate(log, { plan_id: 'p-1', session_id: 's-1' });

    // Assess
    expect(lines).toEqual([]);
  });
});

describe('logTransition', () => {
  it('writes one ops line per transition with the ids, both states and the version', () => {
    // Prepare
    const { log, lines } = recordingStore();

    // Act
    logTransition(log, { plan_id: 'p-1', session_id: 's-1', version: 3 }, 'executing', 'completed', {
      rollback: false,
    });

    // Assess
    expect(lines).toEqual([
      {
        message: 'plan p-1 executing → completed',
        attributes: {
          plan_id: 'p-1',
          session_id: 's-1',
          from: 'executing',
          to: 'completed',
          version: 3,
          rollback: false,
        },
      },
    ]);
  });
});
