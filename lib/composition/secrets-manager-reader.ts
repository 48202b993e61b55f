import type { Config } from '../config/config.ts';
import type { ReadSecret } from '../observability/resolve-langfuse-keys.ts';

/**
 * ReadSecret over AWS Secrets Manager (GetSecretValue → SecretString). The SDK is imported on the first read
 * only, so a Lambda whose configuration names no secret ARN (local stack, tests, keys in the environment) never
 * loads it at cold start. One client per reader (per cold start).
 */
export function secretsManagerReader(config: Pick<Config, 'AWS_REGION'>): ReadSecret {
  let client: Promise<(secretId: string) => Promise<string | undefined>> | undefined;
  async function connect() {
    const { SecretsManagerClient, GetSecretValueCommand } = await import('@aws-sdk/client-secrets-manager');
    const sdk = new SecretsManagerClient({ region: config.AWS_REGION });
    return async function getSecretString(secretId: string) {
      return (await sdk.send(new GetSecretValueCommand({ SecretId: secretId }))).SecretString;
    };
  }
  return async function readSecret(secretId) {
    client ??= connect();
    return (await client)(secretId);
  };
}
