import { type App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';
import { beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { BookingUpdateStack } from '../../infra/cdk/booking-update-stack.ts';
import { buildApp } from '../../infra/cdk/build-app.ts';
import { parseStageSettings } from '../../infra/cdk/stage-settings.ts';
import { PROD_CONTEXT, testApp } from './synth-app.ts';

/** One context per variant that changes which findings exist (X-Ray adds a wildcard statement). */
const VARIANTS = {
  dev: { stage: 'dev' },
  'prod with X-Ray': { ...PROD_CONTEXT, xray: 'true' },
} as const;

const AcknowledgedRules = z.record(z.string(), z.string());

/** Every acknowledgement recorded by Validations.of(x).acknowledge in the tree, with where it was made. */
function acknowledgementsIn(root: IConstruct): Array<{ id: string; reason: string; path: string }> {
  return root.node.findAll().flatMap((construct) =>
    construct.node.metadata
      .filter((entry) => entry.type === Validations.ACKNOWLEDGED_RULES_METADATA_KEY)
      .flatMap((entry) =>
        Object.entries(AcknowledgedRules.parse(entry.data)).map(([id, reason]) => ({
          id: id.replace(/^annotation::/i, ''),
          reason,
          path: construct.node.path,
        })),
      ),
  );
}

describe.each(Object.entries(VARIANTS))('cdk-nag AwsSolutions (%s)', (_variant, context) => {
  let app: App;
  let stack: BookingUpdateStack;

  beforeAll(() => {
    app = testApp(context);
    stack = buildApp(app).stack;
  });

  it('synthesises with the AwsSolutions plugin registered (synthesis throws on error findings)', () => {
    const assembly = app.synth();

    expect(assembly.getStackByName(stack.stackName).template).toHaveProperty('Resources');
  });

  it('leaves no unacknowledged finding, warnings included', () => {
    const report = new AwsSolutionsChecks().validateScope(app);

    expect(report.violations.map((v) => `${v.ruleName} @ ${v.violatingResources[0]?.constructPath}`)).toEqual(
      [],
    );
    expect(report.success).toBe(true);
  });

  it('gives every acknowledgement a real reason', () => {
    const acknowledgements = acknowledgementsIn(app);

    expect(acknowledgements.length).toBeGreaterThan(0);
    for (const { id, reason } of acknowledgements) {
      expect(id).toMatch(/^AwsSolutions-[A-Z]+\d+/);
      expect(reason.trim().length, id).toBeGreaterThanOrEqual(40);
    }
  });

  it('acknowledges only findings that occur without the acknowledgements', () => {
    // Prepare: the same stack, but without acknowledgeNagFindings.
    const bare = testApp(context);
    new BookingUpdateStack(bare, 'Bare', { settings: parseStageSettings(context) });

    // Act
    const findings = new Set(new AwsSolutionsChecks().validateScope(bare).violations.map((v) => v.ruleName));

    // Assess
    expect(
      acknowledgementsIn(app)
        .map((a) => a.id)
        .filter((id) => !findings.has(id)),
    ).toEqual([]);
  });
});
