import { App } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { type BuiltApp, buildApp } from '../../infra/cdk/build-app.ts';

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
