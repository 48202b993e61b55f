import { describe, expect, it } from 'vitest';
import type { TokenSealer } from '../../../lib/ports/token-sealer.ts';

const PLAN_A = '11111111-1111-4111-8111-111111111111';
const PLAN_B = '22222222-2222-4222-8222-222222222222';
const TOKEN = 'demo-token-harbour';

/** Flips one character in the middle of the sealed text (still valid base64url). */
function tampered(sealed: string): string {
  const at = Math.floor(sealed.length * 0.75);
  const flipped = sealed[at] === 'A' ? 'B' : 'A';
  return `${sealed.slice(0, at)}${flipped}${sealed.slice(at + 1)}`;
}

/**
 * The TokenSealer contract (issue 28), run against every adapter: a sealed token holds no trace of the token,
 * opens only on its own plan with its own key, and anything else is a TokenUnsealError naming the plan only.
 */
export function tokenSealerContract(name: string, make: () => { sealer: TokenSealer; other: TokenSealer }) {
  describe(`${name}: TokenSealer contract`, () => {
    it('round-trips a token on its own plan, and the sealed text holds no trace of it', async () => {
      // Prepare
      const { sealer } = make();
      // Act
      const sealed = await sealer.seal(TOKEN, PLAN_A);
      // Assess
      expect(await sealer.unseal(sealed, PLAN_A)).toBe(TOKEN);
      for (const trace of [
        TOKEN,
        Buffer.from(TOKEN).toString('base64'),
        Buffer.from(TOKEN).toString('base64url'),
      ]) {
        expect(sealed).not.toContain(trace);
      }
    });

    it('seals the same token differently each time (no equality leak between messages)', async () => {
      const { sealer } = make();
      expect(await sealer.seal(TOKEN, PLAN_A)).not.toBe(await sealer.seal(TOKEN, PLAN_A));
    });

    it.each([
      ['another plan', async (s: TokenSealer, sealed: string) => s.unseal(sealed, PLAN_B)],
      ['a tampered text', async (s: TokenSealer, sealed: string) => s.unseal(tampered(sealed), PLAN_A)],
      ['a truncated text', async (s: TokenSealer, sealed: string) => s.unseal(sealed.slice(0, 20), PLAN_A)],
      ['another scheme', async (s: TokenSealer) => s.unseal('plain-token-in-clear', PLAN_A)],
    ])('refuses %s with TokenUnsealError naming the plan, never the token', async (_label, open) => {
      // Prepare
      const { sealer } = make();
      const sealed = await sealer.seal(TOKEN, PLAN_A);
      // Act
      const error = await open(sealer, sealed).catch((e: unknown) => e);
      // Assess
      expect(error).toMatchObject({ name: 'TokenUnsealError' });
      expect(String((error as Error).message)).not.toContain(TOKEN);
    });

    it('refuses a token sealed with another key', async () => {
      const { sealer, other } = make();
      const sealed = await other.seal(TOKEN, PLAN_A);
      await expect(sealer.unseal(sealed, PLAN_A)).rejects.toMatchObject({ name: 'TokenUnsealError' });
    });
  });
}
