import type { Stack } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import * as z from 'zod';

const Reference = z.union([
  z.object({ 'Fn::GetAtt': z.tuple([z.string(), z.string()]) }).transform((r) => r['Fn::GetAtt'][0]),
  z.object({ Ref: z.string() }).transform((r) => r.Ref),
]);

/** The logical id a token (e.g. `table.tableArn`, `fn.functionArn`) resolves to in the template. */
export function logicalIdOf(stack: Stack, token: string): string {
  return Reference.parse(stack.resolve(token));
}

const Statement = z.object({
  Effect: z.enum(['Allow', 'Deny']),
  Action: z.union([z.string(), z.array(z.string())]).transform((a) => (Array.isArray(a) ? a : [a])),
  Resource: z.unknown(),
});
export type Statement = z.infer<typeof Statement>;

const Policy = z.object({
  Properties: z.object({
    PolicyDocument: z.object({ Statement: z.array(Statement) }),
    Roles: z.array(z.object({ Ref: z.string() })),
  }),
});

/** Every statement of every inline policy attached to the role with this logical id. */
export function statementsOfRole(template: Template, roleLogicalId: string): Statement[] {
  return Object.values(template.findResources('AWS::IAM::Policy'))
    .map((resource) => Policy.parse(resource).Properties)
    .filter((p) => p.Roles.some((r) => r.Ref === roleLogicalId))
    .flatMap((p) => p.PolicyDocument.Statement);
}

/**
 * Which actions a role holds on each named target. A target matches a statement when its marker (a logical id
 * or a secret name) appears anywhere in the statement's Resource.
 */
export function accessByTarget(
  statements: Statement[],
  markers: Record<string, string>,
): Record<string, string[]> {
  const access: Record<string, Set<string>> = {};
  for (const statement of statements.filter((s) => s.Effect === 'Allow')) {
    const resource = JSON.stringify(statement.Resource);
    for (const [target, marker] of Object.entries(markers)) {
      if (!resource.includes(marker)) continue;
      access[target] ??= new Set();
      for (const action of statement.Action) access[target].add(action);
    }
  }
  return Object.fromEntries(Object.entries(access).map(([target, actions]) => [target, [...actions].sort()]));
}
