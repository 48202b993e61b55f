import { randomBytes } from 'node:crypto';
import { KMSClient } from '@aws-sdk/client-kms';
import type { Config } from '../../config/config.ts';
import type { TokenSealer } from '../../ports/token-sealer.ts';
import { AES_KEY_BYTES, AesGcmTokenSealer } from './aes-gcm-token-sealer.ts';
import { KmsTokenSealer, kmsApiOf } from './kms-token-sealer.ts';

/** Thrown at cold start when a deployed stage has no way to seal tokens. */
export class TokenSealerConfigError extends Error {
  override readonly name = 'TokenSealerConfigError';
}

/** One random key per process: every component of the local stack in this process seals and unseals with it. */
let processKey: Buffer | undefined;

type SealerConfig = Pick<Config, 'STAGE' | 'AWS_REGION' | 'TOKEN_KMS_KEY_ARN' | 'TOKEN_SEALING_KEY'>;

/**
 * The TokenSealer of the configuration (issue 28): KMS when TOKEN_KMS_KEY_ARN is set (deployed stages), else
 * AES-256-GCM with TOKEN_SEALING_KEY, else — in the local stage only — AES-256-GCM with a random per-process key.
 * A deployed stage with neither fails loudly rather than enqueue tokens it could not protect.
 */
export function tokenSealerFromConfig(config: SealerConfig): TokenSealer {
  if (config.TOKEN_KMS_KEY_ARN) {
    const kms = kmsApiOf(new KMSClient({ region: config.AWS_REGION }));
    return new KmsTokenSealer({ kms, keyId: config.TOKEN_KMS_KEY_ARN });
  }
  if (config.TOKEN_SEALING_KEY) return new AesGcmTokenSealer(Buffer.from(config.TOKEN_SEALING_KEY, 'base64'));
  if (config.STAGE !== 'local') {
    throw new TokenSealerConfigError(
      `stage ${config.STAGE}: set TOKEN_KMS_KEY_ARN (or TOKEN_SEALING_KEY) to seal tokens in queue messages`,
    );
  }
  processKey ??= randomBytes(AES_KEY_BYTES);
  return new AesGcmTokenSealer(processKey);
}
