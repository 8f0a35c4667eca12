// The operator's view of every deployed stage: a dashboard with the service's widgets, the alarms (each
// with its metric, threshold and action to the stage's topic), X-Ray tracing through API Gateway, Lambda
// and Step Functions, and Powertools configured on every function.
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { App } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { METRIC, SERVICE_NAME } from '../../functions/core/metric-names.ts';
import { isInstrumented } from '../../functions/core/observability.ts';
import { JOB_TYPE_SPECS } from '../../functions/jobs/registry.ts';
import { buildStage } from '../../lib/app.ts';
import { DEPLOYABLE_STAGES, STAGES } from '../../lib/config/stages.ts';
import { HANDLER_METADATA_KEY, PROJECT_ROOT } from '../../lib/constructs/service-function.ts';
import { NO_BUNDLING, resources, synthStage } from './synth.ts';

const JOB_TYPES = JOB_TYPE_SPECS.map((spec) => spec.type);

/** Our functions (the ones with a handler module), not CDK's helpers. */
function serviceFunctions(template: Template) {
  return resources(template, 'AWS::Lambda::Function').filter(
    ([, r]) => typeof r.Metadata?.[HANDLER_METADATA_KEY] === 'string',
  );
}

/** The alarms' properties, read as the parts of AWS::CloudWatch::Alarm these tests check. */
function alarmsOf(template: Template) {
  return resources(template, 'AWS::CloudWatch::Alarm').map(([, r]) => r.Properties as AlarmProps);
}

type AlarmProps = {
  AlarmName: string;
  AlarmDescription?: string;
  Threshold: number;
  ComparisonOperator: string;
  EvaluationPeriods: number;
  DatapointsToAlarm: number;
  AlarmActions: unknown[];
  OKActions?: unknown[];
  Metrics?: Array<{
    Id: string;
    Expression?: string;
    MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions?: unknown[] }; Stat: string };
  }>;
};

function alarmNamed(template: Template, suffix: string): AlarmProps {
  const found = alarmsOf(template).filter((a) => a.AlarmName.endsWith(suffix));
  expect(
    found.map((a) => a.AlarmName),
    `one alarm named …${suffix}`,
  ).toHaveLength(1);
  return found[0]!;
}

function metricNames(alarm: AlarmProps): string[] {
  return (alarm.Metrics ?? []).flatMap((m) => (m.MetricStat ? [m.MetricStat.Metric.MetricName] : []));
}

describe.each(DEPLOYABLE_STAGES)('monitoring: %s', (stage) => {
  const synthesized = synthStage(stage);
  const template = synthesized.monitoringTemplate;
  const service = synthesized.serviceTemplate;
  const config = STAGES[stage];
  const topics = resources(template, 'AWS::SNS::Topic');
  const topicRef = { Ref: topics[0]?.[0] };

  it('has one dashboard, named for the stage, with the service widgets', () => {
    const dashboards = resources(template, 'AWS::CloudWatch::Dashboard');
    expect(dashboards).toHaveLength(1);
    const props = dashboards[0]![1].Properties as { DashboardName: string; DashboardBody: unknown };
    expect(props.DashboardName).toContain(`pms-${stage}-service`);
    const body = JSON.stringify(props.DashboardBody);
    // API: requests, 4xx/5xx, latency.
    for (const metric of ['Count', '4XXError', '5XXError', 'Latency'])
      expect(body).toContain(`\\"${metric}\\"`);
    // Jobs per kind: created, completed, failed; render duration; webhook deliveries.
    for (const title of [
      'Jobs created',
      'Jobs completed',
      'Jobs failed',
      'Render duration',
      'Webhook deliveries',
    ]) {
      expect(body).toContain(title);
    }
    for (const name of Object.values(METRIC)) expect(body).toContain(`\\"${name}\\"`);
    expect(body).toContain(`\\"${config.observability.metricsNamespace}\\"`);
    for (const jobType of JOB_TYPES) expect(body).toContain(`\\"JobType\\",\\"${jobType}\\"`);
    // Execution durations of every kind, and the DLQ depth.
    expect(body).toContain('\\"ExecutionTime\\"');
    for (const jobType of JOB_TYPES) expect(body).toContain(`Executions: ${jobType}`);
    expect(body).toContain('\\"ApproximateNumberOfMessagesVisible\\"');
  });

  it('alarms on the API 5xx share, as a percentage of requests held for 15 minutes', () => {
    const alarm = alarmNamed(template, '-Api5xxRate-Critical');
    expect(alarm.Threshold).toBe(config.alarms.api5xxRatePercent);
    expect(alarm.ComparisonOperator).toBe('GreaterThanThreshold');
    expect([alarm.EvaluationPeriods, alarm.DatapointsToAlarm]).toEqual([3, 3]);
    expect(alarm.Metrics?.find((m) => m.Expression)?.Expression).toBe('100 * errors');
    const errors = alarm.Metrics!.find((m) => m.Id === 'errors')!.MetricStat!;
    expect(errors).toMatchObject({
      Metric: { MetricName: '5XXError', Namespace: 'AWS/ApiGateway' },
      Stat: 'Average',
    });
    expect(JSON.stringify(errors.Metric.Dimensions)).toContain(`pms-${stage}-api`);
  });

  it.each(JOB_TYPES)('alarms on failed %s executions as a share of started ones', (jobType) => {
    const alarm = alarmNamed(template, `-FailedExecutions-${jobType}-Critical`);
    expect(alarm.Threshold).toBe(config.alarms.failedExecutionRatePercent);
    expect(metricNames(alarm).sort()).toEqual(['ExecutionsFailed', 'ExecutionsStarted']);
    expect(alarm.Metrics?.find((m) => m.Expression)?.Expression).toMatch(/100 \* failed\d+ \/ started\d+/);
  });

  it('alarms as soon as a webhook event lands in the dead-letter queue', () => {
    const alarm = alarmNamed(template, '-WebhookDeadLetters');
    expect(alarm.Threshold).toBe(0);
    expect(alarm.ComparisonOperator).toBe('GreaterThanThreshold');
    expect(metricNames(alarm)).toEqual(['ApproximateNumberOfMessagesVisible']);
    expect(JSON.stringify(alarm.Metrics)).toContain('WebhookDeadLetterQueue');
  });

  it('alarms on any render failure, from the service metric', () => {
    const alarm = alarmNamed(template, '-RenderFailures-Critical');
    expect(alarm.Threshold).toBe(0);
    expect(alarm.Metrics?.[0]?.MetricStat).toMatchObject({
      Metric: { MetricName: METRIC.renderFailures, Namespace: config.observability.metricsNamespace },
      Stat: 'Sum',
    });
  });

  it('alarms when any function is throttled, the render function included', () => {
    const throttled = alarmsOf(template).filter((a) => /-Throttles\d+-/.test(a.AlarmName));
    expect(throttled.length).toBeGreaterThan(1);
    for (const alarm of throttled) {
      const names = metricNames(alarm);
      expect(names.length).toBeGreaterThan(0);
      expect(names.length).toBeLessThanOrEqual(10);
      expect(new Set(names)).toEqual(new Set(['Throttles']));
      expect(alarm.Threshold).toBe(0);
    }
    const functionRefs = throttled.map((a) => JSON.stringify(a.Metrics));
    for (const [logicalId] of serviceFunctions(template)) {
      expect(
        functionRefs.some((m) => m.includes(`"${logicalId}"`)),
        logicalId,
      ).toBe(true);
    }
    expect(throttled.some((a) => a.AlarmDescription?.includes('RemotionRender'))).toBe(true);
  });

  it('sends every alarm (and its recovery) to the stage topic', () => {
    const alarms = alarmsOf(template);
    expect(alarms.length).toBeGreaterThan(JOB_TYPES.length + 3);
    for (const alarm of alarms) {
      expect(alarm.AlarmActions, alarm.AlarmName).toEqual([topicRef]);
    }
    for (const alarm of alarms) {
      expect(alarm.OKActions, alarm.AlarmName).toEqual([topicRef]);
    }
  });

  it('creates an encrypted alarm topic CloudWatch may publish to', () => {
    expect(topics.map(([id]) => id)).toEqual([expect.stringMatching(/^MonitoringAlarmTopic[0-9A-F]{8}$/)]);
    template.hasResourceProperties('AWS::SNS::Topic', {
      KmsMasterKeyId: { 'Fn::GetAtt': [Match.stringLikeRegexp('^MonitoringAlarmTopicKey'), 'Arn'] },
    });
    template.hasResourceProperties('AWS::KMS::Key', {
      EnableKeyRotation: true,
      KeyPolicy: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Principal: { Service: 'cloudwatch.amazonaws.com' },
            Action: ['kms:Decrypt', 'kms:GenerateDataKey*'],
          }),
        ]),
      },
    });
  });

  it('traces requests through API Gateway, every function and every state machine', () => {
    service.hasResourceProperties('AWS::ApiGateway::Stage', { TracingEnabled: true });
    for (const [id, fn] of serviceFunctions(service)) {
      expect(fn.Properties.TracingConfig, id).toEqual({ Mode: 'Active' });
    }
    const machines = resources(service, 'AWS::StepFunctions::StateMachine');
    expect(machines).toHaveLength(JOB_TYPES.length);
    for (const [id, machine] of machines) {
      expect(machine.Properties.TracingConfiguration, id).toEqual({ Enabled: true });
    }
  });

  it('configures Powertools on every function from the stage config', () => {
    for (const [id, fn] of serviceFunctions(service)) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, string> }).Variables;
      expect(variables, id).toMatchObject({
        POWERTOOLS_SERVICE_NAME: SERVICE_NAME,
        POWERTOOLS_METRICS_NAMESPACE: config.observability.metricsNamespace,
        POWERTOOLS_LOG_LEVEL: 'INFO',
        POWERTOOLS_METRICS_DISABLED: 'false',
      });
      expect(variables.POWERTOOLS_TRACE_ENABLED, id).toBeUndefined();
    }
  });
});

describe('monitoring settings', () => {
  const synth = (alarms: Partial<(typeof STAGES)['dev']['alarms']>) => {
    const app = new App({ context: NO_BUNDLING });
    const stacks = buildStage(
      app,
      { ...STAGES.dev, alarms: { ...STAGES.dev.alarms, ...alarms } },
      { nag: false },
    );
    return Template.fromStack(stacks.service.monitoringStack);
  };

  it('subscribes the configured address to the created topic', () => {
    synth({ email: 'ops@example.com' }).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'ops@example.com',
    });
  });

  it('notifies an existing topic instead of creating one', () => {
    const arn = 'arn:aws:sns:ap-southeast-2:123456789012:ops-alarms';
    const template = synth({ topicArn: arn });
    template.resourceCountIs('AWS::SNS::Topic', 0);
    template.allResourcesProperties('AWS::CloudWatch::Alarm', { AlarmActions: [arn] });
  });

  it('refuses a threshold that is not a percentage', () => {
    expect(() => synth({ api5xxRatePercent: 0 })).toThrow(/api5xxRatePercent.*got 0/);
    expect(() => synth({ failedExecutionRatePercent: 150 })).toThrow(/failedExecutionRatePercent.*got 150/);
  });

  it('turns the tracer and metrics off on the local stack (no X-Ray daemon, no CloudWatch)', () => {
    const app = new App({ context: NO_BUNDLING });
    const stacks = buildStage(app, STAGES.local, { nag: false });
    for (const [id, fn] of serviceFunctions(Template.fromStack(stacks.service))) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, string> }).Variables;
      expect(variables, id).toMatchObject({
        POWERTOOLS_TRACE_ENABLED: 'false',
        POWERTOOLS_METRICS_DISABLED: 'true',
      });
      // The log level is the local stack's choice (LOCAL_STACK_QUIET, POWERTOOLS_LOG_LEVEL).
      expect(variables.POWERTOOLS_LOG_LEVEL, id).toBeUndefined();
    }
  });
});

describe('every function goes through the observability wrapper', () => {
  const template = synthStage('dev').serviceTemplate;
  const handlers = [
    ...new Set(serviceFunctions(template).map(([, r]) => r.Metadata![HANDLER_METADATA_KEY] as string)),
  ];

  it.each(handlers)('%s', async (handlerRef) => {
    const [module, exportName] = handlerRef.split('#') as [string, string];
    const loaded = (await import(pathToFileURL(path.join(PROJECT_ROOT, module)).href)) as Record<
      string,
      unknown
    >;
    expect(isInstrumented(loaded[exportName])).toBe(true);
  });
});
