import { SQSClient } from '@aws-sdk/client-sqs';
import type { Config } from '../../config/config.ts';

/**
 * The SQS client. With SQS_ENDPOINT set (fauxqs) it uses static dummy credentials, and the explicit endpoint
 * keeps the SDK from routing to the queue URL's host (fauxqs URLs use sqs.<region>.localhost:<port>).
 */
export function createSqsClient(config: Pick<Config, 'AWS_REGION' | 'SQS_ENDPOINT'>): SQSClient {
  const local = config.SQS_ENDPOINT;
  return new SQSClient({
    region: config.AWS_REGION,
    ...(local
      ? { endpoint: local, credentials: { accessKeyId: 'local', secretAccessKey: 'local' }, maxAttempts: 2 }
      : {}),
  });
}
