/** Time source. Tests and the evaluation harness pin "now" (issue: time is injected). */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock pinned at one instant, optionally advanced by hand. */
export function fixedClock(at: Date | string): Clock & { advance(ms: number): void } {
  let t = new Date(at).getTime();
  return {
    now: () => new Date(t),
    advance(ms: number) {
      t += ms;
    },
  };
}
