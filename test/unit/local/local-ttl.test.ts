// The local stack's Time to Live (dynalite has none): the tables the template gives a TTL are found with
// their attribute and keys, and exactly the items whose time has passed are deleted.
import { GetItemCommand, PutItemCommand } from '@aws-sdk/client-dynamodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expireItems, ttlTables } from '../../../local/local-ttl.ts';
import type { CfnTemplate } from '../../../local/synthesized-app.ts';
import { createKeyTable, type LocalDynamo, startDynalite } from '../../support/dynalite.ts';

let dynamo: LocalDynamo;
beforeAll(async () => {
  dynamo = await startDynalite();
  await createKeyTable(dynamo.client, 'Events', 'pk', 'sk');
});
afterAll(() => dynamo.close());

describe('local Time to Live', () => {
  it('finds the template’s TTL tables', () => {
    const template = {
      Resources: {
        Events: {
          Type: 'AWS::DynamoDB::Table',
          Properties: {
            KeySchema: [{ AttributeName: 'pk' }, { AttributeName: 'sk' }],
            TimeToLiveSpecification: { AttributeName: 'expires_at', Enabled: true },
          },
        },
        Jobs: { Type: 'AWS::DynamoDB::Table', Properties: { KeySchema: [{ AttributeName: 'pk' }] } },
      },
    } as unknown as CfnTemplate;
    expect(ttlTables(template)).toEqual([{ table: 'Events', attribute: 'expires_at', keys: ['pk', 'sk'] }]);
  });

  it('deletes the items whose time has passed, and only those', async () => {
    const put = (sk: string, expires?: number) =>
      dynamo.client.send(
        new PutItemCommand({
          TableName: 'Events',
          Item: {
            pk: { S: 'T#a' },
            sk: { S: sk },
            ...(expires === undefined ? {} : { expires_at: { N: String(expires) } }),
          },
        }),
      );
    await put('past', 999);
    await put('now', 1000);
    await put('future', 1001);
    await put('none');
    const tables = [{ table: 'Events', attribute: 'expires_at', keys: ['pk', 'sk'] }];
    expect(await expireItems(dynamo.client, tables, 1000)).toBe(2);
    const has = async (sk: string) =>
      (
        await dynamo.client.send(
          new GetItemCommand({ TableName: 'Events', Key: { pk: { S: 'T#a' }, sk: { S: sk } } }),
        )
      ).Item !== undefined;
    expect([await has('past'), await has('now'), await has('future'), await has('none')]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
