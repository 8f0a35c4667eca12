// Environment variables the CDK app sets on each function. Names live here once; CDK imports them. A
// capability's own variables live in its row of the capability table (functions/jobs/capabilities.ts).
// Their values are read and typed once, in functions/wiring/stage-env.ts.

export const ENV = {
  stage: 'STAGE',
  jobsTable: 'JOBS_TABLE_NAME',
  accountsTable: 'ACCOUNTS_TABLE_NAME',
  /** Idempotency-Key records of POST requests (Powertools' idempotency layout, 24 h TTL). */
  idempotencyTable: 'IDEMPOTENCY_TABLE_NAME',
  /** Usage records: one per completed job (written by the lifecycle step, read by GET /v1/usage). */
  usageTable: 'USAGE_TABLE_NAME',
  /** The stage's live rates, JSON: { currency, livePerUnit: { <job type>: price per unit } }. */
  usagePricing: 'USAGE_PRICING',
  /** The event log: every webhook event of every tenant with its delivery attempts (GET /v1/events). */
  eventsTable: 'EVENTS_TABLE_NAME',
  /** Days the event log keeps an event (its TTL): the stage's webhooks.eventRetentionDays. */
  eventRetentionDays: 'EVENT_RETENTION_DAYS',
  /** An endpoint whose every attempt failed this many days is disabled: the stage's webhooks.endpointDisableAfterDays. */
  endpointDisableAfterDays: 'WEBHOOK_ENDPOINT_DISABLE_AFTER_DAYS',
  mediaBucket: 'MEDIA_BUCKET_NAME',
  /** How long job media and inputs are kept, JSON: the stage's retention (RetentionPolicy). */
  mediaRetention: 'MEDIA_RETENTION',
  keyVariant: 'KEY_VARIANT',
  testRatePerMinute: 'TEST_KEY_RATE_PER_MINUTE',
  /** Live keys of an organization without limits of its own (keys created in the dashboard). */
  liveDefaultRatePerMinute: 'LIVE_KEY_DEFAULT_RATE_PER_MINUTE',
  liveDefaultRatePerDay: 'LIVE_KEY_DEFAULT_RATE_PER_DAY',
  outputUrlExpirySeconds: 'OUTPUT_URL_EXPIRY_SECONDS',
  s3ForcePathStyle: 'S3_FORCE_PATH_STYLE',
  webhookQueueUrl: 'WEBHOOK_QUEUE_URL',
  webhookDeadLetterQueueUrl: 'WEBHOOK_DLQ_URL',
  webhookAllowHttp: 'WEBHOOK_ALLOW_HTTP',
  webhookAllowLoopback: 'WEBHOOK_ALLOW_LOOPBACK',
  webhookRetrySchedule: 'WEBHOOK_RETRY_SCHEDULE_SECONDS',
  /** Renderer adapter: local (@remotion/renderer + Chromium) or remotion-lambda. */
  rendererProvider: 'RENDERER_PROVIDER',
  /** The bundled Remotion site: a directory (local) or the deployed site's index.html URL. */
  remotionServeUrl: 'REMOTION_SERVE_URL',
  remotionFunctionName: 'REMOTION_FUNCTION_NAME',
  /** Remotion Lambda's own bucket (renders in progress, before they are copied to the media bucket). */
  remotionRenderBucket: 'REMOTION_RENDER_BUCKET',
  /** Where the local renderer keeps progress files and videos in the making. */
  localRenderDir: 'LOCAL_RENDER_DIR',
  /** Local renders at once (the rest queue, stage queued_for_renderer); default one per two cores. */
  localRenderConcurrency: 'LOCAL_RENDER_CONCURRENCY',
  localRenderBrowsers: 'LOCAL_RENDER_BROWSERS',
  /** Software WebGL of local renders of WebGL scenes: auto (probe), angle-egl (Mesa llvmpipe) or swangle. */
  localWebGl: 'LOCAL_WEBGL',
  /** Local stack only: JSON file of secret name → value, read instead of Secrets Manager. */
  secretsFile: 'SECRETS_FILE',
  /** The stage's provider sources as JSON (geocoder, site, imagery and cadastre lists; source-config.ts). */
  providerSources: 'PROVIDERS',
  /** Hosts caller-hosted Remotion bundles may come from (video export): comma-separated, `*.suffix` allowed. */
  videoBundleUrlAllowlist: 'VIDEO_BUNDLE_URL_ALLOWLIST',
  /** Output size of rendered videos as a share of full size (1; tests render smaller). */
  renderScale: 'RENDER_SCALE',
  /** How the developer dashboard signs in: sign-in-link (one-time links, the local stack) or cognito. */
  dashboardAuth: 'DASHBOARD_AUTH',
  /** Directory of the built dashboard app (index.html, app.js, app.css). */
  dashboardAssetsDir: 'DASHBOARD_ASSETS_DIR',
  /** Origins media URLs come from (the dashboard page's CSP img-src/media-src), space-separated. */
  dashboardMediaOrigins: 'DASHBOARD_MEDIA_ORIGINS',
  /** Cognito hosted UI base URL and app client id of the dashboard (cognito sign-in only). */
  dashboardCognitoDomain: 'DASHBOARD_COGNITO_DOMAIN',
  dashboardCognitoClientId: 'DASHBOARD_COGNITO_CLIENT_ID',
  /** The dashboard's Cognito user pool, where member invitations make their users (cognito sign-in only). */
  dashboardUserPoolId: 'DASHBOARD_USER_POOL_ID',
  /** The outbox sweeper leaves a job alone this long after its final write or creation (its writer relays or starts it). */
  outboxGraceSeconds: 'OUTBOX_GRACE_SECONDS',
  /** A job still not started this long after its creation is failed (WORKFLOW_START_FAILED) by the sweeper. */
  workflowStartDeadlineSeconds: 'WORKFLOW_START_DEADLINE_SECONDS',
  /**
   * Jobs of one organization processing at once, JSON (StageConfig.jobConcurrency): { test, liveDefault,
   * plans: { <plan>: n }, exemptJobTypes: [...] }; beyond it jobs wait queued (waiting_for_your_other_jobs).
   */
  jobConcurrency: 'JOB_CONCURRENCY',
  /** Prefix of the per-job-kind state machine ARN variables: STATE_MACHINE_ARN_FRONTAGE_DETECTION, ... */
  stateMachineArnPrefix: 'STATE_MACHINE_ARN_',
} as const;

export function stateMachineArnVariable(jobType: string): string {
  return `${ENV.stateMachineArnPrefix}${jobType.toUpperCase()}`;
}
