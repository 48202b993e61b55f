import { AesGcmTokenSealer } from '../../lib/adapters/token-sealer/aes-gcm-token-sealer.ts';

/** A fixed AES-256 key for tests (base64 of 32 bytes), so parent and child processes seal alike. */
export const TEST_SEALING_KEY = Buffer.alloc(32, 7).toString('base64');

/** The sealer every test world uses (TOKEN_SEALING_KEY = TEST_SEALING_KEY). */
export const testTokenSealer = new AesGcmTokenSealer(Buffer.from(TEST_SEALING_KEY, 'base64'));
