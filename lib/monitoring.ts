// The stage's operator view: one CloudWatch dashboard (requests, errors and latency of the API; jobs
// created, completed and failed per kind; execution and render durations; webhook deliveries; the
// webhook queue and its DLQ; every function) and the alarms that notify an SNS topic from the stage
// config. Built with cdk-monitoring-constructs' MonitoringFacade; the business metrics are the ones
// functions/core/observability.ts emits. What each alarm means: docs/readme/runbook.md.
//
// `ServiceMonitoring` is the construct; each part of it is a function of its own, called in the order
// the dashboard shows them: the alarm topic, the API, the jobs' metrics, the health alarms, the
// executions, the webhook queue, the functions and their throttling alarms, then the runbook's outputs.
// Each makes its resources in the construct's scope, so their ids do not depend on the split.
import { CfnOutput, Duration, Stack } from 'aws-cdk-lib';
import type * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cloudwatch from 'aws-cdk-lib/aws-cloudwatch';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import type * as lambda from 'aws-cdk-lib/aws-lambda';
import * as sns from 'aws-cdk-lib/aws-sns';
import * as subscriptions from 'aws-cdk-lib/aws-sns-subscriptions';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import {
  type CustomMetricGroup,
  DefaultDashboardFactory,
  MonitoringFacade,
  notifySns,
} from 'cdk-monitoring-constructs';
import { Construct } from 'constructs';
import { DIMENSION, METRIC, SERVICE_NAME } from '../functions/core/metric-names.ts';
import type { StageConfig } from './config/stages.ts';
import type { JobWorkflow } from './constructs/job-workflow.ts';

/** The Powertools environment of every function of a stage. */
export function powertoolsEnvironment(config: StageConfig): Record<string, string> {
  const { observability } = config;
  return {
    POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
    POWERTOOLS_METRICS_NAMESPACE: observability.metricsNamespace,
    ...(observability.logLevel ? { POWERTOOLS_LOG_LEVEL: observability.logLevel } : {}),
    ...(observability.tracing ? {} : { POWERTOOLS_TRACE_ENABLED: 'false' }),
    POWERTOOLS_METRICS_DISABLED: String(!observability.metrics),
  };
}

/** Alarm names (after the stack's prefix); the runbook explains each. */
const ALARM = {
  api5xxRate: 'Api5xxRate',
  failedExecutions: (jobType: string) => `FailedExecutions-${jobType}`,
  deadLetters: 'WebhookDeadLetters',
  /** Throttling of the n-th group of functions (numbered from 1; the description names them). */
  throttles: (group: number) => `Throttles${group}`,
  renderFailures: 'RenderFailures',
  endpointDisabled: 'WebhookEndpointDisabled',
} as const;

const PERIOD = Duration.minutes(5);

/** CloudWatch allows at most 10 metrics in one metric-math alarm. */
const THROTTLE_GROUP_SIZE = 10;

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface ServiceMonitoringProps {
  readonly config: StageConfig;
  readonly api: apigw.RestApi;
  /** Every function of the service (API routes, workflow steps, webhook delivery). */
  readonly functions: readonly lambda.Function[];
  readonly workflows: Readonly<Record<string, JobWorkflow>>;
  /** The Remotion render function, when the stage deploys one. @default none */
  readonly renderFunction?: lambda.IFunction;
  readonly webhookQueue: sqs.IQueue;
  readonly webhookDeadLetterQueue: sqs.IQueue;
  /**
   * Where the runbook's stack outputs go (the dashboard, the alarm topic, each state machine): the
   * service stack, when this construct sits in a nested stack. @default this construct
   */
  readonly outputs?: Construct;
}

export class ServiceMonitoring extends Construct {
  /** Where alarms go: the stage's topic (`alarms.topicArn`) or the one created here. */
  readonly alarmTopic: sns.ITopic;
  readonly facade: MonitoringFacade;
  readonly dashboard: cloudwatch.Dashboard;

  constructor(scope: Construct, id: string, props: ServiceMonitoringProps) {
    super(scope, id);
    const { config } = props;
    checkAlarmSettings(config.alarms);
    this.alarmTopic = alarmTopic(this, config.alarms);

    // Named for the service stack (this construct may sit in a nested stack, whose name is a token).
    let stack = Stack.of(this);
    while (stack.nestedStackParent) stack = stack.nestedStackParent;
    const prefix = stack.stackName;
    const dashboards = new DefaultDashboardFactory(this, 'Dashboards', {
      dashboardNamePrefix: prefix,
      createDashboard: true,
      createSummaryDashboard: false,
      createAlarmDashboard: false,
    });
    this.facade = new MonitoringFacade(this, 'Facade', {
      alarmFactoryDefaults: {
        alarmNamePrefix: prefix,
        actionsEnabled: true,
        action: notifySns(this.alarmTopic, this.alarmTopic),
        datapointsToAlarm: 1,
        evaluationPeriods: 1,
        runbookLink: 'docs/readme/runbook.md',
      },
      metricFactoryDefaults: {},
      dashboardFactory: dashboards,
    });
    const metrics = businessMetrics(config, Object.keys(props.workflows));

    this.facade.addLargeHeader(`Property media service: ${config.stage}`);
    monitorApi(this.facade, props.api);
    monitorJobs(this.facade, metrics);
    addHealthAlarms(this.facade, props, metrics);
    monitorExecutions(this.facade, props.workflows);
    monitorWebhookQueue(this.facade, props, prefix);
    const monitored: MonitoredFunction[] = props.functions.map((fn) => ({ id: fn.node.id, fn }));
    if (props.renderFunction) monitored.push({ id: 'RemotionRender', fn: props.renderFunction });
    monitorFunctions(this.facade, monitored);
    addThrottleAlarms(this.facade, monitored);

    const dashboard = dashboards.dashboard;
    if (!dashboard) throw new Error('The monitoring dashboard was not created');
    this.dashboard = dashboard;
    addRunbookOutputs(this, props, dashboard, this.alarmTopic);
  }
}

/** Alarm thresholds are shares of requests or executions: each in (0, 100]. */
function checkAlarmSettings(alarms: StageConfig['alarms']): void {
  if (!(alarms.api5xxRatePercent > 0 && alarms.api5xxRatePercent <= 100)) {
    throw new Error(`alarms.api5xxRatePercent must be in (0, 100], got ${alarms.api5xxRatePercent}`);
  }
  if (!(alarms.failedExecutionRatePercent > 0 && alarms.failedExecutionRatePercent <= 100)) {
    throw new Error(
      `alarms.failedExecutionRatePercent must be in (0, 100], got ${alarms.failedExecutionRatePercent}`,
    );
  }
}

/** The stage's own topic (`alarms.topicArn`), or an encrypted one made here. */
function alarmTopic(scope: Construct, alarms: StageConfig['alarms']): sns.ITopic {
  return alarms.topicArn
    ? sns.Topic.fromTopicArn(scope, 'AlarmTopic', alarms.topicArn)
    : createAlarmTopic(scope, alarms.email);
}

/** An encrypted, TLS-only topic CloudWatch alarms may publish to, with the stage's email on it. */
function createAlarmTopic(scope: Construct, email: string | undefined): sns.Topic {
  const key = new kms.Key(scope, 'AlarmTopicKey', {
    description: 'Encrypts the alarm topic of the property media service',
    enableKeyRotation: true,
  });
  // CloudWatch alarms publish to encrypted topics only when the key lets them.
  key.addToResourcePolicy(
    new iam.PolicyStatement({
      principals: [new iam.ServicePrincipal('cloudwatch.amazonaws.com')],
      actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
      resources: ['*'],
    }),
  );
  const topic = new sns.Topic(scope, 'AlarmTopic', {
    displayName: 'Property media service alarms',
    masterKey: key,
    enforceSSL: true,
  });
  if (email) topic.addSubscription(new subscriptions.EmailSubscription(email));
  return topic;
}

/** The service's own metrics (functions/core/observability.ts), over the dashboard's period. */
interface BusinessMetrics {
  /** One metric of the service's namespace. */
  one(
    metricName: string,
    statistic: string,
    dimensions: Record<string, string>,
    label: string,
  ): cloudwatch.Metric;
  /** One metric per job type, labelled by it. @default statistic Sum */
  perKind(metricName: string, statistic?: string): cloudwatch.Metric[];
}

function businessMetrics(config: StageConfig, jobTypes: readonly string[]): BusinessMetrics {
  const namespace = config.observability.metricsNamespace;
  const one: BusinessMetrics['one'] = (metricName, statistic, dimensions, label) =>
    new cloudwatch.Metric({
      namespace,
      metricName,
      dimensionsMap: { service: SERVICE_NAME, ...dimensions },
      statistic,
      period: PERIOD,
      label,
    });
  return {
    one,
    perKind: (metricName, statistic = 'Sum') =>
      jobTypes.map((jobType) => one(metricName, statistic, { [DIMENSION.jobType]: jobType }, jobType)),
  };
}

/** Requests, 4xx/5xx and latency from API Gateway. */
function monitorApi(facade: MonitoringFacade, api: apigw.RestApi): void {
  facade.monitorApiGateway({
    api,
    apiStage: api.deploymentStage.stageName,
    alarmFriendlyName: 'Api',
    humanReadableName: 'REST API',
  });
}

/** Jobs created, completed and failed per kind, render durations and webhook deliveries. */
function monitorJobs(facade: MonitoringFacade, metrics: BusinessMetrics): void {
  const groups: CustomMetricGroup[] = [
    { title: 'Jobs created', metrics: metrics.perKind(METRIC.jobsCreated) },
    { title: 'Jobs completed', metrics: metrics.perKind(METRIC.jobsCompleted) },
    { title: 'Jobs failed', metrics: metrics.perKind(METRIC.jobsFailed) },
    {
      title: 'Render duration (p50, p90)',
      metrics: [
        ...metrics.perKind(METRIC.renderDuration, 'p50'),
        ...metrics.perKind(METRIC.renderDuration, 'p90'),
      ],
    },
    {
      title: 'Webhook deliveries',
      metrics: [
        metrics.one(METRIC.webhookDeliveries, 'Sum', { [DIMENSION.outcome]: 'success' }, 'delivered'),
        metrics.one(METRIC.webhookDeliveries, 'Sum', { [DIMENSION.outcome]: 'failure' }, 'failed'),
      ],
    },
  ];
  facade.monitorCustom({
    alarmFriendlyName: 'Jobs',
    humanReadableName: 'Jobs',
    metricGroups: groups,
  });
}

/**
 * Alarms on the service's health that no resource monitor covers: the API's 5xx share, render
 * failures, disabled webhook endpoints and each kind's failed executions.
 */
function addHealthAlarms(
  facade: MonitoringFacade,
  props: ServiceMonitoringProps,
  metrics: BusinessMetrics,
): void {
  const { alarms } = props.config;
  const api5xx = new cloudwatch.MathExpression({
    expression: '100 * errors',
    usingMetrics: {
      errors: props.api.deploymentStage.metricServerError({ statistic: 'Average', period: PERIOD }),
    },
    label: '5xx % of requests',
    period: PERIOD,
  });
  facade.monitorCustom({
    alarmFriendlyName: 'Health',
    humanReadableName: 'Health alarms',
    metricGroups: [
      {
        title: 'API 5xx share',
        metrics: [
          {
            metric: api5xx,
            alarmFriendlyName: ALARM.api5xxRate,
            addAlarm: {
              Critical: {
                threshold: alarms.api5xxRatePercent,
                comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
                datapointsToAlarm: 3,
                evaluationPeriods: 3,
                treatMissingDataOverride: cloudwatch.TreatMissingData.NOT_BREACHING,
                alarmDescriptionOverride: `More than ${alarms.api5xxRatePercent}% of API requests answered 5xx for 15 minutes.`,
              },
            },
          },
        ],
      },
      {
        title: 'Render failures',
        metrics: [
          {
            metric: metrics.one(METRIC.renderFailures, 'Sum', {}, 'jobs failed RENDER_FAILED'),
            alarmFriendlyName: ALARM.renderFailures,
            addAlarm: {
              Critical: {
                threshold: 0,
                comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
                treatMissingDataOverride: cloudwatch.TreatMissingData.NOT_BREACHING,
                alarmDescriptionOverride:
                  'A job failed with RENDER_FAILED (its video render failed or overran).',
              },
            },
          },
        ],
      },
      {
        title: 'Webhook endpoints disabled',
        metrics: [
          {
            metric: metrics.one(METRIC.webhookEndpointsDisabled, 'Sum', {}, 'endpoints disabled'),
            alarmFriendlyName: ALARM.endpointDisabled,
            addAlarm: {
              Warning: {
                threshold: 0,
                comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
                treatMissingDataOverride: cloudwatch.TreatMissingData.NOT_BREACHING,
                alarmDescriptionOverride: `The service disabled a webhook endpoint whose every attempt failed for ${props.config.webhooks.endpointDisableAfterDays} days; the delivery function's log line 'webhook endpoint disabled' names it (runbook).`,
              },
            },
          },
        ],
      },
      {
        title: 'Failed executions (% of started)',
        // Ids unique across the graph: CloudWatch refuses one id for two metrics in a widget.
        metrics: Object.entries(props.workflows).map(([jobType, workflow], i) => ({
          metric: new cloudwatch.MathExpression({
            expression: `IF(started${i} > 0, 100 * failed${i} / started${i}, 0)`,
            usingMetrics: {
              [`failed${i}`]: workflow.stateMachine.metricFailed({ statistic: 'Sum', period: PERIOD }),
              [`started${i}`]: workflow.stateMachine.metricStarted({ statistic: 'Sum', period: PERIOD }),
            },
            label: jobType,
            period: PERIOD,
          }),
          alarmFriendlyName: ALARM.failedExecutions(jobType),
          addAlarm: {
            Critical: {
              threshold: alarms.failedExecutionRatePercent,
              comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
              datapointsToAlarm: 3,
              evaluationPeriods: 3,
              treatMissingDataOverride: cloudwatch.TreatMissingData.NOT_BREACHING,
              alarmDescriptionOverride: `More than ${alarms.failedExecutionRatePercent}% of ${jobType} executions failed for 15 minutes.`,
            },
          },
        })),
      },
    ],
  });
}

/** Execution counts and durations of every job kind. */
function monitorExecutions(facade: MonitoringFacade, workflows: ServiceMonitoringProps['workflows']): void {
  for (const [jobType, workflow] of Object.entries(workflows)) {
    facade.monitorStepFunction({
      stateMachine: workflow.stateMachine,
      alarmFriendlyName: `Workflow-${jobType}`,
      humanReadableName: `Executions: ${jobType}`,
    });
  }
}

/** The webhook queue and its dead-letter queue: anything parked there is an event no receiver took. */
function monitorWebhookQueue(facade: MonitoringFacade, props: ServiceMonitoringProps, prefix: string): void {
  facade.monitorSqsQueueWithDlq({
    queue: props.webhookQueue,
    deadLetterQueue: props.webhookDeadLetterQueue,
    alarmFriendlyName: 'WebhookQueue',
    humanReadableName: 'Webhook queue',
    addDeadLetterQueueMaxSizeAlarm: {
      Warning: {
        maxMessageCount: 0,
        alarmNameOverride: `${prefix}-${ALARM.deadLetters}`,
        alarmDescriptionOverride:
          'Webhook events exhausted their 8 attempts and wait in the dead-letter queue; see the runbook to redrive them.',
      },
    },
  });
}

interface MonitoredFunction {
  /** The name its widgets and alarms carry. */
  readonly id: string;
  readonly fn: lambda.IFunction;
}

/** Every function: invocations, errors, duration. */
function monitorFunctions(facade: MonitoringFacade, monitored: readonly MonitoredFunction[]): void {
  for (const { id, fn } of monitored) {
    facade.monitorLambdaFunction({
      lambdaFunction: fn,
      alarmFriendlyName: id,
      humanReadableName: id,
    });
  }
}

/**
 * Throttling: one alarm per group of functions (a metric-math alarm takes at most 10 metrics), not one
 * per function, which would take the stack past CloudFormation's 500 resources. The alarm's description
 * names its functions; the dashboard's per-function widgets show which one it was.
 */
function addThrottleAlarms(facade: MonitoringFacade, monitored: readonly MonitoredFunction[]): void {
  const throttleGroups = chunk(monitored, THROTTLE_GROUP_SIZE);
  facade.monitorCustom({
    alarmFriendlyName: 'Throttling',
    humanReadableName: 'Throttled invocations',
    metricGroups: [
      {
        title: 'Throttled invocations',
        metrics: throttleGroups.map((group, g) => ({
          metric: new cloudwatch.MathExpression({
            expression: group.map((_, i) => `FILL(t${g}x${i}, 0)`).join(' + '),
            usingMetrics: Object.fromEntries(
              group.map(({ fn }, i) => [
                `t${g}x${i}`,
                fn.metricThrottles({ statistic: 'Sum', period: PERIOD }),
              ]),
            ),
            label: `throttles ${g + 1}`,
            period: PERIOD,
          }),
          alarmFriendlyName: ALARM.throttles(g + 1),
          addAlarm: {
            Warning: {
              threshold: 0,
              comparisonOperator: cloudwatch.ComparisonOperator.GREATER_THAN_THRESHOLD,
              treatMissingDataOverride: cloudwatch.TreatMissingData.NOT_BREACHING,
              alarmDescriptionOverride: `Lambda throttled one of: ${group.map((m) => m.id).join(', ')} (account or reserved concurrency reached).`,
            },
          },
        })),
      },
    ],
  });
}

/**
 * What the runbook starts from: the dashboard, the alarm topic, and each job kind's state machine (a
 * job's execution is named by its job id).
 */
function addRunbookOutputs(
  scope: Construct,
  props: ServiceMonitoringProps,
  dashboard: cloudwatch.Dashboard,
  topic: sns.ITopic,
): void {
  const outputs = props.outputs ?? scope;
  const outputId = (name: string) => (props.outputs ? `Monitoring${name}` : name);
  new CfnOutput(outputs, outputId('DashboardName'), { value: dashboard.dashboardName });
  new CfnOutput(outputs, outputId('AlarmTopicArn'), { value: topic.topicArn });
  for (const [jobType, workflow] of Object.entries(props.workflows)) {
    new CfnOutput(
      outputs,
      outputId(`StateMachine${jobType.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())}`),
      {
        description: `State machine of ${jobType} jobs; each execution is named by its job id`,
        value: workflow.stateMachine.stateMachineArn,
      },
    );
  }
}
