import type middy from '@middy/core';
import type { APIGatewayProxyEvent } from 'aws-lambda';
import { readUserToken } from './user-token.ts';

/**
 * Rejects a request without a usable X-User-Token (401) before the body is even parsed, so a missing token is
 * reported as such whatever else is wrong with the request.
 */
export function userTokenMiddleware(): middy.MiddlewareObj<APIGatewayProxyEvent> {
  return {
    name: 'user-token',
    before: function requireUserToken(request) {
      readUserToken(request.event.headers);
    },
  };
}
