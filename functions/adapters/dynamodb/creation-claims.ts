// The creation claims' DynamoDB adapter: items of the idempotency table, beside Powertools' records.

import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { type DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  type ClaimedCreation,
  type CreationClaims,
  claimRecordId,
  IDEMPOTENCY_TTL_SECONDS,
  type IdempotentRequest,
} from '../../core/jobs/creation-claims.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';

/**
 * The job a request with an Idempotency-Key creates, claimed before the job is written: the first attempt
 * puts {job id, creation time} under the tenant + key + request fingerprint; any later attempt (after a
 * crash, a timeout, or once Powertools' in-progress lock expired) gets the same job id instead of making a
 * second job. Kept in the idempotency table for the same 24 hours (its TTL attribute).
 */
export class DynamoCreationClaims implements CreationClaims {
  constructor(
    private readonly db: DynamoDBDocumentClient,
    private readonly tableName: string,
  ) {}

  async claim(
    tenant: Tenant,
    key: string,
    request: IdempotentRequest,
    proposed: ClaimedCreation,
  ): Promise<ClaimedCreation> {
    const id = claimRecordId(tenant, key, request);
    try {
      await this.db.send(
        new PutCommand({
          TableName: this.tableName,
          Item: {
            id,
            job_id: proposed.jobId,
            created_at: proposed.createdAt,
            expiration: Math.floor(Date.parse(proposed.createdAt) / 1000) + IDEMPOTENCY_TTL_SECONDS,
          },
          ConditionExpression: 'attribute_not_exists(id)',
        }),
      );
      return proposed;
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
      const { Item } = await this.db.send(
        new GetCommand({ TableName: this.tableName, Key: { id }, ConsistentRead: true }),
      );
      if (!Item) throw error;
      return { jobId: String(Item.job_id), createdAt: String(Item.created_at) };
    }
  }
}
