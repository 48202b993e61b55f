import { DecryptCommand, EncryptCommand, type KMSClient } from '@aws-sdk/client-kms';
import { hasErrorName } from '../../errors/has-error-name.ts';
import { type TokenSealer, TokenSealerUnavailableError, TokenUnsealError } from '../../ports/token-sealer.ts';

/** The scheme tag a sealed token starts with: KMS ciphertext blob, format version 1. */
const PREFIX = 'kms.v1.';

/** KMS answers that say this ciphertext will never decrypt here (AWS KMS API reference, Decrypt errors). */
const NEVER_DECRYPTS = ['InvalidCiphertextException', 'IncorrectKeyException', 'InvalidKeyUsageException'];

/** The two KMS calls the sealer makes (a KMSClient in AWS: kmsApiOf; a fake in the contract test). */
export interface KmsApi {
  encrypt(input: {
    KeyId: string;
    Plaintext: Uint8Array;
    EncryptionContext: Record<string, string>;
  }): Promise<{ CiphertextBlob?: Uint8Array }>;
  decrypt(input: {
    KeyId: string;
    CiphertextBlob: Uint8Array;
    EncryptionContext: Record<string, string>;
  }): Promise<{ Plaintext?: Uint8Array }>;
}

/** The KmsApi of a real client. */
export function kmsApiOf(client: KMSClient): KmsApi {
  return {
    encrypt: (input) => client.send(new EncryptCommand(input)),
    decrypt: (input) => client.send(new DecryptCommand(input)),
  };
}

/** Options of the KMS sealer. */
export interface KmsTokenSealerOptions {
  kms: KmsApi;
  /** TOKEN_KMS_KEY_ARN: the symmetric key the stack creates (infra/cdk); decrypt is pinned to it. */
  keyId: string;
}

/**
 * TokenSealer over AWS KMS (deployed stages): Encrypt with the plan id as encryption context, so the ciphertext
 * decrypts only for that plan and every Decrypt is logged in CloudTrail with the plan id. Output:
 * `kms.v1.<ciphertext blob, base64url>`. A ciphertext KMS refuses for good is a TokenUnsealError; any other
 * failure (throttling, outage) is TokenSealerUnavailableError, so the message is redelivered.
 */
export class KmsTokenSealer implements TokenSealer {
  constructor(private readonly options: KmsTokenSealerOptions) {}

  async seal(token: string, planId: string): Promise<string> {
    try {
      const out = await this.options.kms.encrypt({
        KeyId: this.options.keyId,
        Plaintext: Buffer.from(token, 'utf8'),
        EncryptionContext: { plan_id: planId },
      });
      if (!out.CiphertextBlob) throw new TypeError('KMS Encrypt returned no ciphertext');
      return `${PREFIX}${Buffer.from(out.CiphertextBlob).toString('base64url')}`;
    } catch (error) {
      throw new TokenSealerUnavailableError(planId, { cause: error });
    }
  }

  async unseal(sealed: string, planId: string): Promise<string> {
    if (!sealed.startsWith(PREFIX) || sealed.length === PREFIX.length) throw new TokenUnsealError(planId);
    let out: { Plaintext?: Uint8Array };
    try {
      out = await this.options.kms.decrypt({
        KeyId: this.options.keyId,
        CiphertextBlob: Buffer.from(sealed.slice(PREFIX.length), 'base64url'),
        EncryptionContext: { plan_id: planId },
      });
    } catch (error) {
      if (hasErrorName(error, ...NEVER_DECRYPTS)) throw new TokenUnsealError(planId, { cause: error });
      throw new TokenSealerUnavailableError(planId, { cause: error });
    }
    if (!out.Plaintext) throw new TokenUnsealError(planId);
    return Buffer.from(out.Plaintext).toString('utf8');
  }
}
