import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { MANAGED_RULE_GROUPS } from '../../infra/cdk/constructs/service-waf.ts';
import {
  API_GATEWAY_TIMEOUT_MS,
  FUNCTION_LIMITS,
  type FunctionName,
} from '../../infra/cdk/function-limits.ts';
import { ALARM_TOPIC_ARN, IQ_ROLE_ARN, PROD_CONTEXT, synthApp } from './synth-app.ts';
import { accessByTarget, logicalIdOf, statementsOfRole } from './template-queries.ts';

/** Issue 28: deadlines, IQ-only access, alarms and caps, the sealed token's key, as `npm run synth` shows them. */

const HANDLERS = {
  handleRequest: 'handle-request',
  confirmPlan: 'confirm-plan',
  getPlan: 'get-plan',
  answerPrompt: 'answer-prompt',
  executePlan: 'execute-plan',
  watchdog: 'watchdog',
} as const satisfies Record<string, FunctionName>;
type Handler = keyof typeof HANDLERS;
const HANDLER_KEYS = Object.keys(HANDLERS) as Handler[];

const KeyStatement = z.object({
  Sid: z.string().optional(),
  Effect: z.string(),
  Action: z.union([z.string(), z.array(z.string())]).transform((a) => (Array.isArray(a) ? a : [a])),
  Principal: z.object({ AWS: z.unknown() }),
  Condition: z.unknown().optional(),
});
const KeyResource = z.object({
  Properties: z.object({
    EnableKeyRotation: z.boolean(),
    KeyPolicy: z.object({ Statement: z.array(KeyStatement) }),
  }),
});

function synthesise(context: Record<string, unknown>) {
  const built = synthApp(context);
  const { stack, template } = built;
  const functionOf = (name: Handler) =>
    template.toJSON().Resources[logicalIdOf(stack, stack.handlers[name].functionArn)];
  const roleOf = (name: Handler) => logicalIdOf(stack, stack.handlers[name].role?.roleArn ?? '');
  return { ...built, functionOf, roleOf };
}

describe('issue 28 limits and access (dev)', () => {
  let dev: ReturnType<typeof synthesise>;
  beforeAll(() => {
    dev = synthesise({ stage: 'dev' });
  });

  describe('deadlines', () => {
    it('takes every timeout and memory size from function-limits.ts, the definition the local gateway enforces', () => {
      for (const name of HANDLER_KEYS) {
        // Assess
        expect(dev.functionOf(name).Properties, name).toMatchObject({
          Timeout: FUNCTION_LIMITS[HANDLERS[name]].timeoutMs / 1000,
          MemorySize: FUNCTION_LIMITS[HANDLERS[name]].memorySize,
        });
      }
    });

    it('keeps every function behind the API below the gateway 29 s: confirm/answer/status 10 s, planner 28 s', () => {
      // Assess
      expect(API_GATEWAY_TIMEOUT_MS).toBe(29_000);
      for (const name of ['handleRequest', 'confirmPlan', 'getPlan', 'answerPrompt'] as const) {
        expect(dev.functionOf(name).Properties.Timeout * 1000, name).toBeLessThan(API_GATEWAY_TIMEOUT_MS);
      }
      expect(dev.functionOf('handleRequest').Properties.Timeout).toBe(28);
      expect(dev.functionOf('confirmPlan').Properties.Timeout).toBe(10);
      expect(dev.functionOf('answerPrompt').Properties.Timeout).toBe(10);
    });
  });

  describe('IQ-only access', () => {
    it('denies, without configured IQ roles, every principal outside the stack account', () => {
      // Assess
      dev.template.hasResourceProperties('AWS::ApiGateway::RestApi', {
        Policy: {
          Statement: [
            Match.objectLike({
              Effect: 'Deny',
              Principal: { AWS: '*' },
              Action: 'execute-api:Invoke',
              Resource: 'execute-api:/*',
              Condition: { StringNotEquals: { 'aws:PrincipalAccount': { Ref: 'AWS::AccountId' } } },
            }),
          ],
        },
      });
    });

    it('attaches no WAF in dev unless asked', () => {
      dev.template.resourceCountIs('AWS::WAFv2::WebACL', 0);
      synthApp({ stage: 'dev', waf: 'true' }).template.resourceCountIs('AWS::WAFv2::WebACLAssociation', 1);
    });
  });

  describe('caps', () => {
    it('caps the executor: event source maximumConcurrency and reserved concurrency both 5 (the booking API rate budget)', () => {
      // Assess
      dev.template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        ScalingConfig: { MaximumConcurrency: 5 },
        BatchSize: 1,
      });
      expect(dev.functionOf('executePlan').Properties.ReservedConcurrentExecutions).toBe(5);
      expect(
        synthApp({ stage: 'dev', executorConcurrency: '8' }).template.findResources(
          'AWS::Lambda::EventSourceMapping',
          { Properties: { ScalingConfig: { MaximumConcurrency: 8 } } },
        ),
      ).not.toEqual({});
    });

    it('gives the API handlers explicit item actions only: no Scan, Query, BatchWrite, Delete or stream reads', () => {
      // Prepare
      const { stack, template } = dev;
      const markers = {
        plans: logicalIdOf(stack, stack.tables.plans.tableArn),
        sessions: logicalIdOf(stack, stack.tables.sessions.tableArn),
      };
      const access = (name: Handler) => accessByTarget(statementsOfRole(template, dev.roleOf(name)), markers);
      const readWrite = ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem'];

      // Assess
      expect(access('handleRequest')).toEqual({ plans: readWrite, sessions: readWrite });
      expect(access('confirmPlan')).toEqual({ plans: readWrite });
      expect(access('getPlan')).toEqual({ plans: ['dynamodb:GetItem'] });
      expect(access('answerPrompt')).toEqual({ plans: readWrite, sessions: readWrite });
    });
  });

  describe('sealed token key', () => {
    let statements: z.infer<typeof KeyStatement>[];
    let rotation: boolean;
    beforeAll(() => {
      const keys = Object.values(dev.template.findResources('AWS::KMS::Key')).map((k) =>
        KeyResource.parse(k),
      );
      expect(keys).toHaveLength(1);
      statements = keys[0]?.Properties.KeyPolicy.Statement ?? [];
      rotation = keys[0]?.Properties.EnableKeyRotation ?? false;
    });
    const principalsOf = (action: string) =>
      statements.filter((s) => s.Effect === 'Allow' && s.Action.some((a) => a === action || a === 'kms:*'));

    it('lets only confirm and answer encrypt, and only the executor and the watchdog decrypt, with a plan_id context', () => {
      // Prepare
      const roles = (...names: Handler[]) => ({
        AWS: names.map((n) => ({ 'Fn::GetAtt': [dev.roleOf(n), 'Arn'] })),
      });
      const planIdContext = {
        'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': ['plan_id'] },
        Null: { 'kms:EncryptionContext:plan_id': 'false' },
      };

      // Assess
      expect(principalsOf('kms:Encrypt')).toEqual([
        expect.objectContaining({
          Principal: roles('confirmPlan', 'answerPrompt'),
          Condition: planIdContext,
        }),
      ]);
      expect(principalsOf('kms:Decrypt')).toEqual([
        expect.objectContaining({ Principal: roles('executePlan', 'watchdog'), Condition: planIdContext }),
      ]);
      expect(rotation).toBe(true);
    });

    it('lets the account root manage the key but not use it, so no IAM policy in the account can open a token', () => {
      // Assess
      const admin = statements.find((s) => s.Sid === 'KeyAdministration');
      expect(admin?.Action).toEqual(expect.arrayContaining(['kms:ScheduleKeyDeletion', 'kms:Put*']));
      for (const forbidden of [
        'kms:*',
        'kms:Encrypt',
        'kms:Decrypt',
        'kms:GenerateDataKey',
        'kms:ReEncrypt*',
      ])
        expect(admin?.Action, forbidden).not.toContain(forbidden);
    });

    it('passes TOKEN_KMS_KEY_ARN to exactly the functions the key policy names', () => {
      // Prepare
      const keyRef = {
        'Fn::GetAtt': [logicalIdOf(dev.stack, dev.stack.handlers.tokenKey.key.keyArn), 'Arn'],
      };

      // Assess
      for (const name of HANDLER_KEYS) {
        const expected = ['confirmPlan', 'answerPrompt', 'executePlan', 'watchdog'].includes(name)
          ? keyRef
          : undefined;
        expect(dev.functionOf(name).Properties.Environment.Variables.TOKEN_KMS_KEY_ARN, name).toEqual(
          expected,
        );
      }
    });
  });
});

describe('issue 28 limits and access (prod)', () => {
  let prod: ReturnType<typeof synthesise>;
  beforeAll(() => {
    prod = synthesise(PROD_CONTEXT);
  });

  it('allows IQ roles only: an allow for the configured role and a deny for every other principal', () => {
    // Assess
    prod.template.hasResourceProperties('AWS::ApiGateway::RestApi', {
      Policy: {
        Statement: [
          Match.objectLike({
            Effect: 'Allow',
            Principal: { AWS: IQ_ROLE_ARN },
            Action: 'execute-api:Invoke',
            Resource: 'execute-api:/*',
          }),
          Match.objectLike({
            Effect: 'Deny',
            Principal: { AWS: '*' },
            Action: 'execute-api:Invoke',
            Resource: 'execute-api:/*',
            Condition: { StringNotEquals: { 'aws:PrincipalArn': [IQ_ROLE_ARN] } },
          }),
        ],
      },
    });
  });

  it('attaches a regional WAF web ACL with the AWS managed rule groups to the prod stage', () => {
    // Assess
    prod.template.hasResourceProperties('AWS::WAFv2::WebACL', {
      Scope: 'REGIONAL',
      DefaultAction: { Allow: {} },
      Rules: MANAGED_RULE_GROUPS.map((name) =>
        Match.objectLike({
          Name: name,
          Statement: { ManagedRuleGroupStatement: { VendorName: 'AWS', Name: name } },
          OverrideAction: { None: {} },
        }),
      ),
    });
    const stageId = logicalIdOf(prod.stack, prod.stack.serviceApi.api.deploymentStage.stageName);
    prod.template.hasResourceProperties('AWS::WAFv2::WebACLAssociation', {
      ResourceArn: { 'Fn::Join': ['', Match.arrayWith(['/stages/', { Ref: stageId }])] },
    });
  });

  it('alarms on errors and throttles of every function, API 5xx, the oldest message age and DLQ depth', () => {
    // Prepare
    const alarms = prod.template.findResources('AWS::CloudWatch::Alarm');
    const has = (metricName: string, dimension: string) =>
      Object.values(alarms).some(
        (a) =>
          a.Properties.MetricName === metricName &&
          JSON.stringify(a.Properties.Dimensions).includes(dimension),
      );

    // Assess
    for (const name of HANDLER_KEYS) {
      const fnId = logicalIdOf(prod.stack, prod.stack.handlers[name].functionArn);
      expect(has('Errors', fnId), `${name} Errors`).toBe(true);
      expect(has('Throttles', fnId), `${name} Throttles`).toBe(true);
    }
    expect(has('5XXError', 'booking-update-prod')).toBe(true);
    expect(
      has('ApproximateAgeOfOldestMessage', logicalIdOf(prod.stack, prod.stack.executionQueue.queue.queueArn)),
    ).toBe(true);
    expect(
      has(
        'ApproximateNumberOfMessagesVisible',
        logicalIdOf(prod.stack, prod.stack.executionQueue.deadLetterQueue.queueArn),
      ),
    ).toBe(true);
  });

  it('sends every alarm of the stack to the required alarm topic', () => {
    // Assess
    const alarms = Object.values(prod.template.findResources('AWS::CloudWatch::Alarm'));
    expect(alarms.length).toBeGreaterThanOrEqual(18);
    for (const alarm of alarms) expect(alarm.Properties.AlarmActions).toEqual([ALARM_TOPIC_ARN]);
  });
});
