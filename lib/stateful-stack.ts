// The stage's data: jobs, accounts (organizations and API keys), usage records, rate counters, the
// media bucket and the webhook queues. Kept apart from the service stack so redeploying code never touches data, and retained
// in prod.
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { S3_SERVER_ACCESS_LOGS_USE_BUCKET_POLICY } from 'aws-cdk-lib/cx-api';
import type { Construct } from 'constructs';
import { ACCOUNT_INDEXES } from '../functions/adapters/dynamodb/account-table.ts';
import { AUDIT_PARTITION_PREFIX } from '../functions/adapters/dynamodb/audit-log.ts';
import { EVENTS_TTL_ATTRIBUTE } from '../functions/adapters/dynamodb/event-log.ts';
import { JOB_INDEXES } from '../functions/adapters/dynamodb/job-table.ts';
import type { StageConfig } from './config/stages.ts';

interface StatefulStackProps extends StackProps {
  readonly config: StageConfig;
}

export class StatefulStack extends Stack {
  readonly jobsTable: dynamodb.Table;
  readonly accountsTable: dynamodb.Table;
  readonly rateLimitTable: dynamodb.Table;
  readonly idempotencyTable: dynamodb.Table;
  readonly usageTable: dynamodb.Table;
  readonly eventsTable: dynamodb.Table;
  readonly mediaBucket: s3.Bucket;
  readonly accessLogsBucket: s3.Bucket;
  readonly webhookQueue: sqs.Queue;
  readonly webhookDeadLetterQueue: sqs.Queue;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    // S3 server access logs reach the access-log bucket by its bucket policy (logging.s3.amazonaws.com,
    // PutObject on each source's prefix), as AWS recommends, instead of the legacy LogDeliveryWrite ACL: the
    // bucket can then disable ACLs (BucketOwnerEnforced). Set here, so it holds whatever cdk.json says.
    this.node.setContext(S3_SERVER_ACCESS_LOGS_USE_BUCKET_POLICY, true);
    const { config } = props;
    const removalPolicy = config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY;
    const str = dynamodb.AttributeType.STRING;
    const tableDefaults = {
      billingMode: dynamodb.BillingMode.PAY_PER_REQUEST,
      encryption: dynamodb.TableEncryption.AWS_MANAGED,
      // Jobs and accounts (API keys) are restorable in every stage; PITR costs little at this size.
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: config.retainData,
      removalPolicy,
    };

    this.jobsTable = new dynamodb.Table(this, 'JobsTable', {
      ...tableDefaults,
      partitionKey: { name: 'pk', type: str },
      sortKey: { name: 'sk', type: str },
    });
    for (const index of Object.values(JOB_INDEXES)) {
      this.jobsTable.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partitionKey, type: str },
        sortKey: { name: 'sortKey' in index ? index.sortKey : 'sk', type: str },
      });
    }

    this.accountsTable = new dynamodb.Table(this, 'AccountsTable', {
      ...tableDefaults,
      partitionKey: { name: 'pk', type: str },
      // Dashboard sign-in tokens and sessions carry `ttl`; keys and organizations never do.
      timeToLiveAttribute: 'ttl',
    });
    this.accountsTable.addGlobalSecondaryIndex({
      indexName: ACCOUNT_INDEXES.byOrg.name,
      partitionKey: { name: ACCOUNT_INDEXES.byOrg.partitionKey, type: str },
      sortKey: { name: ACCOUNT_INDEXES.byOrg.sortKey, type: str },
    });
    // Keys only: an API request's write to its key item (last use, counters) then writes no index entry.
    this.accountsTable.addGlobalSecondaryIndex({
      indexName: ACCOUNT_INDEXES.keysByOrg.name,
      partitionKey: { name: ACCOUNT_INDEXES.keysByOrg.partitionKey, type: str },
      sortKey: { name: ACCOUNT_INDEXES.keysByOrg.sortKey, type: str },
      projectionType: dynamodb.ProjectionType.KEYS_ONLY,
    });

    // Retired: rate buckets now live on the API key items (one write per request authenticates, counts the
    // quota and rate limits). Kept one more release with its exports, because CloudFormation refuses to
    // delete an export a deployed service stack still imports: a stage updates its service stack first,
    // then the next release deletes the table and these exports. Disposable either way (DESTROY, TTL).
    this.rateLimitTable = new dynamodb.Table(this, 'RateLimitTable', {
      ...tableDefaults,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: false },
      deletionProtection: false,
      removalPolicy: RemovalPolicy.DESTROY,
      partitionKey: { name: 'pk', type: str },
      timeToLiveAttribute: 'expires_at',
    });
    this.exportValue(this.rateLimitTable.tableArn);
    this.exportValue(this.rateLimitTable.tableName);

    // Idempotency-Key answers of POST requests, kept 24 h (Powertools' layout: key `id`, TTL `expiration`).
    // Disposable like the counters: Powertools checks expiry itself, TTL only clears the table.
    this.idempotencyTable = new dynamodb.Table(this, 'IdempotencyTable', {
      ...tableDefaults,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: false },
      deletionProtection: false,
      removalPolicy: RemovalPolicy.DESTROY,
      partitionKey: { name: 'id', type: str },
      timeToLiveAttribute: 'expiration',
    });

    // Usage: one record per completed job (what live keys are billed for). Kept like the jobs table.
    this.usageTable = new dynamodb.Table(this, 'UsageTable', {
      ...tableDefaults,
      partitionKey: { name: 'pk', type: str },
      sortKey: { name: 'sk', type: str },
    });

    // The event log (GET /v1/events): every webhook event with its delivery attempts, kept the stage's
    // webhooks.eventRetentionDays (30) by TTL, then gone.
    this.eventsTable = new dynamodb.Table(this, 'EventsTable', {
      ...tableDefaults,
      partitionKey: { name: 'pk', type: str },
      sortKey: { name: 'sk', type: str },
      timeToLiveAttribute: EVENTS_TTL_ATTRIBUTE,
    });
    // The audit log (GET /v1/audit-events) lives here too, append-only: the table's own policy denies every
    // principal (the functions' roles, and an operator's too) a change or delete of an audit item, so no
    // grant can give it. Appends are PutItem (attribute_not_exists); the year's TTL removes items without
    // an API call.
    this.eventsTable.addToResourcePolicy(
      new iam.PolicyStatement({
        sid: 'AuditRecordsAreAppendOnly',
        effect: iam.Effect.DENY,
        principals: [new iam.AnyPrincipal()],
        actions: [
          'dynamodb:DeleteItem',
          'dynamodb:UpdateItem',
          'dynamodb:BatchWriteItem',
          'dynamodb:PartiQLDelete',
          'dynamodb:PartiQLUpdate',
        ],
        resources: ['*'],
        conditions: {
          'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${AUDIT_PARTITION_PREFIX}*`] },
        },
      }),
    );

    this.accessLogsBucket = new s3.Bucket(this, 'AccessLogsBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      objectOwnership: s3.ObjectOwnership.BUCKET_OWNER_ENFORCED,
      lifecycleRules: [{ expiration: Duration.days(90) }],
      removalPolicy,
      autoDeleteObjects: !config.retainData,
    });

    this.mediaBucket = new s3.Bucket(this, 'MediaBucket', {
      blockPublicAccess: s3.BlockPublicAccess.BLOCK_ALL,
      encryption: s3.BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: config.retainData,
      serverAccessLogsBucket: this.accessLogsBucket,
      serverAccessLogsPrefix: 'media/',
      lifecycleRules: [
        { abortIncompleteMultipartUploadAfter: Duration.days(1) },
        // Retention (docs/readme/retention.md): the sweeper and DELETE /v1/jobs/{id} erase a job's media;
        // this rule is the backstop for anything they missed (nothing outlives the longest retention), and
        // on a versioned bucket it removes the versions an erasure leaves behind a day later.
        {
          id: 'MediaRetentionBackstop',
          prefix: 'media/',
          expiration: Duration.days(config.retention.maxDays + 1),
          noncurrentVersionExpiration: Duration.days(1),
        },
      ],
      // Pages may read what a presigned URL serves (the signature stays the access control): the render
      // function's Chromium, on the site bucket's origin, fetches the aerial scene's JSON and loads its
      // ground images as WebGL textures, which both need CORS.
      cors: [
        { allowedMethods: [s3.HttpMethods.GET, s3.HttpMethods.HEAD], allowedOrigins: ['*'], maxAge: 3600 },
      ],
      removalPolicy,
      autoDeleteObjects: !config.retainData,
    });

    this.webhookDeadLetterQueue = new sqs.Queue(this, 'WebhookDeadLetterQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
      removalPolicy,
    });
    this.webhookQueue = new sqs.Queue(this, 'WebhookQueue', {
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      // At least six times the delivery function's timeout, as AWS advises for Lambda consumers.
      visibilityTimeout: Duration.seconds(180),
      retentionPeriod: Duration.days(4),
      deadLetterQueue: { queue: this.webhookDeadLetterQueue, maxReceiveCount: 5 },
      removalPolicy,
    });

    // Read by `npm run keys -- --stage <name>` to find the tables of a deployed stage.
    new CfnOutput(this, 'AccountsTableName', { value: this.accountsTable.tableName });
    // The keys CLI records its key changes in the audit log, which lives in the events table.
    new CfnOutput(this, 'EventsTableName', { value: this.eventsTable.tableName });
    new CfnOutput(this, 'WebhookDeadLetterQueueUrl', { value: this.webhookDeadLetterQueue.queueUrl });
  }
}
