import { describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../../lib/config/config.ts';
import { type ReadSecret, resolveLangfuseKeys } from '../../lib/observability/resolve-langfuse-keys.ts';

const ARN = 'arn:aws:secretsmanager:us-east-1:123456789012:secret:langfuse';

/** A secret reader answering every read with `answer`. */
function secretsReturning(answer: () => Promise<string | undefined>) {
  return vi.fn<ReadSecret>(answer);
}

describe('resolveLangfuseKeys', () => {
  it('fills both keys from the secret', async () => {
    // Prepare
    const readSecret = secretsReturning(async () => '{"publicKey":"pk-1","secretKey":"sk-1"}');
    // Act
    const config = await resolveLangfuseKeys(loadConfig({ LANGFUSE_SECRET_ARN: ARN }), readSecret);
    // Assess
    expect([config.LANGFUSE_PUBLIC_KEY, config.LANGFUSE_SECRET_KEY]).toEqual(['pk-1', 'sk-1']);
    expect(readSecret).toHaveBeenCalledWith(ARN);
  });

  it('keeps keys already set and does not read the secret', async () => {
    const readSecret = secretsReturning(async () => '{}');
    const config = await resolveLangfuseKeys(
      loadConfig({ LANGFUSE_SECRET_ARN: ARN, LANGFUSE_PUBLIC_KEY: 'pk-env', LANGFUSE_SECRET_KEY: 'sk-env' }),
      readSecret,
    );
    expect(config.LANGFUSE_PUBLIC_KEY).toBe('pk-env');
    expect(readSecret).not.toHaveBeenCalled();
  });

  it('does nothing without an ARN', async () => {
    const readSecret = secretsReturning(async () => '{}');
    const config = await resolveLangfuseKeys(loadConfig({}), readSecret);
    expect(config.LANGFUSE_PUBLIC_KEY).toBeUndefined();
    expect(readSecret).not.toHaveBeenCalled();
  });

  it('turns tracing off with a warning that does not quote the secret when it is malformed', async () => {
    // Prepare
    const warn = vi.fn();
    const readSecret = secretsReturning(async () => '{"publicKey":"pk-leak"}');
    // Act
    const config = await resolveLangfuseKeys(loadConfig({ LANGFUSE_SECRET_ARN: ARN }), readSecret, { warn });
    // Assess
    expect(config.LANGFUSE_PUBLIC_KEY).toBeUndefined();
    expect(warn).toHaveBeenCalledWith('langfuse keys unavailable; tracing off', { error_name: 'ZodError' });
    expect(JSON.stringify(warn.mock.calls)).not.toContain('pk-leak');
  });

  it('turns tracing off when the secret cannot be read', async () => {
    const readSecret = secretsReturning(async () => {
      throw Object.assign(new Error('denied'), { name: 'AccessDeniedException' });
    });
    const config = await resolveLangfuseKeys(loadConfig({ LANGFUSE_SECRET_ARN: ARN }), readSecret);
    expect(config.LANGFUSE_SECRET_KEY).toBeUndefined();
  });
});
