import type { APIGatewayProxyEvent } from 'aws-lambda';

/** What the local gateway knows about one matched request. */
export interface GatewayRequest {
  method: string;
  /** Resource template of the matched route, e.g. /v1/plans/{plan_id}/confirm. */
  resource: string;
  /** The concrete path, e.g. /v1/plans/3f…/confirm. */
  path: string;
  pathParameters: Record<string, string> | null;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: string | null;
  requestId: string;
  sourceIp: string;
  /** Epoch ms, from the stack's clock. */
  requestTimeEpoch: number;
}

/**
 * Builds the API Gateway REST (v1) proxy event the deployed RestApi would deliver for this request, so the
 * handler modules run locally exactly as they run in Lambda.
 */
export function toApiGatewayEvent(request: GatewayRequest): APIGatewayProxyEvent {
  const query = Object.fromEntries(request.query.entries());
  const multiQuery: Record<string, string[]> = {};
  for (const key of request.query.keys()) multiQuery[key] = request.query.getAll(key);
  const hasQuery = Object.keys(query).length > 0;
  return {
    resource: request.resource,
    path: request.path,
    httpMethod: request.method,
    headers: request.headers,
    multiValueHeaders: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, [v]])),
    queryStringParameters: hasQuery ? query : null,
    multiValueQueryStringParameters: hasQuery ? multiQuery : null,
    pathParameters: request.pathParameters,
    stageVariables: null,
    body: request.body,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod: request.method,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: request.sourceIp,
        user: null,
        userAgent: request.headers['user-agent'] ?? null,
        userArn: null,
      },
      path: `/local${request.path}`,
      stage: 'local',
      requestId: request.requestId,
      requestTimeEpoch: request.requestTimeEpoch,
      resourceId: 'local',
      resourcePath: request.resource,
    },
  };
}
