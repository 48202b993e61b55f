import type { APIGatewayProxyResult } from 'aws-lambda';

/** A JSON API Gateway response; plan state must never be cached by an intermediary. `extra`: e.g. Allow on a 405. */
export function jsonResponse(
  statusCode: number,
  body: unknown,
  extra: Record<string, string> = {},
): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { ...extra, 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}
