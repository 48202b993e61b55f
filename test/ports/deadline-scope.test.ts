import { describe, expect, it } from 'vitest';
import { NO_DEADLINE } from '../../lib/ports/deadline.ts';
import {
  cappedDeadline,
  currentDeadline,
  invocationDeadline,
  withDeadline,
} from '../../lib/ports/deadline-scope.ts';

const fixed = (ms: number) => ({ remainingMs: () => ms });

describe('deadline scope', () => {
  describe('withDeadline / currentDeadline', () => {
    it('has no deadline outside an invocation', () => {
      expect(currentDeadline()).toBe(NO_DEADLINE);
    });

    it('carries the deadline through awaits, and keeps concurrent invocations apart', async () => {
      // Prepare
      const seen: number[] = [];
      const read = async () => {
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(currentDeadline().remainingMs());
      };

      // Act
      await Promise.all([withDeadline(fixed(1_000), read), withDeadline(fixed(2_000), read)]);

      // Assess
      expect(seen.sort()).toEqual([1_000, 2_000]);
      expect(currentDeadline()).toBe(NO_DEADLINE);
    });
  });

  describe('cappedDeadline', () => {
    it('is the earlier of the outer deadline and its own budget', () => {
      // Prepare
      let now = 0;
      const clock = () => now;

      // Act
      const capped = cappedDeadline(fixed(10_000), 3_000, clock);
      const tight = cappedDeadline(fixed(1_200), 3_000, clock);

      // Assess
      expect(capped.remainingMs()).toBe(3_000);
      expect(tight.remainingMs()).toBe(1_200);
      now = 2_000;
      expect(capped.remainingMs()).toBe(1_000);
      now = 5_000;
      expect(capped.remainingMs()).toBe(0);
    });
  });

  describe('invocationDeadline', () => {
    it("is the Lambda context's remaining time minus the margin, never negative", () => {
      expect(invocationDeadline({ getRemainingTimeInMillis: () => 10_000 }, 2_500).remainingMs()).toBe(7_500);
      expect(invocationDeadline({ getRemainingTimeInMillis: () => 1_000 }, 2_500).remainingMs()).toBe(0);
    });

    it('is no deadline for a context without getRemainingTimeInMillis (a test stand-in)', () => {
      expect(invocationDeadline({}, 2_500)).toBe(NO_DEADLINE);
      expect(invocationDeadline(undefined, 2_500)).toBe(NO_DEADLINE);
    });
  });
});
