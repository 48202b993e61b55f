import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { BookingUpdateStack } from './booking-update-stack.ts';
import { acknowledgeNagFindings } from './nag-acknowledgements.ts';
import { parseStageSettings, readStageContext } from './stage-settings.ts';

/** What {@link buildApp} assembled; tests synthesise `stack` with Template.fromStack. */
export interface BuiltApp {
  readonly app: App;
  readonly stack: BookingUpdateStack;
}

/**
 * Composition root of the CDK app: reads stage settings from context, adds the stack, registers cdk-nag's
 * AwsSolutions checks (synthesis fails on any unacknowledged finding) and records the acknowledgements.
 */
export function buildApp(app: App = new App()): BuiltApp {
  const settings = parseStageSettings(readStageContext(app.node));
  // cdk-nag 3.x is a policy-validation plugin; register it before anything synthesises.
  Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
  const stack = new BookingUpdateStack(app, `BookingUpdate-${settings.stage}`, {
    settings,
    description: `Booking Update Service (${settings.stage})`,
  });
  acknowledgeNagFindings(stack);
  return { app, stack };
}
