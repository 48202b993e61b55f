import { CfnElement, Stack, Validations } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';
import type { BookingUpdateStack } from './booking-update-stack.ts';

/** Raised when an acknowledgement cannot name the resource it is about. */
export class NagAcknowledgementError extends Error {
  override readonly name = 'NagAcknowledgementError';
}

/** The CloudFormation logical id cdk-nag prints in `<LogicalId.Arn>` findings. */
function logicalIdOf(construct: IConstruct): string {
  const element = construct.node.defaultChild;
  if (!CfnElement.isCfnElement(element)) {
    throw new NagAcknowledgementError(`no CloudFormation resource under ${construct.node.path}`);
  }
  const stack = Stack.of(construct);
  return String(stack.resolve(stack.getLogicalId(element)));
}

/**
 * Records why each remaining cdk-nag AwsSolutions finding is accepted, on the narrowest construct that owns it.
 * cdk-nag 3.x matches ids exactly (no prefix matching), so IAM5 findings name the exact resource.
 * test/infra/nag.test.ts fails on any unacknowledged finding and on any acknowledgement without a reason.
 */
export function acknowledgeNagFindings(stack: BookingUpdateStack): void {
  const { handlers, serviceApi, tables, settings } = stack;

  Validations.of(handlers).acknowledge(
    {
      id: 'AwsSolutions-L1',
      reason:
        'Runtime nodejs22.x is deliberate: the service targets Node 22 (package.json engines, the local stack and ' +
        'CI run 22), and Node 22 is a supported Lambda runtime; move to nodejs24.x together with engines.',
    },
    {
      id: `AwsSolutions-IAM5[Resource::<${logicalIdOf(tables.plans)}.Arn>/index/*]`,
      reason:
        'TableV2 grant* methods add <plans table>/index/* so that Query on the by_session GSI works; the wildcard ' +
        'covers only the indexes of this one table, which has a single GSI (by_session).',
    },
  );
  if (settings.xray) {
    Validations.of(handlers).acknowledge({
      id: 'AwsSolutions-IAM5[Resource::*]',
      reason:
        'Active X-Ray tracing needs xray:PutTraceSegments and xray:PutTelemetryRecords, which do not support ' +
        'resource-level permissions (AWS service authorization reference), so the resource must be *.',
    });
  }

  if (!settings.waf) {
    Validations.of(serviceApi).acknowledge({
      id: 'AwsSolutions-APIG3',
      reason:
        `The WAF web ACL is off for this stage (context waf=false; prod turns it on by default). IAM authorisation ` +
        'and the IQ-only resource policy reject every other caller before an integration runs, and stage ' +
        'throttling bounds the rest; a dev stack has no public traffic worth the web ACL charge.',
    });
  }
  Validations.of(serviceApi).acknowledge(
    {
      id: 'AwsSolutions-APIG2',
      reason:
        'Parameters are validated by API Gateway; bodies are validated by the handlers with zod so that a bad ' +
        'body gets the contract error { error_type: invalid_input } naming the field (issue 4), which gateway ' +
        'body validation cannot produce.',
    },
    {
      id: 'AwsSolutions-COG4',
      reason:
        'Every method uses IAM authorisation: the only caller is ROLLER iQ, a service that signs with SigV4. ' +
        'There are no end-user Cognito identities; the user token is passed through to the booking API.',
    },
    {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AmazonAPIGatewayPushToCloudWatchLogs]',
      reason:
        'The account-level role API Gateway uses to write access and execution logs; AWS documents this managed ' +
        'policy for it and keeps it to CloudWatch Logs actions.',
    },
  );
}
