import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { type BuiltApp, buildApp } from '../../infra/cdk/build-app.ts';

/** IQ's role in another account (cross-account IQ) and the alarm topic: what prod requires besides the URL. */
export const IQ_ROLE_ARN = 'arn:aws:iam::210987654321:role/roller-iq-booking-updates';
export const ALARM_TOPIC_ARN = 'arn:aws:sns:ap-southeast-2:123456789012:booking-update-alarms';

/** A complete prod context. */
export const PROD_CONTEXT = {
  stage: 'prod',
  bookingApiUrl: 'https://bookings.example.com',
  alarmTopicArn: ALARM_TOPIC_ARN,
  iqPrincipalArns: IQ_ROLE_ARN,
} as const;

/**
 * An App for unit tests: bundling skipped (no esbuild run), and CloudFormation's built-in schema validation off
 * because loading the schema costs several seconds per test worker (`npm run synth` still runs it).
 */
export function testApp(context: Record<string, unknown> = {}): App {
  return new App({
    builtinCloudFormationValidation: false,
    context: { 'aws:cdk:bundling-stacks': [], ...context },
  });
}

/** The real app (cdk-nag included) and its synthesised stack template. */
export function synthApp(context: Record<string, unknown> = {}): BuiltApp & { template: Template } {
  const built = buildApp(testApp(context));
  return { ...built, template: Template.fromStack(built.stack) };
}
