import { ResponseType, type RestApi } from 'aws-cdk-lib/aws-apigateway';

/** ServiceErrorType of seed 001 that a gateway-generated error maps to. */
type ServiceErrorType = 'invalid_input' | 'service_unavailable' | 'auth_required';

/**
 * Errors API Gateway answers itself (before any handler runs) and the ServiceError type IQ sees for each.
 * Signature failures are the caller's (IQ's) authentication; throttling is temporary unavailability.
 */
export const GATEWAY_ERROR_TYPES: ReadonlyArray<readonly [ResponseType, ServiceErrorType]> = [
  [ResponseType.DEFAULT_4XX, 'invalid_input'],
  [ResponseType.DEFAULT_5XX, 'service_unavailable'],
  [ResponseType.ACCESS_DENIED, 'auth_required'],
  [ResponseType.MISSING_AUTHENTICATION_TOKEN, 'auth_required'],
  [ResponseType.INVALID_SIGNATURE, 'auth_required'],
  [ResponseType.EXPIRED_TOKEN, 'auth_required'],
  [ResponseType.UNAUTHORIZED, 'auth_required'],
  [ResponseType.THROTTLED, 'service_unavailable'],
  [ResponseType.QUOTA_EXCEEDED, 'service_unavailable'],
];

/**
 * Makes every gateway-generated error a ServiceError `{ error_type, message }` (001), so IQ parses one error
 * shape whether a handler or the gateway answered. `$context.error.messageString` is already a quoted,
 * escaped JSON string.
 */
export function addServiceErrorResponses(api: RestApi): void {
  for (const [type, errorType] of GATEWAY_ERROR_TYPES) {
    api.addGatewayResponse(`ServiceError${type.responseType}`, {
      type,
      templates: {
        'application/json': `{"error_type":"${errorType}","message":$context.error.messageString}`,
      },
    });
  }
}
