import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { type KmsApi, KmsTokenSealer } from '../../../lib/adapters/token-sealer/kms-token-sealer.ts';
import { tokenSealerContract } from './token-sealer.contract.ts';

const KEY_ARN = 'arn:aws:kms:us-east-1:000000000000:key/11111111-2222-3333-4444-555555555555';

/** An error named like the SDK's service exceptions. */
function kmsError(name: string): Error {
  const error = new Error(`${name} from KMS`);
  error.name = name;
  return error;
}

/**
 * A KMS stand-in with KMS's semantics for what the sealer relies on: the ciphertext is bound to the key and the
 * encryption context (AES-GCM with the context as additional data), and a mismatch is InvalidCiphertextException.
 */
function fakeKms(calls: { op: string; input: unknown }[] = []): KmsApi {
  const key = randomBytes(32);
  const aad = (context: Record<string, string>, keyId: string) =>
    Buffer.from(JSON.stringify([keyId, context]));
  return {
    async encrypt(input) {
      calls.push({ op: 'encrypt', input });
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(aad(input.EncryptionContext, input.KeyId));
      const body = Buffer.concat([cipher.update(input.Plaintext), cipher.final()]);
      return { CiphertextBlob: Buffer.concat([iv, cipher.getAuthTag(), body]) };
    },
    async decrypt(input) {
      calls.push({ op: 'decrypt', input });
      const blob = Buffer.from(input.CiphertextBlob);
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, blob.subarray(0, 12));
        decipher.setAAD(aad(input.EncryptionContext, input.KeyId));
        decipher.setAuthTag(blob.subarray(12, 28));
        return { Plaintext: Buffer.concat([decipher.update(blob.subarray(28)), decipher.final()]) };
      } catch {
        throw kmsError('InvalidCiphertextException');
      }
    },
  };
}

tokenSealerContract('KmsTokenSealer', () => ({
  sealer: new KmsTokenSealer({ kms: fakeKms(), keyId: KEY_ARN }),
  other: new KmsTokenSealer({ kms: fakeKms(), keyId: KEY_ARN }),
}));

describe('KmsTokenSealer', () => {
  it('encrypts and decrypts with the configured key and the plan id as encryption context', async () => {
    // Prepare
    const calls: { op: string; input: unknown }[] = [];
    const sealer = new KmsTokenSealer({ kms: fakeKms(calls), keyId: KEY_ARN });
    // Act
    await sealer.unseal(await sealer.seal('tok', 'plan-1'), 'plan-1');
    // Assess
    expect(calls.map((c) => c.op)).toEqual(['encrypt', 'decrypt']);
    for (const call of calls) {
      expect(call.input).toMatchObject({ KeyId: KEY_ARN, EncryptionContext: { plan_id: 'plan-1' } });
    }
  });

  it.each(['ThrottlingException', 'KMSInternalException', 'TimeoutError'])(
    'a %s on decrypt is TokenSealerUnavailableError (retryable: the message is redelivered)',
    async (name) => {
      // Prepare
      const kms = fakeKms();
      const sealed = await new KmsTokenSealer({ kms, keyId: KEY_ARN }).seal('tok', 'plan-1');
      const failing = new KmsTokenSealer({
        kms: { ...kms, decrypt: async () => Promise.reject(kmsError(name)) },
        keyId: KEY_ARN,
      });
      // Act + Assess
      await expect(failing.unseal(sealed, 'plan-1')).rejects.toMatchObject({
        name: 'TokenSealerUnavailableError',
        retryable: true,
      });
    },
  );

  it.each(['IncorrectKeyException', 'InvalidKeyUsageException'])(
    'a %s on decrypt is TokenUnsealError',
    async (name) => {
      const kms = fakeKms();
      const sealed = await new KmsTokenSealer({ kms, keyId: KEY_ARN }).seal('tok', 'plan-1');
      const refusing = new KmsTokenSealer({
        kms: { ...kms, decrypt: async () => Promise.reject(kmsError(name)) },
        keyId: KEY_ARN,
      });
      await expect(refusing.unseal(sealed, 'plan-1')).rejects.toMatchObject({ name: 'TokenUnsealError' });
    },
  );

  it('a failed encrypt is TokenSealerUnavailableError (confirm answers 503, nothing enqueued)', async () => {
    const sealer = new KmsTokenSealer({
      kms: { ...fakeKms(), encrypt: async () => Promise.reject(kmsError('ThrottlingException')) },
      keyId: KEY_ARN,
    });
    await expect(sealer.seal('tok', 'plan-1')).rejects.toMatchObject({ name: 'TokenSealerUnavailableError' });
  });
});
