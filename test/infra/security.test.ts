// Least privilege for every function, the Lambda baseline, and encryption at rest and in transit.
import { Match } from 'aws-cdk-lib/assertions';
import { beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_PARTITION_PREFIX } from '../../functions/adapters/dynamodb/audit-log.ts';
import { DASHBOARD_API_FUNCTION_ID } from '../../functions/api/dashboard/dashboard-routes.ts';
import { DASHBOARD_PAGE, FALLBACK_HANDLER, ROUTES, takesIdempotencyKey } from '../../functions/api/routes.ts';
import { JOB_TYPE_SPECS, JOB_TYPES } from '../../functions/jobs/registry.ts';
import { HANDLER_METADATA_KEY } from '../../lib/constructs/service-function.ts';
import {
  actionsOf,
  allowedActionsOn,
  functionOf,
  importOf,
  logicalId,
  mentions,
  resources,
  type SynthesizedStage,
  statementsOfFunction,
  synthStage,
} from './synth.ts';

/** The app's own functions (ServiceFunction), not CDK's helpers or Remotion's render function. */
function serviceFunctions(stage: SynthesizedStage) {
  return resources(stage.serviceTemplate, 'AWS::Lambda::Function').filter(
    ([, fn]) => typeof fn.Metadata?.[HANDLER_METADATA_KEY] === 'string',
  );
}

const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

describe('least privilege', () => {
  let dev: SynthesizedStage;
  let tables: Record<'jobs' | 'accounts' | 'rateLimit', { 'Fn::ImportValue': string }>;

  beforeAll(() => {
    dev = synthStage('dev');
    const imp = (table: { node: { defaultChild?: unknown } }) =>
      importOf(dev.statefulTemplate, logicalId(table), 'Arn');
    tables = {
      jobs: imp(dev.stateful.jobsTable),
      accounts: imp(dev.stateful.accountsTable),
      rateLimit: imp(dev.stateful.rateLimitTable),
    };
  });

  it('gives GET route functions read-only access to the jobs table', () => {
    // Not the dashboard function's: besides its reads it serves the Jobs page's delete
    // (POST /v1/dashboard/jobs/{id}/delete, dashboard-routes.ts), so it has the delete route's writes.
    const getRoutes = ROUTES.filter(
      (r) => r.method === 'GET' && r.access.jobs && r.functionId !== DASHBOARD_API_FUNCTION_ID,
    );
    expect(getRoutes.length).toBeGreaterThan(0);
    for (const route of getRoutes) {
      const actions = allowedActionsOn(
        statementsOfFunction(dev.serviceTemplate, functionOf(dev.serviceTemplate, route.functionId)),
        tables.jobs,
      );
      expect(actions.has('dynamodb:Query'), route.path).toBe(true);
      expect(actions.has('dynamodb:GetItem'), route.path).toBe(true);
      for (const write of WRITE_ACTIONS) expect(actions.has(write), `${route.path} ${write}`).toBe(false);
    }
  });

  it('lets only job-creating routes start executions, each only of its own state machine', () => {
    const creators = new Map(
      ROUTES.filter((r) => r.access.startsJob).map((r) => [
        functionOf(dev.serviceTemplate, r.functionId),
        r.access.startsJob!,
      ]),
    );
    expect([...creators.values()].sort()).toEqual([...JOB_TYPES].sort());
    // The outbox sweeper starts jobs whose start was lost, and the execution-ended rule's function starts
    // jobs that waited for their organization's fair-share slot: any job state machine, nothing else.
    const starters = new Set([
      functionOf(dev.serviceTemplate, 'OutboxSweeperFunction'),
      functionOf(dev.serviceTemplate, 'ExecutionEndedFunction'),
    ]);
    // A listing kit's step starts its children: every other kind's state machine, never its own.
    const kit = functionOf(dev.serviceTemplate, 'AdvanceListingKitFunction');
    for (const [fnId] of resources(dev.serviceTemplate, 'AWS::Lambda::Function')) {
      if (fnId === kit) {
        const statements = statementsOfFunction(dev.serviceTemplate, fnId).filter((s) =>
          actionsOf(s).some((a) => a.startsWith('states:')),
        );
        expect(statements.flatMap(actionsOf).every((a) => a === 'states:StartExecution')).toBe(true);
        expect(statements.map((s) => s.Resource).sort()).toEqual(
          JOB_TYPES.filter((t) => t !== 'listing_kit')
            .map((t) => ({ Ref: logicalId(dev.service.workflows[t]!.stateMachine) }))
            .sort(),
        );
        continue;
      }
      if (starters.has(fnId)) {
        const statements = statementsOfFunction(dev.serviceTemplate, fnId).filter((s) =>
          actionsOf(s).some((a) => a.startsWith('states:')),
        );
        expect(statements.flatMap(actionsOf).every((a) => a === 'states:StartExecution')).toBe(true);
        expect(statements.map((s) => s.Resource).sort()).toEqual(
          JOB_TYPES.map((t) => ({ Ref: logicalId(dev.service.workflows[t]!.stateMachine) })).sort(),
        );
        continue;
      }
      // (StopExecution, the cancel route's, is checked below.)
      const starts = statementsOfFunction(dev.serviceTemplate, fnId).filter((s) =>
        actionsOf(s).some((a) => a.startsWith('states:') && a !== 'states:StopExecution'),
      );
      const jobType = creators.get(fnId);
      if (!jobType) {
        expect(starts, fnId).toEqual([]);
        continue;
      }
      expect(starts, fnId).toEqual([
        {
          Effect: 'Allow',
          Action: 'states:StartExecution',
          Resource: { Ref: logicalId(dev.service.workflows[jobType]!.stateMachine) },
        },
      ]);
    }
  });

  it('lets only the cancel and delete routes stop executions: every job state machine, its executions only', () => {
    const stoppers = ROUTES.filter((r) => r.access.stopsJobs);
    // The API's cancel and delete, and the dashboard function (one function for all its routes), which
    // serves the Jobs page's delete, POST /v1/dashboard/jobs/{id}/delete.
    expect(
      stoppers.filter((r) => r.functionId !== DASHBOARD_API_FUNCTION_ID).map((r) => `${r.method} ${r.path}`),
    ).toEqual(['POST /v1/jobs/{jobId}/cancel', 'DELETE /v1/jobs/{jobId}']);
    expect(stoppers.filter((r) => r.functionId === DASHBOARD_API_FUNCTION_ID).map((r) => r.path)).toContain(
      '/v1/dashboard/jobs/{jobId}/delete',
    );
    const stopperFns = new Set(stoppers.map((r) => functionOf(dev.serviceTemplate, r.functionId)));
    for (const [fnId] of resources(dev.serviceTemplate, 'AWS::Lambda::Function')) {
      const stops = statementsOfFunction(dev.serviceTemplate, fnId).filter((s) =>
        actionsOf(s).includes('states:StopExecution'),
      );
      if (!stopperFns.has(fnId)) {
        expect(stops, fnId).toEqual([]);
        continue;
      }
      // One statement per state machine, StopExecution alone, on <its execution ARNs>:* — never on the
      // state machine itself or on a wildcard of every execution.
      expect(stops).toHaveLength(JOB_TYPES.length);
      for (const jobType of JOB_TYPES) {
        const machine = logicalId(dev.service.workflows[jobType]!.stateMachine);
        const statement = stops.find((s) => JSON.stringify(s.Resource).includes(`"Ref":"${machine}"`));
        expect(statement, jobType).toBeDefined();
        expect(actionsOf(statement!)).toEqual(['states:StopExecution']);
        const resource = JSON.stringify(statement!.Resource);
        expect(resource).toContain(':execution:');
        expect(resource).toMatch(/:\*"\]\]\}$/);
      }
      // It reads every job type's state machine ARN from its environment, and may queue job events.
      const fn = resources(dev.serviceTemplate, 'AWS::Lambda::Function').find(([id]) => id === fnId)![1];
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      for (const jobType of JOB_TYPES)
        expect(Object.keys(variables)).toContain(`STATE_MACHINE_ARN_${jobType.toUpperCase()}`);
      expect(Object.keys(variables)).toContain('WEBHOOK_QUEUE_URL');
    }
  });

  it('gives every keyed POST route exactly the item calls of the idempotency table, the job deleters DeleteItem only, and nothing else touches it', () => {
    const table = importOf(dev.statefulTemplate, logicalId(dev.stateful.idempotencyTable), 'Arn');
    const posts = new Set(
      ROUTES.filter(takesIdempotencyKey).map((r) => functionOf(dev.serviceTemplate, r.functionId)),
    );
    // Deleting a job erases the Idempotency-Key records of the request that made it (the dashboard's
    // delete: it takes no key of its own).
    const erasers = new Set(
      ROUTES.filter((r) => r.access.idempotencyRecords === 'erase' && !takesIdempotencyKey(r)).map((r) =>
        functionOf(dev.serviceTemplate, r.functionId),
      ),
    );
    expect(posts.size).toBeGreaterThan(1);
    expect(erasers.has(functionOf(dev.serviceTemplate, 'DashboardApiFunction'))).toBe(true);
    for (const [fnId, fn] of resources(dev.serviceTemplate, 'AWS::Lambda::Function')) {
      const statements = statementsOfFunction(dev.serviceTemplate, fnId).filter((s) => mentions(s, table));
      if (!posts.has(fnId) && !erasers.has(fnId)) {
        expect(statements, fnId).toEqual([]);
        continue;
      }
      expect(statements, fnId).toEqual([
        {
          Effect: 'Allow',
          Action: posts.has(fnId)
            ? ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem']
            : 'dynamodb:DeleteItem',
          Resource: table,
        },
      ]);
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables.IDEMPOTENCY_TABLE_NAME, fnId).toBeDefined();
    }
  });

  it('lets only the functions that relay job outboxes write usage records, GET /v1/usage and the dashboard read them', () => {
    const table = importOf(dev.statefulTemplate, logicalId(dev.stateful.usageTable), 'Arn');
    const relays = new Set(
      ['JobLifecycleFunction', 'OutboxSweeperFunction'].map((id) => functionOf(dev.serviceTemplate, id)),
    );
    const readers = new Set([
      functionOf(dev.serviceTemplate, 'GetUsageFunction'),
      functionOf(dev.serviceTemplate, 'DashboardApiFunction'),
    ]);
    for (const [fnId, fn] of resources(dev.serviceTemplate, 'AWS::Lambda::Function')) {
      const actions = allowedActionsOn(statementsOfFunction(dev.serviceTemplate, fnId), table);
      const variables =
        (fn.Properties.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
      if (relays.has(fnId)) {
        expect(actions.has('dynamodb:PutItem'), fnId).toBe(true);
      } else if (readers.has(fnId)) {
        expect(actions.has('dynamodb:Query'), fnId).toBe(true);
        for (const write of WRITE_ACTIONS) expect(actions.has(write), `${fnId} ${write}`).toBe(false);
        expect(JSON.parse(String(variables.USAGE_PRICING))).toMatchObject({ currency: 'AUD' });
      } else {
        expect([...actions], fnId).toEqual([]);
        continue;
      }
      expect(variables.USAGE_TABLE_NAME, fnId).toBeDefined();
    }
  });

  it('lets every authenticated route function write the accounts table (keys, quotas and rate buckets)', () => {
    for (const route of ROUTES.filter((r) => r.auth === 'api-key')) {
      const statements = statementsOfFunction(
        dev.serviceTemplate,
        functionOf(dev.serviceTemplate, route.functionId),
      );
      const actions = allowedActionsOn(statements, tables.accounts);
      for (const action of [
        'dynamodb:GetItem',
        'dynamodb:PutItem',
        'dynamodb:UpdateItem',
        'dynamodb:Query',
      ]) {
        expect(actions.has(action), `${route.path} ${action}`).toBe(true);
      }
      // The retired rate-limit table (kept one release for its exports) is no function's any more.
      expect(allowedActionsOn(statements, tables.rateLimit).size, route.path).toBe(0);
    }
  });

  it('gives unauthenticated functions (OpenAPI document, dashboard page, fallback) no data access at all', () => {
    const functionIds = [
      ...ROUTES.filter((r) => r.auth === 'none' && !r.access.sessions).map((r) => r.functionId),
      DASHBOARD_PAGE.functionId,
      FALLBACK_HANDLER.functionId,
    ];
    for (const functionId of functionIds) {
      const statements = statementsOfFunction(
        dev.serviceTemplate,
        functionOf(dev.serviceTemplate, functionId),
      );
      const actions = statements
        .flatMap(actionsOf)
        .filter((a) => !a.startsWith('xray:') && !a.startsWith('logs:'));
      expect(actions, functionId).toEqual([]);
    }
  });

  it('limits media bucket access to object reads (routes) and reads and writes (imaging steps)', () => {
    const mediaBucket = importOf(dev.statefulTemplate, logicalId(dev.stateful.mediaBucket), 'Arn');
    const s3Actions = new Set(
      serviceFunctions(dev).flatMap(([id]) =>
        [...allowedActionsOn(statementsOfFunction(dev.serviceTemplate, id), mediaBucket)].filter((a) =>
          a.startsWith('s3:'),
        ),
      ),
    );
    expect([...s3Actions].sort()).toEqual([
      's3:AbortMultipartUpload',
      's3:DeleteObject',
      's3:GetObject',
      's3:ListBucket',
      's3:PutObject',
    ]);
    // Nothing but our own functions touches the media bucket (Remotion renders into its own bucket).
    for (const [id] of resources(dev.serviceTemplate, 'AWS::Lambda::Function').filter(
      ([, fn]) => !fn.Metadata?.[HANDLER_METADATA_KEY],
    )) {
      expect(allowedActionsOn(statementsOfFunction(dev.serviceTemplate, id), mediaBucket).size, id).toBe(0);
    }
    for (const route of ROUTES) {
      const actions = statementsOfFunction(
        dev.serviceTemplate,
        functionOf(dev.serviceTemplate, route.functionId),
      ).flatMap(actionsOf);
      const byAccess: Record<string, string[]> = {
        read: ['s3:GetObject'],
        // Erasing a job's media: list under media/ only, delete objects.
        delete: ['s3:GetObject', 's3:DeleteObject', 's3:ListBucket'],
        // Brand kits keep their logo and photo (objects only: no list, no delete).
        write: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload'],
        // The dashboard's function: deletes jobs and saves brand kits.
        writeDelete: [
          's3:GetObject',
          's3:PutObject',
          's3:AbortMultipartUpload',
          's3:DeleteObject',
          's3:ListBucket',
        ],
      };
      const expected = route.access.media ? byAccess[route.access.media] : [];
      expect(
        actions.filter((a) => a.startsWith('s3:')),
        route.path,
      ).toEqual(expected ?? []);
      // A function that stores images decodes them with sharp: it carries the sharp layer.
      if (route.access.media === 'write' || route.access.media === 'writeDelete') {
        const fn = resources(dev.serviceTemplate, 'AWS::Lambda::Function').find(
          ([id]) => id === functionOf(dev.serviceTemplate, route.functionId),
        )![1] as { Properties: { Layers?: unknown[] } };
        expect(fn.Properties.Layers, route.path).toHaveLength(1);
      }
      if (route.access.media === 'delete' || route.access.media === 'writeDelete') {
        const list = statementsOfFunction(
          dev.serviceTemplate,
          functionOf(dev.serviceTemplate, route.functionId),
        ).find((st) => actionsOf(st).includes('s3:ListBucket'));
        expect(list?.Condition).toEqual({ StringLike: { 's3:prefix': ['media/*'] } });
      }
    }
  });

  it('uses no AWS managed policies for function roles; each may write only its own log group', () => {
    const remotion = dev.service.renderer.renderFunction!;
    const own = [
      ...serviceFunctions(dev),
      [
        logicalId(remotion),
        resources(dev.serviceTemplate).find(([id]) => id === logicalId(remotion))![1],
      ] as const,
    ];
    for (const [fnId, fn] of own) {
      const roleId = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const [, role] = resources(dev.serviceTemplate, 'AWS::IAM::Role').find(([id]) => id === roleId)!;
      expect(role.Properties.ManagedPolicyArns, fnId).toBeUndefined();
      const logGroup = (fn.Properties.LoggingConfig as { LogGroup: { Ref: string } }).LogGroup.Ref;
      const logStatements = statementsOfFunction(dev.serviceTemplate, fnId).filter((s) =>
        actionsOf(s).some((a) => a.startsWith('logs:')),
      );
      expect(logStatements, fnId).toEqual([
        {
          Effect: 'Allow',
          Action: ['logs:CreateLogStream', 'logs:PutLogEvents'],
          Resource: { 'Fn::GetAtt': [logGroup, 'Arn'] },
        },
      ]);
    }
  });
});

describe('the audit log', () => {
  it("is append-only whatever a role is granted: the events table's own policy denies every principal a change or delete of an audit item", () => {
    for (const stage of ['dev', 'prod'] as const) {
      const { stateful, statefulTemplate } = synthStage(stage);
      const table = resources(statefulTemplate, 'AWS::DynamoDB::Table').find(
        ([id]) => id === logicalId(stateful.eventsTable),
      )![1];
      const statements = (
        table.Properties.ResourcePolicy as { PolicyDocument: { Statement: Array<Record<string, unknown>> } }
      ).PolicyDocument.Statement;
      expect(statements, stage).toContainEqual({
        Sid: 'AuditRecordsAreAppendOnly',
        Effect: 'Deny',
        Principal: { AWS: '*' },
        Action: expect.arrayContaining([
          'dynamodb:DeleteItem',
          'dynamodb:UpdateItem',
          'dynamodb:BatchWriteItem',
        ]),
        Resource: '*',
        // The audit adapter's partition keys (functions/adapters/dynamodb/audit-log.ts), and only those.
        Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${AUDIT_PARTITION_PREFIX}*`] } },
      });
      // Appends stay possible: nothing denies PutItem.
      expect(statements.flatMap((st) => st.Action as string[])).not.toContain('dynamodb:PutItem');
    }
  });
});

describe('Lambda baseline', () => {
  let dev: SynthesizedStage;
  beforeAll(() => {
    dev = synthStage('dev');
  });

  it('builds every service function for Node.js 22 on arm64 with active tracing', () => {
    const functions = serviceFunctions(dev);
    // The job kinds' step functions: one per functionId a step or its poll check names (kinds share some).
    const stepFunctionIds = new Set(
      JOB_TYPE_SPECS.flatMap((spec) =>
        spec.workflow.steps.flatMap((s) => (s.poll ? [s.fn, s.poll.check] : [s.fn])),
      ).map((fn) => fn.functionId),
    );
    const routeFunctionIds = new Set(ROUTES.map((r) => r.functionId));
    // + dashboard page, fallback, webhook delivery, lifecycle, execution ended, outbox sweeper
    expect(functions).toHaveLength(routeFunctionIds.size + stepFunctionIds.size + 6);
    for (const [id, fn] of functions) {
      expect(fn.Metadata?.[HANDLER_METADATA_KEY], id).toEqual(expect.any(String));
      expect(fn.Properties, id).toMatchObject({
        Runtime: 'nodejs22.x',
        Architectures: ['arm64'],
        TracingConfig: { Mode: 'Active' },
      });
    }
  });
});

describe('encryption', () => {
  let dev: SynthesizedStage;
  beforeAll(() => {
    dev = synthStage('dev');
  });

  it('encrypts every DynamoDB table (SSE)', () => {
    const tables = resources(dev.statefulTemplate, 'AWS::DynamoDB::Table');
    expect(tables).toHaveLength(6);
    for (const [id, t] of tables)
      expect(t.Properties.SSESpecification, id).toMatchObject({ SSEEnabled: true });
  });

  it('encrypts every bucket and blocks all public access', () => {
    const buckets = resources(dev.statefulTemplate, 'AWS::S3::Bucket');
    expect(buckets).toHaveLength(2);
    for (const [id, b] of buckets) {
      expect(b.Properties.BucketEncryption, id).toEqual({
        ServerSideEncryptionConfiguration: [{ ServerSideEncryptionByDefault: { SSEAlgorithm: 'AES256' } }],
      });
      expect(b.Properties.PublicAccessBlockConfiguration, id).toEqual({
        BlockPublicAcls: true,
        BlockPublicPolicy: true,
        IgnorePublicAcls: true,
        RestrictPublicBuckets: true,
      });
    }
  });

  it('lets pages read media only with GET/HEAD (CORS for the renderer; the presigned signature still decides)', () => {
    const [, media] = resources(dev.statefulTemplate, 'AWS::S3::Bucket').find(([id]) =>
      id.startsWith('MediaBucket'),
    )!;
    expect(media.Properties.CorsConfiguration).toEqual({
      CorsRules: [{ AllowedMethods: ['GET', 'HEAD'], AllowedOrigins: ['*'], MaxAge: 3600 }],
    });
  });

  it('denies every request to a bucket that is not over TLS (aws:SecureTransport false)', () => {
    for (const [id] of resources(dev.statefulTemplate, 'AWS::S3::Bucket')) {
      dev.statefulTemplate.hasResourceProperties('AWS::S3::BucketPolicy', {
        Bucket: { Ref: id },
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({
              Effect: 'Deny',
              Action: 's3:*',
              Principal: { AWS: '*' },
              Condition: { Bool: { 'aws:SecureTransport': 'false' } },
            }),
          ]),
        },
      });
    }
  });

  it('encrypts every queue and gives every queue a dead-letter queue (or makes it one)', () => {
    const queues = resources(dev.statefulTemplate, 'AWS::SQS::Queue');
    expect(queues).toHaveLength(2);
    const deadLetterTargets = queues
      .map(
        ([, q]) =>
          (
            q.Properties.RedrivePolicy as
              | { deadLetterTargetArn?: { 'Fn::GetAtt': [string, string] } }
              | undefined
          )?.deadLetterTargetArn,
      )
      .filter((arn) => arn !== undefined)
      .map((arn) => arn['Fn::GetAtt'][0]);
    for (const [id, q] of queues) {
      expect(q.Properties.SqsManagedSseEnabled, id).toBe(true);
      const hasDlq = Boolean(q.Properties.RedrivePolicy);
      expect(hasDlq || deadLetterTargets.includes(id), `${id} has or is a DLQ`).toBe(true);
    }
    dev.statefulTemplate.hasResourceProperties('AWS::SQS::Queue', {
      RedrivePolicy: { deadLetterTargetArn: Match.anyValue(), maxReceiveCount: 5 },
    });
  });

  it('denies non-TLS access to every queue', () => {
    for (const [id] of resources(dev.statefulTemplate, 'AWS::SQS::Queue')) {
      dev.statefulTemplate.hasResourceProperties('AWS::SQS::QueuePolicy', {
        Queues: [{ Ref: id }],
        PolicyDocument: {
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } }),
          ]),
        },
      });
    }
  });
});
