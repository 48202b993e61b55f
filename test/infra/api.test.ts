import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { synthApp } from './synth-app.ts';
import { logicalIdOf } from './template-queries.ts';

const Resource = z.object({
  Properties: z.object({
    PathPart: z.string(),
    ParentId: z.union([
      z.object({ Ref: z.string() }),
      z.object({ 'Fn::GetAtt': z.tuple([z.string(), z.string()]) }),
    ]),
  }),
});
const Method = z.object({
  Properties: z.object({
    HttpMethod: z.string(),
    AuthorizationType: z.string(),
    ResourceId: z.object({ Ref: z.string() }),
    Integration: z.object({ Type: z.string(), Uri: z.unknown().optional() }),
  }),
});

describe('BookingUpdateStack API (dev)', () => {
  let built: ReturnType<typeof synthApp>;
  let methods: Array<{ route: string; auth: string; integrationUri: string }>;
  let notAllowed: Array<{ route: string; auth: string; integrationUri: string }>;

  beforeAll(() => {
    built = synthApp({ stage: 'dev' });
    const resources = built.template.toJSON().Resources;
    const pathOf = (id: string): string => {
      const resource = resources[id];
      if (resource?.Type !== 'AWS::ApiGateway::Resource') return '';
      const { PathPart, ParentId } = Resource.parse(resource).Properties;
      const parentId = 'Ref' in ParentId ? ParentId.Ref : ParentId['Fn::GetAtt'][0];
      return `${pathOf(parentId)}/${PathPart}`;
    };
    const all = Object.values(built.template.findResources('AWS::ApiGateway::Method'));
    const routes = (mock: boolean) =>
      all
        .filter((m) => (Method.parse(m).Properties.Integration.Type === 'MOCK') === mock)
        .map((m) => {
          const p = Method.parse(m).Properties;
          return {
            route: `${p.HttpMethod} ${pathOf(p.ResourceId.Ref)}`,
            auth: p.AuthorizationType,
            integrationUri: JSON.stringify(p.Integration.Uri),
          };
        });
    notAllowed = routes(true);
    methods = all
      .filter((m) => Method.parse(m).Properties.Integration.Type !== 'MOCK')
      .map((m) => {
        const p = Method.parse(m).Properties;
        return {
          route: `${p.HttpMethod} ${pathOf(p.ResourceId.Ref)}`,
          auth: p.AuthorizationType,
          integrationUri: JSON.stringify(p.Integration.Uri),
        };
      });
  });

  it('serves exactly the four routes of the IQ contract', () => {
    expect(methods.map((m) => m.route).sort()).toEqual([
      'GET /v1/plans/{plan_id}',
      'POST /v1/plans/{plan_id}/answer',
      'POST /v1/plans/{plan_id}/confirm',
      'POST /v1/requests',
    ]);
  });

  it('requires IAM (SigV4) authorisation on every method', () => {
    expect(methods.map((m) => m.auth)).toEqual(methods.map(() => 'AWS_IAM'));
    expect(notAllowed.map((m) => m.auth)).toEqual(notAllowed.map(() => 'AWS_IAM'));
  });

  it('answers every other method of those paths 405 with Allow, never reaching a Lambda (issue 27)', () => {
    // Prepare
    const paths = [
      '/v1/requests',
      '/v1/plans/{plan_id}',
      '/v1/plans/{plan_id}/confirm',
      '/v1/plans/{plan_id}/answer',
    ];
    const others = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].flatMap((m) =>
      paths.map((p) => `${m} ${p}`).filter((route) => !methods.some((r) => r.route === route)),
    );

    // Act
    const mocked = notAllowed.map((m) => m.route).sort();

    // Assess
    expect(mocked).toEqual(others.sort());
    built.template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'DELETE',
      Integration: Match.objectLike({
        Type: 'MOCK',
        IntegrationResponses: [
          Match.objectLike({
            StatusCode: '405',
            ResponseParameters: { 'method.response.header.Allow': "'POST'" },
            ResponseTemplates: {
              'application/json': Match.stringLikeRegexp(
                '^\\{"error_type":"invalid_input","message":"this method is not allowed',
              ),
            },
          }),
        ],
      }),
    });
  });

  it('routes each operation to its own handler', () => {
    // Prepare
    const { stack } = built;
    const expected = {
      'POST /v1/requests': stack.handlers.handleRequest,
      'POST /v1/plans/{plan_id}/confirm': stack.handlers.confirmPlan,
      'GET /v1/plans/{plan_id}': stack.handlers.getPlan,
      'POST /v1/plans/{plan_id}/answer': stack.handlers.answerPrompt,
    };

    for (const [route, fn] of Object.entries(expected)) {
      // Act
      const method = methods.find((m) => m.route === route);

      // Assess
      expect(method?.integrationUri, route).toContain(logicalIdOf(stack, fn.functionArn));
    }
  });

  it('writes JSON access logs to a log group with retention, and throttles the stage', () => {
    const { stack, template } = built;
    const accessLogs = logicalIdOf(stack, stack.serviceApi.accessLogs.logGroupArn);

    template.hasResourceProperties('AWS::Logs::LogGroup', { RetentionInDays: 14 });
    template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'dev',
      AccessLogSetting: {
        DestinationArn: { 'Fn::GetAtt': [accessLogs, 'Arn'] },
        Format: Match.stringLikeRegexp('"requestId":"\\$context.requestId"'),
      },
      MethodSettings: [
        Match.objectLike({
          HttpMethod: '*',
          ResourcePath: '/*',
          ThrottlingRateLimit: 10,
          ThrottlingBurstLimit: 20,
        }),
      ],
    });
  });

  it('never logs request data, which would include X-User-Token', () => {
    const stage = Object.values(built.template.findResources('AWS::ApiGateway::Stage'))[0];

    expect(stage?.Properties.MethodSettings).toEqual([expect.objectContaining({ DataTraceEnabled: false })]);
    expect(stage?.Properties.AccessLogSetting.Format).not.toMatch(/requestOverride|header|X-User-Token/i);
  });

  it('answers gateway-generated errors in the ServiceError shape of seed 001', () => {
    const responses = Object.values(built.template.findResources('AWS::ApiGateway::GatewayResponse'));

    expect(responses.length).toBeGreaterThanOrEqual(2);
    for (const response of responses) {
      const body = String(response.Properties.ResponseTemplates['application/json']);
      expect(body).toMatch(
        /^\{"error_type":"(invalid_input|service_unavailable|auth_required)","message":\$context\.error\.messageString\}$/,
      );
    }
    built.template.hasResourceProperties('AWS::ApiGateway::GatewayResponse', {
      ResponseType: 'DEFAULT_5XX',
      ResponseTemplates: { 'application/json': Match.stringLikeRegexp('service_unavailable') },
    });
  });

  it('validates the plan_id path parameter and the user_id query parameter of GET', () => {
    built.template.hasResourceProperties('AWS::ApiGateway::RequestValidator', {
      ValidateRequestParameters: true,
    });
    built.template.hasResourceProperties('AWS::ApiGateway::Method', {
      HttpMethod: 'GET',
      RequestParameters: { 'method.request.path.plan_id': true, 'method.request.querystring.user_id': true },
    });
  });
});
