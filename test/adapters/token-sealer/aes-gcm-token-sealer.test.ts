import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { AesGcmTokenSealer } from '../../../lib/adapters/token-sealer/aes-gcm-token-sealer.ts';
import { tokenSealerContract } from './token-sealer.contract.ts';

tokenSealerContract('AesGcmTokenSealer', () => ({
  sealer: new AesGcmTokenSealer(randomBytes(32)),
  other: new AesGcmTokenSealer(randomBytes(32)),
}));

describe('AesGcmTokenSealer', () => {
  it('refuses a key that is not 32 bytes', () => {
    expect(() => new AesGcmTokenSealer(randomBytes(16))).toThrow('the sealing key must be 32 bytes');
  });
});
