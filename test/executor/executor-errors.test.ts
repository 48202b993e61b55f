import { describe, expect, it } from 'vitest';
import type { CrashPoint } from '../../lib/executor/executor-deps.ts';
import {
  ExecutorError,
  ModelCallError,
  ModelNotToolCapableError,
} from '../../lib/executor/executor-errors.ts';
import { crash, type StepContext } from '../../lib/executor/run-context.ts';
import { ExecutionLogError } from '../../lib/ports/execution-log.ts';

describe('executor error family (STYLE 3): stable names, cause forwarded', () => {
  it('names each error and keeps the cause', () => {
    // Act
    const base = new ExecutorError('x');
    const notTools = new ModelNotToolCapableError('no tools');
    const call = new ModelCallError('plan-7', { cause: 'outage' });

    // Assess
    expect([base.name, notTools.name, call.name, new ExecutionLogError('y').name]).toEqual([
      'ExecutorError',
      'ModelNotToolCapableError',
      'ModelCallError',
      'ExecutionLogError',
    ]);
    expect(notTools).toBeInstanceOf(ExecutorError);
    expect(call).toBeInstanceOf(ExecutorError);
    expect([call.message, call.cause, call.planId, call.retryable]).toEqual([
      'model call failed while executing plan plan-7',
      'outage',
      'plan-7',
      true,
    ]);
  });
});

describe('crash hook (issue 6 "Exactly once")', () => {
  it('reports the named point to the injected hook, and is a no-op without one', () => {
    // Prepare
    const points: CrashPoint[] = [];
    const withHook = { deps: { crash: (p: CrashPoint) => points.push(p) } } as unknown as StepContext;
    const withoutHook = { deps: {} } as unknown as StepContext;

    // Act
    crash(withHook, 'after_record');
    crash(withoutHook, 'after_http_call');

    // Assess
    expect(points).toEqual(['after_record']);
  });
});
