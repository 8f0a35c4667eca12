// The one way this app makes a Lambda function: Node.js 22 on arm64, esbuild bundle with source maps (one
// build for every function of the app: function-bundles.ts),
// X-Ray tracing, its own log group with the stage's retention, a role that may write only to that log
// group (not the AWS managed basic execution policy, which allows every log group in the account), and
// binding helpers that grant access and set the environment variable naming the resource in one call.
import { type CfnResource, Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as lambda from 'aws-cdk-lib/aws-lambda';
import * as logs from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { IStateMachine } from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';

import { FunctionBundleCode } from './function-bundles.ts';
import { HANDLER_METADATA_KEY, HEAVY_MEMORY_MB, PROJECT_ROOT } from './function-facts.ts';

export { HANDLER_METADATA_KEY, HEAVY_MEMORY_MB, PROJECT_ROOT };

export interface ServiceFunctionProps {
  /** Handler module relative to the project root, e.g. functions/api/get-job.ts. */
  readonly entry: string;
  /** @default 'handler' */
  readonly exportName?: string;
  readonly description: string;
  readonly logRetentionDays: logs.RetentionDays;
  /** @default 256 */
  readonly memorySize?: number;
  /** @default 10 seconds */
  readonly timeout?: Duration;
  /** Variables beyond the bound resources. */
  readonly environment?: Record<string, string>;
  /** Native modules shipped in a layer instead of the bundle (sharp). @default none */
  readonly nativeLayer?: { readonly layer: lambda.ILayerVersion; readonly modules: readonly string[] };
  /** Modules left out of the bundle because this function never loads them in AWS. @default none */
  readonly externalModules?: readonly string[];
  /** Project files copied next to the bundle (read at run time from /var/task/<basename>). @default none */
  readonly bundledFiles?: readonly string[];
  /** Concurrent executions reserved for (and capped at) this function. @default none */
  readonly reservedConcurrentExecutions?: number;
  /** @default RemovalPolicy.DESTROY for the log group */
  readonly logRemovalPolicy?: RemovalPolicy;
}

export class ServiceFunction extends lambda.Function {
  /** Tables, buckets and state machines this function was bound to (cdk-nag acknowledgements read it). */
  readonly bindings: Array<ITable | IBucket | IStateMachine | IQueue> = [];

  constructor(scope: Construct, id: string, props: ServiceFunctionProps) {
    const logGroup = new logs.LogGroup(scope, `${id}Logs`, {
      retention: props.logRetentionDays,
      removalPolicy: props.logRemovalPolicy ?? RemovalPolicy.DESTROY,
    });
    // Lambda writes to the function's own log group only (it already exists, so no logs:CreateLogGroup).
    const role = new iam.Role(scope, `${id}Role`, {
      assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com'),
      description: `Execution role of ${id}`,
    });
    role.addToPrincipalPolicy(
      new iam.PolicyStatement({
        actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
        resources: [logGroup.logGroupArn],
      }),
    );
    super(scope, id, {
      role,
      code: new FunctionBundleCode({
        entry: props.entry,
        externalModules: [
          '@aws-sdk/*',
          ...(props.nativeLayer?.modules ?? []),
          ...(props.externalModules ?? []),
        ],
        bundledFiles: props.bundledFiles ?? [],
      }),
      handler: `index.${props.exportName ?? 'handler'}`,
      description: props.description,
      runtime: lambda.Runtime.NODEJS_22_X,
      architecture: lambda.Architecture.ARM_64,
      memorySize: props.memorySize ?? 256,
      timeout: props.timeout ?? Duration.seconds(10),
      reservedConcurrentExecutions: props.reservedConcurrentExecutions,
      tracing: lambda.Tracing.ACTIVE,
      logGroup,
      loggingFormat: lambda.LoggingFormat.JSON,
      layers: props.nativeLayer ? [props.nativeLayer.layer] : undefined,
      environment: { NODE_OPTIONS: '--enable-source-maps', ...props.environment },
    });
    // Template-level metadata (CfnResource.addMetadata), which the local stack reads back.
    (this.node.defaultChild as CfnResource).addMetadata(
      HANDLER_METADATA_KEY,
      `${props.entry}#${props.exportName ?? 'handler'}`,
    );
  }

  bindTable(table: ITable, envName: string, access: 'read' | 'readWrite'): this {
    if (access === 'read') table.grantReadData(this);
    else table.grantReadWriteData(this);
    this.addEnvironment(envName, table.tableName);
    this.bindings.push(table);
    return this;
  }

  /**
   * Object access only (the media store gets, puts — large bodies in parts, aborted on failure — and
   * presigns GETs of objects; it never lists or deletes), so not `grantRead`/`grantReadWrite`, which add
   * s3:List*, s3:GetBucket*, s3:DeleteObject*.
   */
  bindBucket(
    bucket: IBucket,
    envName: string,
    access: 'read' | 'readWrite' | 'readDelete' | 'readWriteDelete',
  ): this {
    const actions = {
      read: ['s3:GetObject'],
      readWrite: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload'],
      // Erasing a job's media: list its prefix (ListBucket on the bucket, limited to media/), delete the objects.
      readDelete: ['s3:GetObject', 's3:DeleteObject'],
      readWriteDelete: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload', 's3:DeleteObject'],
    }[access];
    this.addToRolePolicy(new iam.PolicyStatement({ actions, resources: [bucket.arnForObjects('*')] }));
    if (access === 'readDelete' || access === 'readWriteDelete') {
      this.addToRolePolicy(
        new iam.PolicyStatement({
          actions: ['s3:ListBucket'],
          resources: [bucket.bucketArn],
          conditions: { StringLike: { 's3:prefix': ['media/*'] } },
        }),
      );
    }
    bucket.encryptionKey?.grant(
      this,
      ...(access === 'readWrite' || access === 'readWriteDelete'
        ? ['kms:Decrypt', 'kms:GenerateDataKey']
        : ['kms:Decrypt']),
    );
    this.addEnvironment(envName, bucket.bucketName);
    this.bindings.push(bucket);
    return this;
  }

  /** Lets the function send to a queue (consuming is granted by its event source). */
  bindQueue(queue: IQueue, envName: string): this {
    queue.grantSendMessages(this);
    this.addEnvironment(envName, queue.queueUrl);
    this.bindings.push(queue);
    return this;
  }

  bindStateMachine(stateMachine: IStateMachine, envName: string): this {
    stateMachine.grantStartExecution(this);
    this.addEnvironment(envName, stateMachine.stateMachineArn);
    this.bindings.push(stateMachine);
    return this;
  }
}
