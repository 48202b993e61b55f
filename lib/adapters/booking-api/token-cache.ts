import { createHash } from 'node:crypto';
import type { Clock } from '../../ports/clock.ts';

/** Options of {@link cachePerToken}. */
export interface TokenCacheOptions {
  /** How long a successful answer is reused (issue 27: about 5 minutes). */
  ttlMs: number;
  clock: Clock;
  /** Entries kept at most; the oldest go first. Default 1000. */
  maxEntries?: number;
}

/**
 * Reuses a successful per-token read for a short TTL, so the venue and identity reads cost nothing on a hot path.
 * Only answers `isOk` accepts are cached (a failure is asked again next time). The cache lives in this process
 * only and is keyed by a SHA-256 of the token, so the token itself is never held as a key.
 * Concurrent misses for one token share one read.
 */
export function cachePerToken<T>(
  read: (token: string) => Promise<T>,
  isOk: (answer: T) => boolean,
  options: TokenCacheOptions,
): (token: string) => Promise<T> {
  const maxEntries = options.maxEntries ?? 1000;
  const entries = new Map<string, { at: number; answer: Promise<T> }>();
  return async function cachedRead(token: string): Promise<T> {
    const key = createHash('sha256').update(token).digest('base64url');
    const now = options.clock.now().getTime();
    const hit = entries.get(key);
    if (hit && now - hit.at < options.ttlMs) return hit.answer;
    const answer = read(token);
    entries.set(key, { at: now, answer });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value as string);
    try {
      const settled = await answer;
      if (!isOk(settled)) entries.delete(key);
      return settled;
    } catch (error) {
      entries.delete(key);
      throw error;
    }
  };
}
