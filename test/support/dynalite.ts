// dynalite (the local stack's DynamoDB) for unit tests of the DynamoDB adapters: one server per test
// file on a free port, and the tables the adapters expect (the jobs table with its indexes as
// JOB_INDEXES declares them, the accounts table with its by_org index, or a plain table keyed by pk and
// optionally sk).
import type { AddressInfo } from 'node:net';
import {
  CreateTableCommand,
  DynamoDBClient,
  type GlobalSecondaryIndex,
  type LocalSecondaryIndex,
} from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import dynalite from 'dynalite';
import { DynamoAccountStore } from '../../functions/adapters/dynamodb/account-store.ts';
import { ACCOUNT_INDEXES } from '../../functions/adapters/dynamodb/account-table.ts';
import { DynamoJobStore } from '../../functions/adapters/dynamodb/job-store.ts';
import { JOB_INDEXES } from '../../functions/adapters/dynamodb/job-table.ts';
import { DynamoUsageStore } from '../../functions/adapters/dynamodb/usage-store.ts';
import { prepareDynalite } from '../../local/dynalite-setup.ts';
import { whenTableActive } from '../../local/table-active.ts';

export interface LocalDynamo {
  readonly client: DynamoDBClient;
  /** A document client that drops undefined attributes, as the service's own does. */
  readonly db: DynamoDBDocumentClient;
  close(): Promise<void>;
}

/** `path`: keep the tables in LevelDB on disk there (as the local stack does), not in memory. */
export async function startDynalite({ path }: { path?: string } = {}): Promise<LocalDynamo> {
  // As the local stack runs it (local/emulator-worker.ts).
  prepareDynalite();
  const server = dynalite({ createTableMs: 0, ...(path ? { path } : {}) });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const client = new DynamoDBClient({
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    region: 'ap-southeast-2',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return {
    client,
    db: DynamoDBDocumentClient.from(client, { marshallOptions: { removeUndefinedValues: true } }),
    close: async () => {
      client.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A table keyed by `partitionKey` (and `sortKey`), strings both. */
export async function createKeyTable(
  client: DynamoDBClient,
  name: string,
  partitionKey = 'pk',
  sortKey?: string,
  /** Secondary indexes, and the (string) attributes their keys name beyond the table's. */
  indexes: {
    readonly attributes: readonly string[];
    readonly global?: GlobalSecondaryIndex[];
    readonly local?: LocalSecondaryIndex[];
  } = { attributes: [] },
): Promise<void> {
  const keys = sortKey ? [partitionKey, sortKey] : [partitionKey];
  await client.send(
    new CreateTableCommand({
      TableName: name,
      KeySchema: keys.map((AttributeName, i) => ({ AttributeName, KeyType: i === 0 ? 'HASH' : 'RANGE' })),
      AttributeDefinitions: [...keys, ...indexes.attributes].map((AttributeName) => ({
        AttributeName,
        AttributeType: 'S',
      })),
      ...(indexes.global ? { GlobalSecondaryIndexes: indexes.global } : {}),
      ...(indexes.local ? { LocalSecondaryIndexes: indexes.local } : {}),
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  await whenTableActive(client, name);
}

/**
 * The accounts table as deployed: pk, the keys_by_org index of an organization's keys (the store lists
 * them to copy the organization's plan and retention onto each), and by_org (brand kits, and keys made
 * before keys_by_org).
 */
export async function createAccountsTable(client: DynamoDBClient, name = 'accounts'): Promise<void> {
  const { byOrg, keysByOrg } = ACCOUNT_INDEXES;
  const index = (
    { name: indexName, partitionKey, sortKey }: { name: string; partitionKey: string; sortKey: string },
    ProjectionType: 'ALL' | 'KEYS_ONLY',
  ) => ({
    IndexName: indexName,
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' as const },
      { AttributeName: sortKey, KeyType: 'RANGE' as const },
    ],
    Projection: { ProjectionType },
  });
  await client.send(
    new CreateTableCommand({
      TableName: name,
      KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: byOrg.partitionKey, AttributeType: 'S' },
        { AttributeName: keysByOrg.partitionKey, AttributeType: 'S' },
        { AttributeName: byOrg.sortKey, AttributeType: 'S' },
      ],
      // As lib/stateful-stack.ts declares them.
      GlobalSecondaryIndexes: [index(byOrg, 'ALL'), index(keysByOrg, 'KEYS_ONLY')],
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  await whenTableActive(client, name);
}

/** dynalite with the accounts table (named 'accounts') and the accounts store over it, for a test file. */
export async function startAccountsStore(): Promise<LocalDynamo & { readonly store: DynamoAccountStore }> {
  const dynamo = await startDynalite();
  await createAccountsTable(dynamo.client, 'accounts');
  return { ...dynamo, store: new DynamoAccountStore(dynamo.db, 'accounts') };
}

/** The jobs table: pk/sk with the indexes of JOB_INDEXES. */
export async function createJobsTable(client: DynamoDBClient, name = 'jobs'): Promise<void> {
  const indexes = Object.values(JOB_INDEXES);
  await client.send(
    new CreateTableCommand({
      TableName: name,
      KeySchema: [
        { AttributeName: 'pk', KeyType: 'HASH' },
        { AttributeName: 'sk', KeyType: 'RANGE' },
      ],
      AttributeDefinitions: [
        { AttributeName: 'pk', AttributeType: 'S' },
        { AttributeName: 'sk', AttributeType: 'S' },
        ...indexes.map((i) => ({ AttributeName: i.partitionKey, AttributeType: 'S' as const })),
        ...indexes.flatMap((i) =>
          'sortKey' in i ? [{ AttributeName: i.sortKey, AttributeType: 'S' as const }] : [],
        ),
      ],
      GlobalSecondaryIndexes: indexes.map((i) => ({
        IndexName: i.name,
        KeySchema: [
          { AttributeName: i.partitionKey, KeyType: 'HASH' as const },
          { AttributeName: 'sortKey' in i ? i.sortKey : 'sk', KeyType: 'RANGE' as const },
        ],
        Projection: { ProjectionType: 'ALL' as const },
      })),
      BillingMode: 'PAY_PER_REQUEST',
    }),
  );
  await whenTableActive(client, name);
}

/** dynalite with the jobs table and a usage table ('jobs', 'usage'), and the stores over them. */
export async function startJobsAndUsage(): Promise<{
  readonly dynamo: LocalDynamo;
  readonly jobs: DynamoJobStore;
  readonly usage: DynamoUsageStore;
}> {
  const dynamo = await startDynalite();
  await createJobsTable(dynamo.client);
  await createKeyTable(dynamo.client, 'usage', 'pk', 'sk');
  return {
    dynamo,
    jobs: new DynamoJobStore(dynamo.db, 'jobs'),
    usage: new DynamoUsageStore(dynamo.db, 'usage'),
  };
}
