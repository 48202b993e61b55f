import { describe, expect, it } from 'vitest';
import { AesGcmTokenSealer } from '../../../lib/adapters/token-sealer/aes-gcm-token-sealer.ts';
import { KmsTokenSealer } from '../../../lib/adapters/token-sealer/kms-token-sealer.ts';
import { tokenSealerFromConfig } from '../../../lib/adapters/token-sealer/token-sealer-from-config.ts';
import { loadConfig } from '../../../lib/config/config.ts';
import { TEST_SEALING_KEY, testTokenSealer } from '../../support/token-sealer.ts';

const PLAN = '11111111-1111-4111-8111-111111111111';

describe('tokenSealerFromConfig', () => {
  it('uses KMS when TOKEN_KMS_KEY_ARN is set (deployed stages)', () => {
    const config = loadConfig({ STAGE: 'prod', TOKEN_KMS_KEY_ARN: 'arn:aws:kms:us-east-1:1:key/k' });
    expect(tokenSealerFromConfig(config)).toBeInstanceOf(KmsTokenSealer);
  });

  it('uses AES-GCM with TOKEN_SEALING_KEY: what one process seals, another with the same key opens', async () => {
    // Prepare
    const sealer = tokenSealerFromConfig(loadConfig({ TOKEN_SEALING_KEY: TEST_SEALING_KEY }));
    // Act
    const sealed = await sealer.seal('tok', PLAN);
    // Assess
    expect(sealer).toBeInstanceOf(AesGcmTokenSealer);
    expect(await testTokenSealer.unseal(sealed, PLAN)).toBe('tok');
  });

  it('local stage without a key: one random key per process, shared by every component built here', async () => {
    // Prepare
    const config = loadConfig({ STAGE: 'local' });
    // Act
    const sealed = await tokenSealerFromConfig(config).seal('tok', PLAN);
    // Assess: another sealer of the same process opens it; the fixed test key does not.
    expect(await tokenSealerFromConfig(config).unseal(sealed, PLAN)).toBe('tok');
    await expect(testTokenSealer.unseal(sealed, PLAN)).rejects.toMatchObject({ name: 'TokenUnsealError' });
  });

  it('a deployed stage with neither fails loudly, naming both variables', () => {
    expect(() => tokenSealerFromConfig(loadConfig({ STAGE: 'prod' }))).toThrow(
      /TOKEN_KMS_KEY_ARN \(or TOKEN_SEALING_KEY\)/,
    );
  });

  it.each([
    ['not base64', 'not a key!'],
    ['16 bytes', Buffer.alloc(16, 1).toString('base64')],
  ])('config refuses a TOKEN_SEALING_KEY that is %s, without echoing it', (_label, value) => {
    expect(() => loadConfig({ TOKEN_SEALING_KEY: value })).toThrow(
      'TOKEN_SEALING_KEY: must be base64 of exactly 32 bytes',
    );
    expect(() => loadConfig({ TOKEN_SEALING_KEY: value })).not.toThrow(value);
  });
});
