// The stage's code, as a table of contents: the step functions (from the registry and the capability
// table), the job workflows around them, webhook delivery, the REST API and the developer dashboard, then
// monitoring. Each part lives in lib/constructs/: the renderer is a construct of its own; the others are
// plainly named functions (`makeStepFunctions`, `makeJobWorkflows`, `makeServiceApi`…) that make their
// resources in this stack's own scope and return what they made, so the logical ids (and the running
// state machines) stay put when the code moves.
import { CrossStackReferences, NestedStack, ReferenceStrength, Stack, type StackProps } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import type * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ENV } from '../functions/core/config/env.ts';
import type { StageConfig } from './config/stages.ts';
import { addDashboardPage, makeDashboardUserPool } from './constructs/dashboard-site.ts';
import type { DashboardUserPool } from './constructs/dashboard-user-pool.ts';
import {
  jobLifecycleFunction,
  makeJobWorkflows,
  makeWorkflowHousekeeping,
  type WorkflowsByType,
} from './constructs/job-workflows.ts';
import { RemotionRenderer } from './constructs/remotion-renderer.ts';
import {
  API_STAGE_NAME,
  addFallbackMethods,
  addRouteMethods,
  makeServiceApi,
} from './constructs/service-api.ts';
import { ServiceFunction } from './constructs/service-function.ts';
import { SharpLayer } from './constructs/sharp-layer.ts';
import { makeStepFunctions } from './constructs/step-functions.ts';
import { makeWebhookDelivery } from './constructs/webhook-delivery.ts';
import { powertoolsEnvironment, ServiceMonitoring } from './monitoring.ts';

interface ServiceStackProps extends StackProps {
  readonly config: StageConfig;
  readonly jobsTable: dynamodb.ITable;
  readonly accountsTable: dynamodb.ITable;
  readonly idempotencyTable: dynamodb.ITable;
  readonly usageTable: dynamodb.ITable;
  readonly eventsTable: dynamodb.ITable;
  readonly mediaBucket: s3.IBucket;
  readonly accessLogsBucket: s3.IBucket;
  readonly webhookQueue: sqs.IQueue;
  readonly webhookDeadLetterQueue: sqs.IQueue;
}

export class ServiceStack extends Stack {
  readonly api: apigw.RestApi;
  readonly workflows: WorkflowsByType;
  readonly webhookDelivery: ServiceFunction;
  readonly renderer: RemotionRenderer;
  readonly monitoring: ServiceMonitoring;
  /**
   * The dashboard and alarms, in a nested stack of their own: the service stack's functions, routes and
   * state machines use most of CloudFormation's 500 resources a stack may have, and monitoring needs none
   * of them to exist first. (The local stack runs none of it.)
   */
  readonly monitoringStack: NestedStack;
  /** The dashboard's Cognito user pool (stages that sign in with Cognito). */
  readonly dashboardUserPool: DashboardUserPool | undefined;

  constructor(scope: Construct, id: string, props: ServiceStackProps) {
    super(scope, id, props);
    // Strong references (Fn::ImportValue) to the stateful stack, stated explicitly: its exports cannot
    // be removed while this stack uses them (data outlives code), and the local stack resolves this form.
    CrossStackReferences.of(this).consume(ReferenceStrength.STRONG);
    const { config } = props;
    const logRetentionDays = config.logRetentionDays as logs.RetentionDays;
    // What every function of the stage has.
    const environment = {
      [ENV.stage]: config.stage,
      [ENV.outputUrlExpirySeconds]: String(config.outputUrlExpirySeconds),
      // Job creation (routes, a kit's children) and the retention sweep read it.
      [ENV.mediaRetention]: JSON.stringify(config.retention),
      // Every function that starts a job (submit, a kit's step, the sweeper, the execution-ended rule) counts it.
      [ENV.jobConcurrency]: JSON.stringify(config.jobConcurrency),
      ...powertoolsEnvironment(config),
    };
    const shared = { config, environment, logRetentionDays };
    const sharp = new SharpLayer(this, 'SharpLayer');

    // Videos and stills: the steps around a render run here; the render itself on the stage's renderer.
    this.renderer = new RemotionRenderer(this, 'Renderer', {
      config,
      logRetentionDays,
      accessLogsBucket: props.accessLogsBucket,
    });
    // Two phases: the functions (the lifecycle function, every step function), then every state machine
    // around them, then the grants that name the state machines (a step that starts jobs of other kinds).
    const lifecycleFunction = jobLifecycleFunction(this, {
      ...shared,
      jobsTable: props.jobsTable,
      usageTable: props.usageTable,
      webhookQueue: props.webhookQueue,
    });
    const steps = makeStepFunctions(this, {
      ...shared,
      jobsTable: props.jobsTable,
      mediaBucket: props.mediaBucket,
      webhookQueue: props.webhookQueue,
      sharp,
      renderer: this.renderer,
      accountsTable: props.accountsTable,
    });
    this.workflows = makeJobWorkflows(this, {
      ...shared,
      stepFunction: (spec) => steps.functionOf(spec),
      lifecycleFunction,
    });
    makeWorkflowHousekeeping(this, {
      ...shared,
      jobsTable: props.jobsTable,
      accountsTable: props.accountsTable,
      usageTable: props.usageTable,
      webhookQueue: props.webhookQueue,
      mediaBucket: props.mediaBucket,
      workflows: this.workflows,
    });
    steps.grantWorkflows(this.workflows);

    this.webhookDelivery = makeWebhookDelivery(this, {
      ...shared,
      jobsTable: props.jobsTable,
      accountsTable: props.accountsTable,
      eventsTable: props.eventsTable,
      mediaBucket: props.mediaBucket,
      webhookQueue: props.webhookQueue,
      webhookDeadLetterQueue: props.webhookDeadLetterQueue,
    });

    // The API, then its methods in a fixed order (the deployment's logical id hashes them): every route,
    // the dashboard's page, then the fallback, which visits the methods made before it.
    this.api = makeServiceApi(this, shared);
    this.dashboardUserPool = makeDashboardUserPool(this, {
      config,
      api: this.api,
      apiStageName: API_STAGE_NAME,
    });
    addRouteMethods(this, {
      ...shared,
      api: this.api,
      jobsTable: props.jobsTable,
      accountsTable: props.accountsTable,
      idempotencyTable: props.idempotencyTable,
      usageTable: props.usageTable,
      eventsTable: props.eventsTable,
      mediaBucket: props.mediaBucket,
      webhookQueue: props.webhookQueue,
      workflows: this.workflows,
      dashboardUserPool: this.dashboardUserPool,
      sharp,
    });
    addDashboardPage(this, {
      ...shared,
      api: this.api,
      apiStageName: API_STAGE_NAME,
      mediaBucket: props.mediaBucket,
      bundled: this.bundlingRequired,
      userPool: this.dashboardUserPool,
    });
    addFallbackMethods(this, { ...shared, api: this.api });

    // The stage's dashboard and alarms.
    this.monitoringStack = new NestedStack(this, 'MonitoringStack', {
      description: `Dashboard and alarms of ${config.stackPrefix}`,
    });
    this.monitoring = new ServiceMonitoring(this.monitoringStack, 'Monitoring', {
      config,
      api: this.api,
      functions: this.node.findAll().filter((c): c is ServiceFunction => c instanceof ServiceFunction),
      workflows: this.workflows,
      renderFunction: this.renderer.renderFunction,
      webhookQueue: props.webhookQueue,
      webhookDeadLetterQueue: props.webhookDeadLetterQueue,
      outputs: this,
    });
  }
}
