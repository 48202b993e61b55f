import { fileURLToPath } from 'node:url';
import { type Duration, RemovalPolicy } from 'aws-cdk-lib';
import { Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat, SourceMapMode } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import type { ServiceEnvironment } from '../function-environment.ts';

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * ESM bundles still contain CommonJS dependencies that call `require`; esbuild's ESM output has no `require`,
 * so the banner recreates it from `import.meta.url`.
 */
export const ESM_REQUIRE_BANNER =
  "import { createRequire as __bus_createRequire } from 'node:module'; const require = __bus_createRequire(import.meta.url);";

/** Options for {@link ServiceFunction}. */
export interface ServiceFunctionProps {
  /** File name under functions/, e.g. 'confirm-plan.ts'; it exports `handler`. */
  readonly entryFile: string;
  readonly description: string;
  readonly memorySize: number;
  readonly timeout: Duration;
  readonly environment: ServiceEnvironment;
  readonly logRetentionDays: 14 | 90;
  /** prod keeps the log group when the stack is deleted. */
  readonly protectData: boolean;
  /** Active X-Ray tracing; default off (Langfuse carries the traces that matter). */
  readonly xray: boolean;
}

/**
 * One Lambda handler with the house bundling: nodejs22.x on arm64, ESM, minified with `keepNames` (STYLE: error
 * `name`s and span names survive minification), source maps shipped but not loaded at run time, and an explicit log
 * group with retention.
 * Its role may write only to that log group (instead of AWSLambdaBasicExecutionRole's logs on every group).
 */
export class ServiceFunction extends Construct {
  readonly fn: NodejsFunction;
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
    this.fn = new NodejsFunction(this, 'Function', {
      role,
      entry: `${repoRoot}functions/${props.entryFile}`,
      handler: 'handler',
      projectRoot: repoRoot,
      depsLockFilePath: `${repoRoot}package-lock.json`,
      description: props.description,
      runtime: Runtime.NODEJS_22_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize,
      timeout: props.timeout,
      logGroup,
      tracing: props.xray ? Tracing.ACTIVE : Tracing.DISABLED,
      // No NODE_OPTIONS=--enable-source-maps: Node then reads and parses the whole .map at import (measured: +120 ms
      // CPU for get-plan's 3 MB map, +380 ms for handle-request's 10 MB, more than the rest of the import above the
      // AWS SDK floor). The maps still ship beside each bundle; keepNames keeps function and error names readable
      // in stack traces, and an operator can set the flag on one function while debugging (docs/deploy.md).
      environment: props.environment,
      bundling: {
        format: OutputFormat.ESM,
        mainFields: ['module', 'main'],
        banner: ESM_REQUIRE_BANNER,
        target: 'node22',
        minify: true,
        keepNames: true,
        sourceMap: true,
        sourceMapMode: SourceMapMode.DEFAULT,
        // The nodejs22.x runtime ships AWS SDK v3: leaving it out halves every bundle and its cold-start import
        // (issue 8 goals: API handlers ≤ 0.6 MB). We use only long-stable SDK v3 commands.
        externalModules: ['@aws-sdk/*'],
      },
    });
  }
}
