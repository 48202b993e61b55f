import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { Config } from '../../config/config.ts';

/**
 * The DocumentClient every DynamoDB adapter shares. With DYNAMODB_ENDPOINT set (dynalite) it uses static
 * dummy credentials, so the SDK never walks the credential chain (which would probe EC2 metadata and hang).
 */
export function createDocumentClient(
  config: Pick<Config, 'AWS_REGION' | 'DYNAMODB_ENDPOINT'>,
): DynamoDBDocumentClient {
  const local = config.DYNAMODB_ENDPOINT;
  const client = new DynamoDBClient({
    region: config.AWS_REGION,
    ...(local
      ? { endpoint: local, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 }
      : {}),
  });
  return DynamoDBDocumentClient.from(client, {
    // Optional attributes left undefined are simply absent from the item (readable in the console).
    marshallOptions: { removeUndefinedValues: true },
  });
}
