import type { Clock } from '../../lib/ports/clock.ts';
import type { RateLimitRule } from './fixture-schema.ts';

/** Rate limits: a default for every token and per-token overrides (startSandbox's `rateLimit`). */
export interface RateLimitOptions {
  default?: RateLimitRule;
  perToken?: Record<string, RateLimitRule>;
}

/**
 * Fixed-window counter per token, on the sandbox clock (so a pinned clock gives a predictable Retry-After).
 * Precedence: a rule set at run time (admin) > options.perToken > the fixture token's rule > options.default.
 */
export class RateLimiter {
  private readonly runtime = new Map<string, RateLimitRule | null>();
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly clock: Clock,
    private readonly options: RateLimitOptions = {},
  ) {}

  /** Sets (or, with null, lifts) the limit of one token until the next reset. */
  set(token: string, rule: RateLimitRule | null): void {
    this.runtime.set(token, rule);
    this.windows.delete(token);
  }

  /** Counts one request; returns the seconds to wait when the token is over its budget. */
  hit(token: string, fixtureRule?: RateLimitRule): number | undefined {
    const rule = this.ruleFor(token, fixtureRule);
    if (!rule) return undefined;
    const now = this.clock.now().getTime();
    const windowMs = rule.windowSeconds * 1000;
    const start = Math.floor(now / windowMs) * windowMs;
    const window = this.windows.get(token);
    const current = window && window.start === start ? window : { start, count: 0 };
    current.count += 1;
    this.windows.set(token, current);
    if (current.count <= rule.limit) return undefined;
    return Math.max(1, Math.ceil((start + windowMs - now) / 1000));
  }

  /** Forgets counters and run-time rules (POST /__admin/reset). */
  reset(): void {
    this.runtime.clear();
    this.windows.clear();
  }

  private ruleFor(token: string, fixtureRule?: RateLimitRule): RateLimitRule | undefined {
    if (this.runtime.has(token)) return this.runtime.get(token) ?? undefined;
    return this.options.perToken?.[token] ?? fixtureRule ?? this.options.default;
  }
}
