// The names the service's metrics are published under: functions emit them (observability.ts), the CDK
// app's dashboard and alarms read them (lib/monitoring.ts). Plain data, so the CDK app loads no
// Powertools code.

/** One service name for every function: dashboards and alarms select metrics by it. */
export const SERVICE_NAME = 'property-media';
/** Used when POWERTOOLS_METRICS_NAMESPACE is not set (unit tests); stages set their own. */
export const DEFAULT_METRICS_NAMESPACE = 'PropertyMedia';

/** The names of the business metrics (the dashboard and alarms in lib/monitoring.ts read them). */
export const METRIC = {
  jobsCreated: 'JobsCreated',
  jobsCompleted: 'JobsCompleted',
  jobsFailed: 'JobsFailed',
  renderDuration: 'RenderDuration',
  renderFailures: 'RenderFailures',
  webhookDeliveries: 'WebhookDeliveries',
  /** Webhook endpoints the service disabled because every attempt failed for days (alarm: WebhookEndpointDisabled). */
  webhookEndpointsDisabled: 'WebhookEndpointsDisabled',
} as const;
/** Dimension of the per-job-type metrics, and of webhook deliveries. */
export const DIMENSION = { jobType: 'JobType', outcome: 'Outcome' } as const;
