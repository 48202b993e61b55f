import { type ISecret, Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { Construct } from 'constructs';

/**
 * References an existing Secrets Manager secret by full ARN or by name. The stack never creates or reads secret
 * values: they are put in Secrets Manager out of band (docs/deploy.md) and read by the functions at cold start.
 * A name yields a partial ARN (no random suffix), which GetSecretValue accepts and grantRead scopes with `-??????`.
 */
export function importSecret(scope: Construct, id: string, nameOrArn: string): ISecret {
  return nameOrArn.startsWith('arn:')
    ? Secret.fromSecretCompleteArn(scope, id, nameOrArn)
    : Secret.fromSecretNameV2(scope, id, nameOrArn);
}
