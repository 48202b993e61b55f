import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boundedFlush } from '../../lib/observability/bounded-flush.ts';

describe('boundedFlush', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('reports flushed when the work finishes first', async () => {
    const outcome = await boundedFlush(async () => {}, 500);
    expect(outcome).toEqual({ kind: 'flushed' });
  });

  it('gives up at the bound when the work never finishes', async () => {
    // Prepare
    const never = () => new Promise<void>(() => {});
    // Act
    const pending = boundedFlush(never, 500);
    await vi.advanceTimersByTimeAsync(500);
    // Assess
    await expect(pending).resolves.toEqual({ kind: 'timed_out', afterMs: 500 });
  });

  it('does not give up before the bound', async () => {
    // Prepare
    let settled = false;
    const pending = boundedFlush(() => new Promise<void>(() => {}), 500).then((o) => {
      settled = true;
      return o;
    });
    // Act
    await vi.advanceTimersByTimeAsync(499);
    // Assess
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(pending).resolves.toMatchObject({ kind: 'timed_out' });
  });

  it('never rejects: a failing flush becomes an outcome', async () => {
    const boom = new Error('langfuse down');
    const outcome = await boundedFlush(async () => {
      throw boom;
    }, 500);
    expect(outcome).toEqual({ kind: 'failed', error: boom });
  });
});
