import { Aws, RemovalPolicy } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  AuthorizationType,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  type MethodOptions,
  MockIntegration,
  PassthroughBehavior,
  type Resource,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import {
  AnyPrincipal,
  ArnPrincipal,
  Effect,
  type IPrincipal,
  PolicyDocument,
  PolicyStatement,
} from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { StageSettings } from '../stage-settings.ts';
import { addServiceErrorResponses } from './gateway-error-responses.ts';
import { ServiceWaf } from './service-waf.ts';

/** Options for {@link ServiceApi}. */
export interface ServiceApiProps {
  readonly settings: StageSettings;
  readonly handleRequest: IFunction;
  readonly confirmPlan: IFunction;
  readonly getPlan: IFunction;
  readonly answerPrompt: IFunction;
}

/**
 * The IQ-facing REST API (issue 4 "HTTP contract for IQ"). Every method uses IAM authorisation: IQ signs its
 * requests with SigV4, and the user's own token travels separately in `X-User-Token`. Bodies are validated by
 * the handlers (zod), so that malformed input gets the contract's `invalid_input` naming the field.
 */
export class ServiceApi extends Construct {
  readonly api: RestApi;
  readonly accessLogs: LogGroup;
  /** The WAF web ACL on the stage; undefined when `waf` is off for this stage. */
  readonly waf: ServiceWaf | undefined;

  constructor(scope: Construct, id: string, props: ServiceApiProps) {
    super(scope, id);
    const { settings } = props;
    this.accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: settings.logRetentionDays,
      removalPolicy: settings.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    this.api = new RestApi(this, 'RestApi', {
      restApiName: `booking-update-${settings.stage}`,
      description: 'Booking Update Service: plan, confirm, poll and answer (IQ integration)',
      endpointTypes: [EndpointType.REGIONAL],
      // API Gateway writes access and execution logs through this account-level role.
      cloudWatchRole: true,
      defaultMethodOptions: { authorizationType: AuthorizationType.IAM },
      policy: iqOnlyPolicy(settings.iqPrincipalArns),
      deployOptions: {
        stageName: settings.stage,
        // The standard fields carry no headers and no bodies, so X-User-Token never reaches the access log.
        accessLogDestination: new LogGroupLogDestination(this.accessLogs),
        accessLogFormat: AccessLogFormat.jsonWithStandardFields(),
        throttlingRateLimit: settings.throttle.rateLimit,
        throttlingBurstLimit: settings.throttle.burstLimit,
        // Errors only, and never data tracing: full request logging would write X-User-Token to CloudWatch.
        loggingLevel: MethodLoggingLevel.ERROR,
        dataTraceEnabled: false,
        metricsEnabled: true,
        tracingEnabled: settings.xray,
      },
    });
    addServiceErrorResponses(this.api);

    const paramsValidator = this.api.addRequestValidator('ParameterValidator', {
      validateRequestParameters: true,
      validateRequestBody: false,
    });
    const planMethod = (extra: Record<string, boolean> = {}): MethodOptions => ({
      requestValidator: paramsValidator,
      requestParameters: { 'method.request.path.plan_id': true, ...extra },
    });
    const integrate = (fn: IFunction) => new LambdaIntegration(fn, { allowTestInvoke: false });

    const v1 = this.api.root.addResource('v1');
    v1.addResource('requests').addMethod('POST', integrate(props.handleRequest));
    const plan = v1.addResource('plans').addResource('{plan_id}');
    plan.addMethod(
      'GET',
      integrate(props.getPlan),
      planMethod({ 'method.request.querystring.user_id': true }),
    );
    const confirm = plan.addResource('confirm');
    confirm.addMethod('POST', integrate(props.confirmPlan), planMethod());
    const answer = plan.addResource('answer');
    answer.addMethod('POST', integrate(props.answerPrompt), planMethod());
    for (const resource of [v1.getResource('requests') as Resource, plan, confirm, answer])
      addMethodNotAllowed(resource);

    this.waf = settings.waf ? new ServiceWaf(this, 'Waf', { stage: this.api.deploymentStage }) : undefined;
  }
}

/** The methods a client may try on a resource; those the resource does not serve answer 405. */
const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Issue 27: a wrong method on a known path is a 405 with `Allow`, as the handlers and the local gateway answer it.
 * API Gateway never sends a method a resource lacks to a Lambda (it answers its own 403), so each missing method
 * gets a mock integration that answers 405 with the ServiceError body, under the same IAM authorisation.
 */
function addMethodNotAllowed(resource: Resource): void {
  const allowed = HTTP_METHODS.filter((m) => resource.node.tryFindChild(m) !== undefined);
  const body = JSON.stringify({
    error_type: 'invalid_input',
    message: `this method is not allowed on ${resource.path}; use ${allowed.join(', ')}`,
  });
  const integration = new MockIntegration({
    passthroughBehavior: PassthroughBehavior.NEVER,
    requestTemplates: { 'application/json': '{"statusCode": 405}' },
    integrationResponses: [
      {
        statusCode: '405',
        responseParameters: { 'method.response.header.Allow': `'${allowed.join(', ')}'` },
        responseTemplates: { 'application/json': body },
      },
    ],
  });
  for (const method of HTTP_METHODS.filter((m) => !allowed.includes(m))) {
    resource.addMethod(method, integration, {
      methodResponses: [{ statusCode: '405', responseParameters: { 'method.response.header.Allow': true } }],
    });
  }
}

/** Every method of this API, in the resource policy's own notation (API Gateway fills in the API's ARN). */
const ALL_METHODS = 'execute-api:/*';

/**
 * The API's resource policy (issue 28 "IQ-only access"). With IAM authorisation and a resource policy, API Gateway
 * lets a same-account caller through when either its IAM policy or the resource policy allows it; so the allow
 * alone would not keep out other roles of the account. The explicit deny does: any principal that is not one of
 * IQ's roles is refused, whatever its IAM policy says. A cross-account IQ needs the allow (and its own IAM policy).
 * Without configured roles (a dev stack), only principals of this account pass, as IAM alone allowed before.
 */
function iqOnlyPolicy(iqPrincipalArns: readonly string[] | undefined): PolicyDocument {
  if (iqPrincipalArns === undefined) {
    return new PolicyDocument({
      statements: [
        new PolicyStatement({
          sid: 'DenyOtherAccounts',
          effect: Effect.DENY,
          principals: [new AnyPrincipal()],
          actions: ['execute-api:Invoke'],
          resources: [ALL_METHODS],
          conditions: { StringNotEquals: { 'aws:PrincipalAccount': Aws.ACCOUNT_ID } },
        }),
      ],
    });
  }
  const iq: IPrincipal[] = iqPrincipalArns.map((arn) => new ArnPrincipal(arn));
  return new PolicyDocument({
    statements: [
      new PolicyStatement({
        sid: 'AllowIq',
        principals: iq,
        actions: ['execute-api:Invoke'],
        resources: [ALL_METHODS],
      }),
      new PolicyStatement({
        sid: 'DenyEveryoneElse',
        effect: Effect.DENY,
        principals: [new AnyPrincipal()],
        actions: ['execute-api:Invoke'],
        resources: [ALL_METHODS],
        conditions: { StringNotEquals: { 'aws:PrincipalArn': [...iqPrincipalArns] } },
      }),
    ],
  });
}
