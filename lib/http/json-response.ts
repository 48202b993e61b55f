import type { APIGatewayProxyResult } from 'aws-lambda';

/** A JSON API Gateway response; plan state must never be cached by an intermediary. */
export function jsonResponse(statusCode: number, body: unknown): APIGatewayProxyResult {
  return {
    statusCode,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  };
}
