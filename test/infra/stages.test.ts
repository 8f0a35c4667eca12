// What differs between stages (data retention, key variant) and what must hold for all of them (no
// physical names, several stages side by side in one app and account).
import { DynamoDBPersistenceLayer } from '@aws-lambda-powertools/idempotency/dynamodb';
import { App } from 'aws-cdk-lib';
import type { Template } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { FALLBACK_HANDLER, ROUTES } from '../../functions/api/routes.ts';
import { ENV } from '../../functions/core/config/env.ts';
import { decodeProviderSources } from '../../functions/media/providers/sources/source-config.ts';
import { buildStage } from '../../lib/app.ts';
import { DEPLOYABLE_STAGES, type DeployableStage, STAGES } from '../../lib/config/stages.ts';
import { functionOf, logicalId, NO_BUNDLING, resources, type SynthesizedStage, synthStage } from './synth.ts';

const PHYSICAL_NAME_PROPERTIES = [
  'TableName',
  'BucketName',
  'QueueName',
  'FunctionName',
  'StateMachineName',
  'RoleName',
  'LogGroupName',
  'TopicName',
  'RuleName',
];

const stages = {} as Record<DeployableStage, SynthesizedStage>;

beforeAll(() => {
  for (const stage of DEPLOYABLE_STAGES) stages[stage] = synthStage(stage);
});

function dataResources(s: SynthesizedStage) {
  const t = s.statefulTemplate;
  return {
    tables: [s.stateful.jobsTable, s.stateful.accountsTable, s.stateful.usageTable].map((x) => logicalId(x)),
    others: [
      ...resources(t, 'AWS::S3::Bucket').map(([id]) => id),
      ...resources(t, 'AWS::SQS::Queue').map(([id]) => id),
    ],
  };
}

function policies(template: Template, id: string) {
  const r = resources(template).find(([rid]) => rid === id)![1];
  return { DeletionPolicy: r.DeletionPolicy, UpdateReplacePolicy: r.UpdateReplacePolicy };
}

describe('data retention', () => {
  it('prod retains the jobs, accounts and usage tables, both buckets and both queues (and protects the tables)', () => {
    const { tables, others } = dataResources(stages.prod);
    expect(others).toHaveLength(4);
    for (const id of [...tables, ...others]) {
      expect(policies(stages.prod.statefulTemplate, id), id).toEqual({
        DeletionPolicy: 'Retain',
        UpdateReplacePolicy: 'Retain',
      });
    }
    for (const id of tables) {
      const table = resources(stages.prod.statefulTemplate).find(([rid]) => rid === id)![1];
      expect(table.Properties.DeletionProtectionEnabled, id).toBe(true);
    }
    expect(stages.prod.stateful.terminationProtection).toBe(true);
  });

  it('dev deletes its tables, buckets and queues with the stack', () => {
    const { tables, others } = dataResources(stages.dev);
    for (const id of [...tables, ...others]) {
      expect(policies(stages.dev.statefulTemplate, id), id).toEqual({
        DeletionPolicy: 'Delete',
        UpdateReplacePolicy: 'Delete',
      });
    }
    stages.dev.statefulTemplate.resourceCountIs('Custom::S3AutoDeleteObjects', 2);
  });

  it('never retains the rate-limit counters (disposable, expired by TTL), not even in prod', () => {
    for (const stage of DEPLOYABLE_STAGES) {
      const id = logicalId(stages[stage].stateful.rateLimitTable);
      expect(policies(stages[stage].statefulTemplate, id), `${stage} ${id}`).toEqual({
        DeletionPolicy: 'Delete',
        UpdateReplacePolicy: 'Delete',
      });
    }
  });

  it('keeps Idempotency-Key records 24 h in a disposable table laid out as Powertools reads it', () => {
    // Powertools' DynamoDB layer with its defaults: the attributes the table must be keyed and expired by.
    const layer = new DynamoDBPersistenceLayer({ tableName: 'x' }) as unknown as {
      keyAttr: string;
      expiryAttr: string;
      sortKeyAttr?: string;
    };
    expect(layer.sortKeyAttr).toBeUndefined();
    for (const stage of DEPLOYABLE_STAGES) {
      const id = logicalId(stages[stage].stateful.idempotencyTable);
      const table = resources(stages[stage].statefulTemplate).find(([rid]) => rid === id)![1];
      expect(table.Properties.KeySchema, stage).toEqual([{ AttributeName: layer.keyAttr, KeyType: 'HASH' }]);
      expect(table.Properties.TimeToLiveSpecification, stage).toEqual({
        AttributeName: layer.expiryAttr,
        Enabled: true,
      });
      expect(table.Properties.BillingMode, stage).toBe('PAY_PER_REQUEST');
      expect(policies(stages[stage].statefulTemplate, id), `${stage} ${id}`).toEqual({
        DeletionPolicy: 'Delete',
        UpdateReplacePolicy: 'Delete',
      });
    }
  });

  it('keeps point-in-time recovery on the jobs, accounts and usage tables in every stage', () => {
    for (const stage of DEPLOYABLE_STAGES) {
      const { jobsTable, accountsTable, usageTable } = stages[stage].stateful;
      for (const table of [jobsTable, accountsTable, usageTable]) {
        const r = resources(stages[stage].statefulTemplate).find(([id]) => id === logicalId(table))![1];
        expect(r.Properties.PointInTimeRecoverySpecification, stage).toEqual({
          PointInTimeRecoveryEnabled: true,
        });
      }
    }
  });
});

describe('naming', () => {
  it.each(DEPLOYABLE_STAGES)('%s: no resource has a hard-coded physical name', (stage) => {
    for (const template of [stages[stage].statefulTemplate, stages[stage].serviceTemplate]) {
      for (const [id, r] of resources(template)) {
        // A literal value is a hard-coded name; a Ref/GetAtt (e.g. a permission naming its function) is not.
        const named = PHYSICAL_NAME_PROPERTIES.filter((p) => typeof r.Properties[p] === 'string');
        expect(named, `${id} (${r.Type})`).toEqual([]);
      }
    }
  });

  it('synthesizes dev and staging side by side in one app, with distinct stacks and exports', () => {
    const app = new App({ context: NO_BUNDLING });
    const dev = buildStage(app, STAGES.dev);
    const staging = buildStage(app, STAGES.staging);
    const assembly = app.synth();
    const stacks = [dev.stateful, dev.service, staging.stateful, staging.service];
    expect(new Set(stacks.map((s) => s.stackName)).size).toBe(4);
    const exportNames = stacks.flatMap((s) => {
      const outputs = (assembly.getStackArtifact(s.artifactId).template.Outputs ?? {}) as Record<
        string,
        { Export?: { Name: string } }
      >;
      return Object.values(outputs).flatMap((o) => (o.Export ? [o.Export.Name] : []));
    });
    expect(exportNames.length).toBeGreaterThan(0);
    expect(new Set(exportNames).size).toBe(exportNames.length);
    for (const name of exportNames) expect(name).toMatch(/^pms-(dev|staging)-stateful:/);
  });
});

describe('stage configuration', () => {
  const keyVariantOf = (s: SynthesizedStage, functionId: string) => {
    const id = functionOf(s.serviceTemplate, functionId);
    const fn = resources(s.serviceTemplate, 'AWS::Lambda::Function').find(([rid]) => rid === id)![1];
    return (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables[ENV.keyVariant];
  };

  it('staging uses live-only keys on every authenticated route function', () => {
    for (const route of ROUTES.filter((r) => r.auth === 'api-key'))
      expect(keyVariantOf(stages.staging, route.functionId), route.path).toBe('live-only');
  });

  it('dev and prod accept test and live keys', () => {
    for (const stage of ['dev', 'prod'] as const) {
      for (const route of ROUTES.filter((r) => r.auth === 'api-key'))
        expect(keyVariantOf(stages[stage], route.functionId), `${stage} ${route.path}`).toBe('test-and-live');
    }
  });

  it('sets no key variant on functions that do not authenticate', () => {
    for (const functionId of [
      ...ROUTES.filter((r) => r.auth === 'none' && !r.access.sessions).map((r) => r.functionId),
      FALLBACK_HANDLER.functionId,
    ]) {
      expect(keyVariantOf(stages.staging, functionId), functionId).toBeUndefined();
    }
  });

  it.each(DEPLOYABLE_STAGES)('%s: log groups keep logs for the stage retention', (stage) => {
    for (const [id, lg] of resources(stages[stage].serviceTemplate, 'AWS::Logs::LogGroup')) {
      expect(lg.Properties.RetentionInDays, id).toBe(STAGES[stage].logRetentionDays);
    }
  });
});

describe('provider sources', () => {
  /** A token's value as deployed: an ARN, a URL or a name; 128 characters covers every one the stack sets. */
  const TOKEN_BYTES = 128;
  /** A user pool's id (`Ref`): `<region>_<id>`, at most 55 characters (Cognito's UserPoolId). */
  const USER_POOL_ID_BYTES = 55;
  const tokenBytes = (template: Template, value: unknown) => {
    const ref = (value as { Ref?: unknown }).Ref;
    const pools = resources(template, 'AWS::Cognito::UserPool').map(([id]) => id);
    return typeof ref === 'string' && pools.includes(ref) ? USER_POOL_ID_BYTES : TOKEN_BYTES;
  };
  const envBytes = (template: Template, variables: Record<string, unknown>) =>
    Object.entries(variables).reduce(
      (sum, [name, value]) =>
        sum +
        Buffer.byteLength(name) +
        (typeof value === 'string' ? Buffer.byteLength(value) : tokenBytes(template, value)),
      0,
    );

  it("keeps every function's environment within Lambda's 4 KB, provider lists included", () => {
    for (const stage of DEPLOYABLE_STAGES) {
      for (const [id, fn] of resources(stages[stage].serviceTemplate, 'AWS::Lambda::Function')) {
        const variables =
          (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
        expect(envBytes(stages[stage].serviceTemplate, variables), `${stage} ${id}`).toBeLessThanOrEqual(
          4096,
        );
      }
    }
  });

  it("gives deployed stages the states' sources first, unverified, then Amazon Location; dev stays offline", () => {
    const sourcesOf = (stage: DeployableStage) => {
      const values = resources(stages[stage].serviceTemplate, 'AWS::Lambda::Function')
        .map(
          ([, fn]) =>
            (fn.Properties.Environment as { Variables?: Record<string, unknown> })?.Variables?.[
              ENV.providerSources
            ],
        )
        .filter((v): v is string => typeof v === 'string');
      expect(values.length, stage).toBeGreaterThan(0);
      expect(new Set(values).size, `${stage}: every function sees one list`).toBe(1);
      return decodeProviderSources(values[0]!, stage) as unknown as {
        imagery: { kind: string; name?: string; verified?: boolean }[];
        cadastre: { name: string; verified?: boolean }[];
      };
    };
    for (const stage of ['staging', 'prod'] as const) {
      const sources = sourcesOf(stage);
      expect(sources.imagery.map((s) => s.name ?? s.kind)).toEqual(['nsw-imagery', 'amazon-location']);
      expect(sources.imagery[0]!.verified).toBe(false);
      expect(sources.cadastre.map((s) => s.name)).toEqual(['nsw-cadastre', 'qld-cadastre', 'vic-cadastre']);
      expect(sources.cadastre.every((s) => s.verified === false)).toBe(true);
    }
    expect(sourcesOf('dev')).toMatchObject({ imagery: [{ kind: 'offline' }], cadastre: [] });
  });
});
