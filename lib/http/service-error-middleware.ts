import type { Logger } from '@aws-lambda-powertools/logger';
import type middy from '@middy/core';
import type { APIGatewayProxyResult } from 'aws-lambda';
import { mapErrorToResponse } from './error-mapping.ts';
import { jsonResponse } from './json-response.ts';

/**
 * The one error middleware: every error becomes a ServiceError response through lib/http/error-mapping.ts.
 * 4xx are logged as warnings with the error name; 5xx as errors with the cause chain (the logger's replacer
 * drops tokens and masks PII). The client sees a generic text for anything ≥ 500 (Middy's rule).
 */
export function serviceErrorMiddleware(logger: Logger): middy.MiddlewareObj<unknown, APIGatewayProxyResult> {
  return {
    name: 'service-error',
    onError: function mapServiceError(request) {
      const { status, body, retryAfterSeconds, allow } = mapErrorToResponse(request.error);
      if (status >= 500)
        logger.error(`request failed with ${status} ${body.error_type}`, toLoggable(request.error));
      else
        logger.warn('request rejected', {
          status,
          error_name: request.error?.name,
          error_message: body.message,
        });
      const response = jsonResponse(status, body, allow ? { allow } : {});
      // Every 503 tells IQ when to retry (openapi/service.yaml; issue 28's retry contract).
      if (retryAfterSeconds !== undefined)
        response.headers = { ...response.headers, 'retry-after': String(retryAfterSeconds) };
      request.response = response;
    },
  };
}

function toLoggable(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
