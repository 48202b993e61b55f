import type { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../lib/config/config.ts';
import { resolveLangfuseKeys } from '../../lib/observability/resolve-langfuse-keys.ts';

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:langfuse';

/** A Secrets Manager stand-in answering every GetSecretValue with `answer`. */
function secretsReturning(
  answer: () => Promise<{ SecretString?: string }>,
): Pick<SecretsManagerClient, 'send'> {
  return { send: vi.fn(answer) as unknown as SecretsManagerClient['send'] };
}

describe('resolveLangfuseKeys', () => {
  it('fills both keys from the secret', async () => {
    // Arrange
    const secrets = secretsReturning(async () => ({
      SecretString: '{"publicKey":"pk-1","secretKey":"sk-1"}',
    }));
    // Act
    const config = await resolveLangfuseKeys(loadConfig({ LANGFUSE_SECRET_ARN: ARN }), secrets);
    // Assert
    expect([config.LANGFUSE_PUBLIC_KEY, config.LANGFUSE_SECRET_KEY]).toEqual(['pk-1', 'sk-1']);
  });

  it('keeps keys already set and does not call Secrets Manager', async () => {
    const secrets = secretsReturning(async () => ({ SecretString: '{}' }));
    const config = await resolveLangfuseKeys(
      loadConfig({ LANGFUSE_SECRET_ARN: ARN, LANGFUSE_PUBLIC_KEY: 'pk-env', LANGFUSE_SECRET_KEY: 'sk-env' }),
      secrets,
    );
    expect(config.LANGFUSE_PUBLIC_KEY).toBe('pk-env');
    expect(secrets.send).not.toHaveBeenCalled();
  });

  it('turns tracing off with a warning that does not quote the secret when it is malformed', async () => {
    // Arrange
    const warn = vi.fn();
    const secrets = secretsReturning(async () => ({ SecretString: '{"publicKey":"pk-leak"}' }));
    // Act
    const config = await resolveLangfuseKeys(loadConfig({ LANGFUSE_SECRET_ARN: ARN }), secrets, { warn });
    // Assert
    expect(config.LANGFUSE_PUBLIC_KEY).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('langfuse keys unavailable; tracing off', { error_name: 'ZodError' });
    expect(JSON.stringify(warn.mock.calls)).not.toContain('pk-leak');
  });

  it('turns tracing off when Secrets Manager fails', async () => {
    const secrets = secretsReturning(async () => {
      throw Object.assign(new Error('denied'), { name: 'AccessDeniedException' });
    });
    const config = await resolveLangfuseKeys(loadConfig({ LANGFUSE_SECRET_ARN: ARN }), secrets);
    expect(config.LANGFUSE_SECRET_KEY).toBeUndefined();
  });
});
