import { RemovalPolicy } from 'aws-cdk-lib';
import {
  AccessLogFormat,
  AuthorizationType,
  EndpointType,
  LambdaIntegration,
  LogGroupLogDestination,
  MethodLoggingLevel,
  type MethodOptions,
  RestApi,
} from 'aws-cdk-lib/aws-apigateway';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { StageSettings } from '../stage-settings.ts';
import { addServiceErrorResponses } from './gateway-error-responses.ts';

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
    plan.addResource('confirm').addMethod('POST', integrate(props.confirmPlan), planMethod());
    plan.addResource('answer').addMethod('POST', integrate(props.answerPrompt), planMethod());
  }
}
