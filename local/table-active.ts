// dynalite, like DynamoDB, answers CreateTable while the table is still CREATING and makes it ACTIVE a
// moment later (a second write to its store, even with createTableMs 0); a deleted table likewise lingers
// as DELETING. A request that arrives in between is refused (ResourceNotFoundException, ResourceInUse), so
// whoever creates or deletes a table waits for the change before using the name again.
import { type DynamoDBClient, waitUntilTableExists, waitUntilTableNotExists } from '@aws-sdk/client-dynamodb';

// The SDK's own waiters, polling every 10-100 ms for up to 10 s (the defaults are for AWS's minutes).
const polling = { minDelay: 0.01, maxDelay: 0.1, maxWaitTime: 10 };

/** Resolves once `tableName` is ACTIVE. */
export async function whenTableActive(client: DynamoDBClient, tableName: string): Promise<void> {
  await waitUntilTableExists({ client, ...polling }, { TableName: tableName });
}

/** Resolves once `tableName` is gone. */
export async function whenTableGone(client: DynamoDBClient, tableName: string): Promise<void> {
  await waitUntilTableNotExists({ client, ...polling }, { TableName: tableName });
}
