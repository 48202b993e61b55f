import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { type TokenSealer, TokenUnsealError } from '../../ports/token-sealer.ts';

/** The scheme tag a sealed token starts with: AES-256-GCM, format version 1. */
const PREFIX = 'aes256gcm.v1.';
/** NIST SP 800-38D: a 96-bit IV, random per message; a 128-bit tag. */
const IV_BYTES = 12;
const TAG_BYTES = 16;
export const AES_KEY_BYTES = 32;

/**
 * TokenSealer with AES-256-GCM (node:crypto), for the local stack and tests: the key comes from
 * TOKEN_SEALING_KEY (base64 of 32 bytes), or is random per process when unset locally. The plan id is the
 * additional authenticated data, so a sealed token opens only on its own plan. Output:
 * `aes256gcm.v1.<iv>.<ciphertext>.<tag>`, base64url parts.
 */
export class AesGcmTokenSealer implements TokenSealer {
  private readonly key: Buffer;

  constructor(key: Uint8Array) {
    if (key.length !== AES_KEY_BYTES) throw new RangeError(`the sealing key must be ${AES_KEY_BYTES} bytes`);
    this.key = Buffer.from(key);
  }

  async seal(token: string, planId: string): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(planId, 'utf8'));
    const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
    const parts = [iv, body, cipher.getAuthTag()].map((b) => b.toString('base64url'));
    return `${PREFIX}${parts.join('.')}`;
  }

  async unseal(sealed: string, planId: string): Promise<string> {
    const parts = sealed.startsWith(PREFIX) ? sealed.slice(PREFIX.length).split('.') : [];
    const [iv, body, tag] = parts.map((p) => Buffer.from(p, 'base64url'));
    if (parts.length !== 3 || !iv || !body || !tag || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) {
      throw new TokenUnsealError(planId);
    }
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, iv, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(planId, 'utf8'));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    } catch (error) {
      // Wrong key, other plan or tampered: GCM's tag check fails ("Unsupported state or unable to authenticate").
      throw new TokenUnsealError(planId, { cause: error });
    }
  }
}
