import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEV_BOOKING_API_PLACEHOLDER,
  parseStageSettings,
  StageSettingsError,
} from '../../infra/cdk/stage-settings.ts';
import { PROD_CONTEXT, synthApp } from './synth-app.ts';

describe('parseStageSettings', () => {
  it('defaults to dev with the documented secret names, a non-resolving booking API and no X-Ray', () => {
    const settings = parseStageSettings({});

    expect(settings).toMatchObject({
      stage: 'dev',
      bookingApiUrl: DEV_BOOKING_API_PLACEHOLDER,
      geminiSecretName: 'booking-update/dev/gemini-api-key',
      langfuseSecretName: 'booking-update/dev/langfuse',
      langfuseBaseUrl: 'https://cloud.langfuse.com',
      xray: false,
      protectData: false,
    });
  });

  it('treats empty strings (unset CI variables) as absent and parses string booleans from -c', () => {
    const settings = parseStageSettings({ bookingApiUrl: '', geminiSecretName: '', xray: 'true' });

    expect(settings.bookingApiUrl).toBe(DEV_BOOKING_API_PLACEHOLDER);
    expect(settings.geminiSecretName).toBe('booking-update/dev/gemini-api-key');
    expect(settings.xray).toBe(true);
  });

  it('requires bookingApiUrl for prod', () => {
    expect(() => parseStageSettings({ stage: 'prod' })).toThrow(StageSettingsError);
    expect(() => parseStageSettings({ stage: 'prod' })).toThrow(/bookingApiUrl is required/);
  });

  it('fails prod without an alarm topic or IQ principals (issue 28), naming each missing key', () => {
    // Prepare
    const { alarmTopicArn: _alarm, ...withoutAlarm } = PROD_CONTEXT;
    const { iqPrincipalArns: _iq, ...withoutIq } = PROD_CONTEXT;

    // Act / Assess
    expect(() => parseStageSettings(withoutAlarm)).toThrow(/alarmTopicArn is required for stage prod/);
    expect(() => parseStageSettings({ ...PROD_CONTEXT, alarmTopicArn: '' })).toThrow(
      /alarmTopicArn is required/,
    );
    expect(() => parseStageSettings(withoutIq)).toThrow(/iqPrincipalArns is required for stage prod/);
    expect(parseStageSettings(PROD_CONTEXT)).toMatchObject({
      alarmTopicArn: PROD_CONTEXT.alarmTopicArn,
      iqPrincipalArns: [PROD_CONTEXT.iqPrincipalArns],
      waf: true,
    });
  });

  it('reads iqPrincipalArns as a comma-separated list of role ARNs and rejects anything else', () => {
    // Prepare
    const second = 'arn:aws:iam::123456789012:role/path/iq-staging';

    // Act
    const settings = parseStageSettings({ iqPrincipalArns: `${PROD_CONTEXT.iqPrincipalArns}, ${second}` });

    // Assess
    expect(settings.iqPrincipalArns).toEqual([PROD_CONTEXT.iqPrincipalArns, second]);
    expect(() => parseStageSettings({ iqPrincipalArns: 'arn:aws:iam::123456789012:root' })).toThrow(
      /iqPrincipalArns.*IAM role ARN/,
    );
    expect(() => parseStageSettings({ iqPrincipalArns: '*' })).toThrow(/iqPrincipalArns/);
  });

  it('turns the WAF on in prod and off in dev unless told, and caps the executor at 5 by default', () => {
    expect(parseStageSettings({}).waf).toBe(false);
    expect(parseStageSettings({ waf: 'true' }).waf).toBe(true);
    expect(parseStageSettings({ ...PROD_CONTEXT, waf: 'false' }).waf).toBe(false);
    expect(parseStageSettings({}).executorConcurrency).toBe(5);
    expect(parseStageSettings({ executorConcurrency: '12' }).executorConcurrency).toBe(12);
    expect(() => parseStageSettings({ executorConcurrency: '1' })).toThrow(/executorConcurrency/);
  });

  it('rejects plain http URLs, because the user token and Langfuse keys travel over them', () => {
    expect(() => parseStageSettings({ bookingApiUrl: 'http://bookings.example.com' })).toThrow(
      /bookingApiUrl/,
    );
    expect(() => parseStageSettings({ langfuseBaseUrl: 'http://langfuse.example.com' })).toThrow(
      /langfuseBaseUrl/,
    );
  });

  it('names every bad key', () => {
    expect(() => parseStageSettings({ stage: 'qa', xray: 'yes' })).toThrow(/stage: .*xray: /);
  });
});

describe('BookingUpdateStack (prod)', () => {
  let built: ReturnType<typeof synthApp>;

  beforeAll(() => {
    built = synthApp({ ...PROD_CONTEXT, xray: 'true' });
  });

  it('protects and retains every table', () => {
    const tables = built.template.findResources('AWS::DynamoDB::GlobalTable');

    expect(Object.keys(tables)).toHaveLength(3);
    for (const table of Object.values(tables)) {
      expect(table.DeletionPolicy).toBe('Retain');
      expect(table.Properties.Replicas).toEqual([
        expect.objectContaining({ DeletionProtectionEnabled: true }),
      ]);
    }
  });

  it('names the stack and API stage after the stage, with prod throttling and log retention', () => {
    expect(built.stack.stackName).toBe('BookingUpdate-prod');
    built.template.hasResourceProperties('AWS::ApiGateway::Stage', {
      StageName: 'prod',
      TracingEnabled: true,
      MethodSettings: [Match.objectLike({ ThrottlingRateLimit: 50, ThrottlingBurstLimit: 100 })],
    });
    built.template.allResourcesProperties('AWS::Logs::LogGroup', { RetentionInDays: 90 });
  });

  it('passes the booking API URL to the handlers and enables X-Ray when asked', () => {
    built.template.allResourcesProperties('AWS::Lambda::Function', {
      TracingConfig: { Mode: 'Active' },
      Environment: {
        Variables: Match.objectLike({ STAGE: 'prod', BOOKING_API_URL: 'https://bookings.example.com' }),
      },
    });
  });
});
