import { RemovalPolicy, Stack } from 'aws-cdk-lib';
import { AccountRootPrincipal, type IRole, PolicyDocument, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Key } from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';

/** Options for {@link TokenKey}. */
export interface TokenKeyProps {
  /** prod keeps the key when the stack is deleted (messages sealed with it may still be in flight). */
  readonly protectData: boolean;
}

/** The encryption-context key of a sealed token: its value is the plan id (lib/ports/token-sealer.ts). */
export const TOKEN_CONTEXT_KEY = 'plan_id';

/**
 * Key-management actions for the account root: whoever administers the account can rotate, describe, re-policy or
 * schedule deletion of the key, but no principal gets Encrypt or Decrypt from this statement.
 */
const ADMIN_ACTIONS = [
  'kms:Create*',
  'kms:Describe*',
  'kms:Enable*',
  'kms:List*',
  'kms:Put*',
  'kms:Update*',
  'kms:Revoke*',
  'kms:Disable*',
  'kms:Get*',
  'kms:Delete*',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:ScheduleKeyDeletion',
  'kms:CancelKeyDeletion',
];

/**
 * The KMS key that seals the user's token inside queue messages (issue 28 "A sealed token"). The key policy is the
 * whole grant: it names the roles that may encrypt (confirm, answer) and decrypt (executor, watchdog rollback), each
 * only with an encryption context that is exactly `{ plan_id }`; the account root may manage the key but cannot use
 * it, so an IAM policy elsewhere in the account cannot open a token either.
 */
export class TokenKey extends Construct {
  readonly key: Key;

  constructor(scope: Construct, id: string, props: TokenKeyProps) {
    super(scope, id);
    this.key = new Key(this, 'Key', {
      description: `${Stack.of(this).stackName}: seals the user token in execution-queue messages`,
      enableKeyRotation: true,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
      // An explicit (initially empty) policy: CDK's default trusts the account root with kms:*, which would let any
      // IAM policy in the account decrypt tokens.
      policy: new PolicyDocument(),
    });
    this.key.addToResourcePolicy(
      new PolicyStatement({
        sid: 'KeyAdministration',
        principals: [new AccountRootPrincipal()],
        actions: ADMIN_ACTIONS,
        resources: ['*'],
      }),
    );
  }

  /** Lets these functions encrypt (seal) a token for a plan. */
  allowSeal(...functions: KeyUser[]): void {
    this.allow('SealToken', ['kms:Encrypt'], functions);
  }

  /** Lets these functions decrypt (open) a sealed token. */
  allowOpen(...functions: KeyUser[]): void {
    this.allow('OpenToken', ['kms:Decrypt'], functions);
  }

  private allow(sid: string, actions: string[], functions: KeyUser[]): void {
    this.key.addToResourcePolicy(
      new PolicyStatement({
        sid,
        principals: functions.map((fn) => roleOf(fn)),
        actions,
        resources: ['*'],
        conditions: {
          // Exactly one context key, plan_id, and it must be present: a token sealed for one plan opens only
          // with that plan's id, and nothing can be sealed without one.
          'ForAllValues:StringEquals': { 'kms:EncryptionContextKeys': [TOKEN_CONTEXT_KEY] },
          Null: { [`kms:EncryptionContext:${TOKEN_CONTEXT_KEY}`]: 'false' },
        },
      }),
    );
  }
}

/** A function whose execution role the key policy names. */
export interface KeyUser {
  readonly role?: IRole | undefined;
  readonly node: { readonly path: string };
}

/** Raised when a function to be named in the key policy has no role of its own. */
export class TokenKeyGrantError extends Error {
  override readonly name = 'TokenKeyGrantError';
}

function roleOf(fn: KeyUser): IRole {
  if (!fn.role)
    throw new TokenKeyGrantError(`${fn.node.path} has no execution role to name in the key policy`);
  return fn.role;
}
