// Creates the template's tables, buckets and queues in the emulators (idempotently, so a restart finds
// them in place), and names them: the physical values that Ref/GetAtt resolve to locally.
import {
  type AttributeValue,
  BatchWriteItemCommand,
  CreateTableCommand,
  type CreateTableCommandInput,
  DeleteTableCommand,
  DescribeTableCommand,
  type DynamoDBClient,
  ResourceInUseException,
  ScanCommand,
} from '@aws-sdk/client-dynamodb';
import { CreateBucketCommand, type S3Client } from '@aws-sdk/client-s3';
import { CreateQueueCommand, GetQueueAttributesCommand, type SQSClient } from '@aws-sdk/client-sqs';
import {
  type CfnTemplate,
  LOCAL_ACCOUNT,
  LOCAL_REGION,
  type PhysicalResources,
  resourcesOfType,
  TemplateResolver,
} from './synthesized-app.ts';
import { whenTableActive, whenTableGone } from './table-active.ts';

/** Local names for every kind of resource the templates reference. */
export class LocalNames implements PhysicalResources {
  private readonly queueUrls = new Map<string, string>();

  constructor(private readonly templates: readonly CfnTemplate[]) {}

  private typeOf(logicalId: string): string {
    for (const t of this.templates) {
      const r = t.Resources[logicalId];
      if (r) return r.Type;
    }
    throw new Error(`Template references unknown resource ${logicalId}`);
  }

  queueUrl(logicalId: string): string {
    const url = this.queueUrls.get(logicalId);
    if (!url) throw new Error(`Queue ${logicalId} was not created locally`);
    return url;
  }

  setQueueUrl(logicalId: string, url: string) {
    this.queueUrls.set(logicalId, url);
  }

  ref(logicalId: string): string {
    switch (this.typeOf(logicalId)) {
      case 'AWS::S3::Bucket':
        return bucketName(logicalId);
      case 'AWS::SQS::Queue':
        return this.queueUrls.get(logicalId) ?? `http://queue.local/${LOCAL_ACCOUNT}/${logicalId}`;
      case 'AWS::StepFunctions::StateMachine':
        return stateMachineArn(logicalId);
      case 'AWS::Lambda::Function':
        return logicalId;
      default:
        return logicalId;
    }
  }

  attribute(logicalId: string, attribute: string): string {
    const type = this.typeOf(logicalId);
    if (attribute === 'Arn') {
      switch (type) {
        case 'AWS::Lambda::Function':
          return functionArn(logicalId);
        case 'AWS::DynamoDB::Table':
          return `arn:aws:dynamodb:${LOCAL_REGION}:${LOCAL_ACCOUNT}:table/${logicalId}`;
        case 'AWS::S3::Bucket':
          return `arn:aws:s3:::${bucketName(logicalId)}`;
        case 'AWS::SQS::Queue':
          return `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${logicalId}`;
        default:
          return `arn:aws:local:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${logicalId}`;
      }
    }
    if (attribute === 'QueueName') return logicalId;
    if (attribute === 'Name') return logicalId;
    return `${logicalId}.${attribute}`;
  }
}

function bucketName(logicalId: string): string {
  return logicalId
    .toLowerCase()
    .replace(/[^a-z0-9-]/g, '-')
    .slice(0, 63);
}

function functionArn(logicalId: string): string {
  return `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${logicalId}`;
}

export function stateMachineArn(logicalId: string): string {
  return `arn:aws:states:${LOCAL_REGION}:${LOCAL_ACCOUNT}:stateMachine:${logicalId}`;
}

export function logicalIdOfArn(arn: string): string {
  return arn.slice(arn.lastIndexOf(':') + 1);
}

async function ignoreExisting(create: Promise<unknown>): Promise<void> {
  try {
    await create;
  } catch (error) {
    const name = (error as Error).name;
    if (
      error instanceof ResourceInUseException ||
      name === 'BucketAlreadyOwnedByYou' ||
      name === 'BucketAlreadyExists'
    )
      return;
    throw error;
  }
}

/**
 * A data directory made by an older version may lack an index the template now has. dynalite cannot add
 * an index to a table (UpdateTable), so the table is rebuilt around its items: local data is small.
 */
async function addMissingIndexes(dynamodb: DynamoDBClient, input: CreateTableCommandInput): Promise<void> {
  const wanted = (input.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName!);
  const { Table } = await dynamodb.send(new DescribeTableCommand({ TableName: input.TableName }));
  const present = new Set((Table?.GlobalSecondaryIndexes ?? []).map((i) => i.IndexName));
  const missing = wanted.filter((name) => !present.has(name));
  if (missing.length === 0) return;
  const items: Record<string, AttributeValue>[] = [];
  let startKey: Record<string, AttributeValue> | undefined;
  do {
    const page = await dynamodb.send(
      new ScanCommand({ TableName: input.TableName, ExclusiveStartKey: startKey }),
    );
    items.push(...(page.Items ?? []));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  await dynamodb.send(new DeleteTableCommand({ TableName: input.TableName }));
  await whenTableGone(dynamodb, input.TableName!);
  await dynamodb.send(new CreateTableCommand(input));
  await whenTableActive(dynamodb, input.TableName!);
  for (let i = 0; i < items.length; i += 25) {
    let pending: Record<string, AttributeValue>[] = items.slice(i, i + 25);
    while (pending.length > 0) {
      const result = await dynamodb.send(
        new BatchWriteItemCommand({
          RequestItems: { [input.TableName!]: pending.map((Item) => ({ PutRequest: { Item } })) },
        }),
      );
      pending = (result.UnprocessedItems?.[input.TableName!] ?? []).map((r) => r.PutRequest!.Item!);
    }
  }
  console.log(
    JSON.stringify({
      component: 'local-resources',
      msg: 'table rebuilt with new indexes',
      table: input.TableName,
      indexes: missing,
      items: items.length,
    }),
  );
}

export async function createLocalResources(
  template: CfnTemplate,
  names: LocalNames,
  clients: { dynamodb: DynamoDBClient; s3: S3Client; sqs: SQSClient },
  sqsEndpoint: string,
): Promise<void> {
  const resolver = new TemplateResolver(names);
  for (const [logicalId, resource] of resourcesOfType(template, 'AWS::DynamoDB::Table')) {
    const p = resolver.resolve(resource.Properties) as Record<string, unknown>;
    const input: CreateTableCommandInput = {
      TableName: logicalId,
      KeySchema: p.KeySchema as CreateTableCommandInput['KeySchema'],
      AttributeDefinitions: p.AttributeDefinitions as CreateTableCommandInput['AttributeDefinitions'],
      GlobalSecondaryIndexes: p.GlobalSecondaryIndexes as CreateTableCommandInput['GlobalSecondaryIndexes'],
      BillingMode: 'PAY_PER_REQUEST',
    };
    // dynalite has no TTL support (UpdateTimeToLive): local-ttl.ts deletes expired items instead.
    await ignoreExisting(clients.dynamodb.send(new CreateTableCommand(input)));
    await whenTableActive(clients.dynamodb, logicalId);
    await addMissingIndexes(clients.dynamodb, input);
  }
  for (const [logicalId] of resourcesOfType(template, 'AWS::S3::Bucket')) {
    await ignoreExisting(clients.s3.send(new CreateBucketCommand({ Bucket: bucketName(logicalId) })));
  }
  // Dead-letter queues first: the queues that use them name them in their redrive policy.
  const queues = resourcesOfType(template, 'AWS::SQS::Queue').sort(
    ([, a], [, b]) =>
      Number(Boolean(a.Properties?.RedrivePolicy)) - Number(Boolean(b.Properties?.RedrivePolicy)),
  );
  for (const [logicalId, resource] of queues) {
    const p = resolver.resolve(resource.Properties ?? {}) as Record<string, unknown>;
    const attributes: Record<string, string> = {};
    if (p.VisibilityTimeout !== undefined) attributes.VisibilityTimeout = String(p.VisibilityTimeout);
    if (p.MessageRetentionPeriod !== undefined)
      attributes.MessageRetentionPeriod = String(p.MessageRetentionPeriod);
    if (p.RedrivePolicy) attributes.RedrivePolicy = JSON.stringify(p.RedrivePolicy);
    const created = await clients.sqs.send(
      new CreateQueueCommand({ QueueName: logicalId, Attributes: attributes }),
    );
    // fauxqs names queues http://sqs.<region>.localhost:<port>/...; the path identifies the queue, so
    // point the URL at the emulator's own loopback address instead.
    const QueueUrl = new URL(new URL(created.QueueUrl!).pathname, sqsEndpoint).href;
    names.setQueueUrl(logicalId, QueueUrl);
    await clients.sqs.send(new GetQueueAttributesCommand({ QueueUrl, AttributeNames: ['QueueArn'] }));
  }
}
