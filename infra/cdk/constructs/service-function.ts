import { fileURLToPath } from 'node:url';
import { AssetHashType, DockerImage, type Duration, type ILocalBundling, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Code, Function as LambdaFunction, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ServiceEnvironment } from '../function-environment.ts';
import { bundleHandler, HANDLER_ENTRY } from '../handler-bundle.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Bundles one handler on this machine with the shared options (infra/cdk/handler-bundle.ts): esbuild is a
 * devDependency, so the Docker image below is never used (no Docker engine here or in CI).
 */
export class HandlerBundling implements ILocalBundling {
  constructor(readonly entryFile: string) {}

  tryBundle(outputDir: string): boolean {
    bundleHandler(this.entryFile, repoRoot, outputDir);
    return true;
  }
}

/** Options for {@link ServiceFunction}. */
export interface ServiceFunctionProps {
  /** File name under functions/, e.g. 'confirm-plan.ts'; it exports `handler`. */
  readonly entryFile: string;
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  /** Reserved concurrency (a cap and a guarantee); default none: the function shares the account's pool. */
  readonly reservedConcurrency?: number;
  readonly environment: ServiceEnvironment;
  readonly logRetentionDays: 14 | 90;
  /** prod keeps the log group when the stack is deleted. */
  readonly protectData: boolean;
  /** Active X-Ray tracing; default off (Langfuse carries the traces that matter). */
  readonly xray: boolean;
}

/**
 * One Lambda handler with the house bundling (handler-bundle.ts: ESM split into an entry and lazily imported chunks,
 * minified with `keepNames`, source maps shipped but not loaded at run time) on nodejs22.x arm64, and an explicit log
 * group with retention.
 * Its role may write only to that log group (instead of AWSLambdaBasicExecutionRole's logs on every group).
 */
export class ServiceFunction extends Construct {
  readonly fn: LambdaFunction;
  /** The function's own log group (ops metric filters read the executor's and the watchdog's). */
  readonly logGroup: LogGroup;

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    super(scope, id);
    const logGroup = new LogGroup(this, 'Logs', {
      retention: props.logRetentionDays,
      removalPolicy: props.protectData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
    });
    const role = new Role(this, 'Role', {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: props.description,
    });
    logGroup.grantWrite(role);
    this.logGroup = logGroup;
    this.fn = new LambdaFunction(this, 'Function', {
      role,
      code: Code.fromAsset(repoRoot, {
        // Hash what ships, not the repository; when a test skips bundling, CDK uses a stand-in hash instead.
        assetHashType: AssetHashType.OUTPUT,
        bundling: {
          image: DockerImage.fromRegistry('public.ecr.aws/sam/build-nodejs22.x'),
          local: new HandlerBundling(props.entryFile),
        },
      }),
      handler: HANDLER_ENTRY,
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      ...(props.reservedConcurrency !== undefined
        ? { reservedConcurrentExecutions: props.reservedConcurrency }
        : {}),
      logGroup,
      tracing: props.xray ? Tracing.ACTIVE : Tracing.DISABLED,
      // No NODE_OPTIONS=--enable-source-maps: Node then reads and parses the whole .map at import (measured: +120 ms
      // CPU for get-plan's 3 MB map, +380 ms for handle-request's 10 MB, more than the rest of the import above the
      // AWS SDK floor). The maps still ship beside each chunk; keepNames keeps function and error names readable
      // in stack traces, and an operator can set the flag on one function while debugging (docs/deploy.md).
      environment: props.environment,
    });
  }
}
