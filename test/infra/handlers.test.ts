import { Match } from 'aws-cdk-lib/assertions';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { ConfigSchema, loadConfig } from '../../lib/config/config.ts';
import { synthApp } from './synth-app.ts';
import { accessByTarget, logicalIdOf, statementsOfRole } from './template-queries.ts';

const FunctionProps = z.object({
  Runtime: z.string(),
  Architectures: z.array(z.string()),
  Handler: z.string(),
  MemorySize: z.number(),
  Timeout: z.number(),
  Environment: z.object({ Variables: z.record(z.string(), z.unknown()) }),
});

const HANDLERS = [
  'handleRequest',
  'confirmPlan',
  'getPlan',
  'answerPrompt',
  'executePlan',
  'watchdog',
] as const;
type HandlerName = (typeof HANDLERS)[number];

/** Builds one value per handler without casting an Object.fromEntries result. */
function byHandler<T>(f: (name: HandlerName) => T): Record<HandlerName, T> {
  return {
    handleRequest: f('handleRequest'),
    confirmPlan: f('confirmPlan'),
    getPlan: f('getPlan'),
    answerPrompt: f('answerPrompt'),
    executePlan: f('executePlan'),
    watchdog: f('watchdog'),
  };
}

const DYNAMODB_WRITES = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

describe('BookingUpdateStack handlers (dev)', () => {
  let built: ReturnType<typeof synthApp>;
  let props: Record<HandlerName, z.infer<typeof FunctionProps>>;
  let access: Record<HandlerName, Record<string, string[]>>;

  beforeAll(() => {
    built = synthApp({ stage: 'dev' });
    const { stack, template } = built;
    const resources = template.toJSON().Resources;
    const markers = {
      plans: logicalIdOf(stack, stack.tables.plans.tableArn),
      sessions: logicalIdOf(stack, stack.tables.sessions.tableArn),
      executions: logicalIdOf(stack, stack.tables.executions.tableArn),
      queue: logicalIdOf(stack, stack.executionQueue.queue.queueArn),
      dlq: logicalIdOf(stack, stack.executionQueue.deadLetterQueue.queueArn),
      gemini: 'secret:booking-update/dev/gemini-api-key',
      langfuse: 'secret:booking-update/dev/langfuse',
    };
    const fnOf = (name: HandlerName): LambdaFunction => stack.handlers[name];
    props = byHandler((name) =>
      FunctionProps.parse(resources[logicalIdOf(stack, fnOf(name).functionArn)].Properties),
    );
    access = byHandler((name) => {
      const roleId = logicalIdOf(stack, fnOf(name).role!.roleArn);
      return accessByTarget(statementsOfRole(template, roleId), markers);
    });
  });

  describe('runtime and sizing', () => {
    it('runs every handler on nodejs22.x, arm64, with the ESM bundle entry index.handler', () => {
      for (const name of HANDLERS) {
        expect(props[name], name).toMatchObject({
          Runtime: 'nodejs22.x',
          Architectures: ['arm64'],
          Handler: 'index.handler',
        });
      }
      built.template.resourceCountIs('AWS::Lambda::Function', HANDLERS.length);
    });

    it('sets memory and timeout explicitly: planner under the 29 s gateway limit, executor 300 s, others 10 s', () => {
      expect(props.handleRequest.Timeout).toBeLessThan(29);
      expect(props.executePlan.Timeout).toBe(300);
      expect(props.watchdog.Timeout).toBeLessThan(300);
      for (const name of ['confirmPlan', 'getPlan', 'answerPrompt'] as const) {
        expect(props[name].Timeout, name).toBe(10);
      }
      for (const name of HANDLERS) expect(props[name].MemorySize, name).toBeGreaterThanOrEqual(512);
    });

    it('does not load source maps at import (issue 12 cold start) and gives each handler its own log group with retention', () => {
      for (const name of HANDLERS) {
        expect(props[name].Environment.Variables.NODE_OPTIONS, name).toBeUndefined();
      }
      built.template.resourcePropertiesCountIs(
        'AWS::Logs::LogGroup',
        { RetentionInDays: 14 },
        HANDLERS.length + 1,
      );
    });
  });

  describe('environment', () => {
    it('uses only variable names that lib/config/config.ts knows, and parses with loadConfig', () => {
      const known = new Set([...Object.keys(ConfigSchema.in.shape), 'NODE_OPTIONS']);

      for (const name of HANDLERS) {
        // Prepare: tokens (Ref/GetAtt) stand in as plain strings, the way Lambda will see them resolved.
        const env = Object.fromEntries(
          Object.entries(props[name].Environment.Variables).map(([k, v]) => [
            k,
            typeof v === 'string' ? v : 'x',
          ]),
        );

        // Act
        const config = loadConfig(env);

        // Assess
        expect(
          Object.keys(env).filter((k) => !known.has(k)),
          name,
        ).toEqual([]);
        expect(config.STAGE).toBe('dev');
        for (const key of [
          'PLANS_TABLE',
          'SESSIONS_TABLE',
          'EXECUTIONS_TABLE',
          'PLAN_QUEUE_URL',
          'BOOKING_API_URL',
        ]) {
          expect(env[key], `${name}.${key}`).toBeDefined();
        }
      }
    });

    it('never puts a secret value in the template: only Secrets Manager ARNs', () => {
      for (const name of HANDLERS) {
        const vars = props[name].Environment.Variables;
        expect(Object.keys(vars), name).not.toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^(GOOGLE_API_KEY|LANGFUSE_PUBLIC_KEY|LANGFUSE_SECRET_KEY)$/),
          ]),
        );
        for (const key of ['GOOGLE_API_KEY_SECRET_ARN', 'LANGFUSE_SECRET_ARN'] as const) {
          if (vars[key] !== undefined)
            expect(JSON.stringify(vars[key]), `${name}.${key}`).toContain(':secretsmanager:');
        }
      }
    });

    it('selects Gemini exactly where the Gemini key is available', () => {
      for (const name of HANDLERS) {
        const vars = props[name].Environment.Variables;
        expect(vars.LLM_PROVIDER === 'gemini', name).toBe(vars.GOOGLE_API_KEY_SECRET_ARN !== undefined);
      }
      expect(props.handleRequest.Environment.Variables.LLM_PROVIDER).toBe('gemini');
      expect(props.executePlan.Environment.Variables.LLM_PROVIDER).toBe('gemini');
    });
  });

  describe('least-privilege grants', () => {
    it('gives each handler access to exactly the stores and secrets its operation needs', () => {
      expect(Object.keys(access.handleRequest).sort()).toEqual(['gemini', 'langfuse', 'plans', 'sessions']);
      expect(Object.keys(access.confirmPlan).sort()).toEqual(['langfuse', 'plans', 'queue']);
      expect(Object.keys(access.getPlan).sort()).toEqual(['plans']);
      expect(Object.keys(access.answerPrompt).sort()).toEqual(['langfuse', 'plans', 'queue', 'sessions']);
      expect(Object.keys(access.executePlan).sort()).toEqual([
        'executions',
        'gemini',
        'langfuse',
        'plans',
        'queue',
        'sessions',
      ]);
      expect(Object.keys(access.watchdog).sort()).toEqual([
        'dlq',
        'executions',
        'plans',
        'queue',
        'sessions',
      ]);
    });

    it('lets the watchdog consume the DLQ and send to the queue, nothing more (ADR 0009)', () => {
      expect(access.watchdog.dlq).toEqual(
        expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']),
      );
      expect(access.watchdog.queue).toContain('sqs:SendMessage');
      expect(access.watchdog.queue).not.toContain('sqs:ReceiveMessage');
      expect(props.watchdog.Environment.Variables.PLAN_DLQ_URL).toBeDefined();
    });

    it('runs the watchdog every 5 minutes from an EventBridge schedule', () => {
      const { stack, template } = built;
      template.hasResourceProperties('AWS::Events::Rule', {
        ScheduleExpression: 'rate(5 minutes)',
        Targets: [
          Match.objectLike({
            Arn: { 'Fn::GetAtt': [logicalIdOf(stack, stack.handlers.watchdog.functionArn), 'Arn'] },
          }),
        ],
      });
    });

    it('lets get-plan only read plans', () => {
      expect(access.getPlan.plans).toContain('dynamodb:GetItem');
      expect(access.getPlan.plans?.filter((action) => DYNAMODB_WRITES.includes(action))).toEqual([]);
    });

    it('lets confirm and answer send to the queue but not consume it, and only the executor consume', () => {
      for (const name of ['confirmPlan', 'answerPrompt'] as const) {
        expect(access[name].queue, name).toContain('sqs:SendMessage');
        expect(access[name].queue, name).not.toContain('sqs:ReceiveMessage');
      }
      expect(access.executePlan.queue).toEqual(
        expect.arrayContaining(['sqs:ReceiveMessage', 'sqs:DeleteMessage']),
      );
      expect(access.executePlan.queue).not.toContain('sqs:SendMessage');
    });

    it('reads secrets with GetSecretValue only', () => {
      for (const name of HANDLERS) {
        for (const secret of ['gemini', 'langfuse']) {
          const actions = access[name][secret];
          if (actions)
            expect(actions, `${name}.${secret}`).toEqual([
              'secretsmanager:DescribeSecret',
              'secretsmanager:GetSecretValue',
            ]);
        }
      }
    });
  });

  describe('queue consumer', () => {
    it('reports partial batch failures and uses no batching window (not allowed on FIFO)', () => {
      const { stack, template } = built;

      template.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        EventSourceArn: { 'Fn::GetAtt': [logicalIdOf(stack, stack.executionQueue.queue.queueArn), 'Arn'] },
        FunctionName: { Ref: logicalIdOf(stack, stack.handlers.executePlan.functionArn) },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
        MaximumBatchingWindowInSeconds: Match.absent(),
      });
      template.resourceCountIs('AWS::Lambda::EventSourceMapping', 1);
    });
  });
});
