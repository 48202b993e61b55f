import { Stack } from 'aws-cdk-lib';
import type { Stage } from 'aws-cdk-lib/aws-apigateway';
import { CfnWebACL, CfnWebACLAssociation } from 'aws-cdk-lib/aws-wafv2';
import { Construct } from 'constructs';

/** Options for {@link ServiceWaf}. */
export interface ServiceWafProps {
  /** The API stage the web ACL protects. */
  readonly stage: Stage;
}

/**
 * AWS managed rule groups, in evaluation order: the common rule set (OWASP-style request checks), known bad
 * inputs (Log4j, exploit paths) and Amazon's IP reputation list. Our bodies are small JSON (a message, a user id,
 * an answer), well under the common set's 8 KB body limit.
 */
export const MANAGED_RULE_GROUPS = [
  'AWSManagedRulesCommonRuleSet',
  'AWSManagedRulesKnownBadInputsRuleSet',
  'AWSManagedRulesAmazonIpReputationList',
] as const;

/**
 * A regional WAF web ACL on the API stage (issue 28 "IQ-only access"): in front of IAM authorisation and the resource
 * policy, it drops malformed and known-bad traffic before API Gateway spends a signature check on it. Default action
 * allow: the managed groups block; IAM and the resource policy decide who may call.
 */
export class ServiceWaf extends Construct {
  readonly webAcl: CfnWebACL;

  constructor(scope: Construct, id: string, props: ServiceWafProps) {
    super(scope, id);
    const metricPrefix = Stack.of(this).stackName;
    // Sampled requests off: WAF keeps samples with their headers, and X-User-Token must not be stored anywhere.
    this.webAcl = new CfnWebACL(this, 'WebAcl', {
      scope: 'REGIONAL',
      defaultAction: { allow: {} },
      visibilityConfig: {
        cloudWatchMetricsEnabled: true,
        sampledRequestsEnabled: false,
        metricName: `${metricPrefix}-api-waf`,
      },
      rules: MANAGED_RULE_GROUPS.map((name, priority) => ({
        name,
        priority,
        overrideAction: { none: {} },
        statement: { managedRuleGroupStatement: { vendorName: 'AWS', name } },
        visibilityConfig: {
          cloudWatchMetricsEnabled: true,
          sampledRequestsEnabled: false,
          metricName: `${metricPrefix}-${name}`,
        },
      })),
    });
    new CfnWebACLAssociation(this, 'Association', {
      resourceArn: props.stage.stageArn,
      webAclArn: this.webAcl.attrArn,
    });
  }
}
