// Logs, metrics and traces for every function, through Powertools for AWS Lambda, in one place:
// - `logger`: JSON lines; each carries the invocation's context (function, request id, job id, job type)
//   from an AsyncLocalStorage, so concurrent invocations in one process (the local stack) never mix ids,
//   and every value that looks like a secret (API keys, webhook secrets, signatures) is redacted.
// - `businessMetrics`: the service's CloudWatch metrics (EMF) under the stage's namespace.
// - `tracer`: X-Ray subsegments per invocation and for AWS SDK calls; off outside Lambda.
// - `instrumented(name, handler, describe)`: the wrapper every Lambda entry goes through.
// Settings come from the environment the CDK app sets (POWERTOOLS_SERVICE_NAME,
// POWERTOOLS_METRICS_NAMESPACE, POWERTOOLS_LOG_LEVEL, POWERTOOLS_TRACE_ENABLED, POWERTOOLS_METRICS_DISABLED).
import { AsyncLocalStorage } from 'node:async_hooks';
import { LogFormatter, Logger, LogItem } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import type { Tracer } from '@aws-lambda-powertools/tracer';
import type { Context } from 'aws-lambda';

import { DEFAULT_METRICS_NAMESPACE, DIMENSION, METRIC, SERVICE_NAME } from './metric-names.ts';

// ---------------------------------------------------------------------------------------------------
// Invocation context

/** What every log line of an invocation carries. */
interface LogContext {
  function_name?: string;
  cold_start?: boolean;
  /** Lambda's own request id (the one in the platform's REPORT lines). */
  aws_request_id?: string;
  /** The API request id (req_…) the caller sees in meta.request_id. */
  request_id?: string;
  job_id?: string;
  job_type?: string;
  [key: string]: unknown;
}

const invocation = new AsyncLocalStorage<LogContext>();

/** The current invocation's context (empty outside one). */
function logContext(): Readonly<LogContext> {
  return invocation.getStore() ?? {};
}

/** Adds to the current invocation's context (e.g. the job id once it is known). No-op outside one. */
export function appendLogContext(attributes: LogContext): void {
  const store = invocation.getStore();
  if (store) Object.assign(store, withoutUndefined(attributes));
}

/** Runs `fn` with extra context (a record of an SQS batch), on top of the current one. */
export function withLogContext<R>(attributes: LogContext, fn: () => R): R {
  return invocation.run({ ...logContext(), ...withoutUndefined(attributes) }, fn);
}

function withoutUndefined(attributes: LogContext): LogContext {
  const out: LogContext = {};
  for (const key of Object.keys(attributes)) if (attributes[key] !== undefined) out[key] = attributes[key];
  return out;
}

// ---------------------------------------------------------------------------------------------------
// Secrets never reach a log line

/** Keys whose values are secrets whatever they hold. */
const SECRET_KEY =
  /^(x-api-key|api[-_]?key|raw[-_]?key|secret|secrets|webhook[-_]?secret|signing[-_]?secret|webhook-signature|signature|authorization|password|token|access[-_]?token|secret[-_]?access[-_]?key|aws_secret_access_key|x-amz-security-token)$/i;
/** Secret-looking substrings inside any string: API keys, webhook secrets, Standard Webhooks signatures. */
const SECRET_TEXT = [
  /\bsvc_(?:test|live)_[A-Za-z0-9]+/g,
  /\bwhsec_[A-Za-z0-9+/=_-]+/g,
  /\bv1,[A-Za-z0-9+/=]{20,}/g,
  // Presigned URL credentials.
  /(X-Amz-(?:Signature|Credential|Security-Token)=)[^&\s"]+/g,
];
export const REDACTED = '[REDACTED]';

export function redactText(text: string): string {
  let out = text;
  for (const pattern of SECRET_TEXT) {
    out = out.replace(pattern, (match, prefix?: string) =>
      typeof prefix === 'string' && match.startsWith(prefix) ? `${prefix}${REDACTED}` : REDACTED,
    );
  }
  return out;
}

/** JSON.stringify replacer the logger applies to every key and value it prints. */
function redactingReplacer(key: string, value: unknown): unknown {
  if (key !== '' && SECRET_KEY.test(key) && value !== undefined && value !== null) return REDACTED;
  return typeof value === 'string' ? redactText(value) : value;
}

// ---------------------------------------------------------------------------------------------------
// Logger

/** Powertools' log shape (level, message, timestamp, service, X-Ray trace id) plus the invocation context. */
class ServiceLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additional: LogAttributes): LogItem {
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        ...logContext(),
        xray_trace_id: attributes.xRayTraceId,
      },
    }).addAttributes(additional);
  }
}

export const logger = new Logger({
  serviceName: SERVICE_NAME,
  logFormatter: new ServiceLogFormatter(),
  jsonReplacerFn: redactingReplacer,
});

// ---------------------------------------------------------------------------------------------------
// Metrics

const metrics = new Metrics({
  serviceName: SERVICE_NAME,
  namespace: process.env.POWERTOOLS_METRICS_NAMESPACE || DEFAULT_METRICS_NAMESPACE,
});

/**
 * Powertools emits metrics unless told not to; outside Lambda (unit tests, scripts) nothing reads
 * them, so they are off there unless POWERTOOLS_METRICS_DISABLED=false asks for them.
 */
function metricsWanted(): boolean {
  const setting = process.env.POWERTOOLS_METRICS_DISABLED;
  if (setting !== undefined && setting !== '')
    return !['true', '1', 'yes', 'on'].includes(setting.toLowerCase());
  return Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME) && !process.env.POWERTOOLS_DEV;
}

/** One metric with its own dimensions, written at once (one invocation may emit several job types). */
function emit(
  name: string,
  unit: (typeof MetricUnit)[keyof typeof MetricUnit],
  value: number,
  dimensions: Record<string, string>,
): void {
  if (!metricsWanted()) return;
  try {
    const single = metrics.singleMetric();
    for (const [dimension, dimensionValue] of Object.entries(dimensions)) {
      single.addDimension(dimension, dimensionValue);
    }
    single.addMetric(name, unit, value);
  } catch (error) {
    // A metric is never worth failing a request or a job for.
    logger.warn('metric not emitted', { metric: name, error });
  }
}

export const businessMetrics = {
  jobCreated: (jobType: string) =>
    emit(METRIC.jobsCreated, MetricUnit.Count, 1, { [DIMENSION.jobType]: jobType }),
  jobCompleted: (jobType: string) =>
    emit(METRIC.jobsCompleted, MetricUnit.Count, 1, { [DIMENSION.jobType]: jobType }),
  jobFailed: (jobType: string, code: string) => {
    emit(METRIC.jobsFailed, MetricUnit.Count, 1, { [DIMENSION.jobType]: jobType });
    if (code === 'RENDER_FAILED') emit(METRIC.renderFailures, MetricUnit.Count, 1, {});
  },
  renderDuration: (jobType: string, milliseconds: number) =>
    emit(METRIC.renderDuration, MetricUnit.Milliseconds, milliseconds, { [DIMENSION.jobType]: jobType }),
  webhookDelivery: (delivered: boolean) =>
    emit(METRIC.webhookDeliveries, MetricUnit.Count, 1, {
      [DIMENSION.outcome]: delivered ? 'success' : 'failure',
    }),
  webhookEndpointDisabled: () => emit(METRIC.webhookEndpointsDisabled, MetricUnit.Count, 1, {}),
};

// ---------------------------------------------------------------------------------------------------
// Tracer

/**
 * Disabled outside Lambda (and wherever POWERTOOLS_TRACE_ENABLED=false): no X-Ray daemon needed. Where
 * tracing is switched off it is not even loaded: importing the X-Ray SDK installs a process-wide async
 * hook (cls-hooked) that tracks the creation and destruction of every promise, which cost the local
 * stack's main thread a measurable share of its time under load (docs/benchmarks.md), for traces nobody
 * records.
 */
export const tracer: Tracer | undefined =
  process.env.POWERTOOLS_TRACE_ENABLED?.toLowerCase() === 'false'
    ? undefined
    : new (await import('@aws-lambda-powertools/tracer')).Tracer({ serviceName: SERVICE_NAME });

const tracingOn = (): boolean => tracer?.isTracingEnabled() ?? false;

/** An AWS SDK v3 client whose calls become X-Ray subsegments when tracing is on (unchanged otherwise). */
export function tracedClient<T>(client: T): T {
  return tracer && tracingOn() ? tracer.captureAWSv3Client(client) : client;
}

async function traced<R>(name: string, annotations: LogContext, run: () => Promise<R>): Promise<R> {
  if (!tracer || !tracingOn()) return run();
  const parent = tracer.getSegment();
  const segment = parent?.addNewSubsegment(`## ${name}`);
  if (segment) tracer.setSegment(segment);
  tracer.annotateColdStart();
  tracer.addServiceNameAnnotation();
  if (annotations.job_id) tracer.putAnnotation('job_id', annotations.job_id);
  if (annotations.job_type) tracer.putAnnotation('job_type', annotations.job_type);
  if (annotations.request_id) tracer.putAnnotation('request_id', annotations.request_id);
  try {
    return await run();
  } catch (error) {
    // The error only, never the response: outputs carry presigned URLs.
    segment?.addError(error as Error);
    throw error;
  } finally {
    segment?.close();
    if (parent) tracer.setSegment(parent);
  }
}

// ---------------------------------------------------------------------------------------------------
// The wrapper

let coldStart = true;
const INSTRUMENTED = Symbol.for('pms.instrumented');

/** Whether a handler went through `instrumented` (an infra test checks every function's). */
export function isInstrumented(handler: unknown): boolean {
  return (
    typeof handler === 'function' && (handler as unknown as Record<symbol, unknown>)[INSTRUMENTED] === true
  );
}

/**
 * A Lambda handler with logs, metrics and traces: the invocation's context (from `describe(event)`,
 * e.g. its job) goes on every log line and onto the trace; stored metrics are flushed at the end; an
 * error escaping the handler is logged (never the event: it carries keys and customer data) and
 * rethrown. Nested calls (a wrapped pipeline inside a wrapped entry) just run.
 */
export function instrumented<E, R>(
  name: string,
  handler: (event: E, context: Context) => Promise<R>,
  describe: (event: E) => LogContext = () => ({}),
): (event: E, context?: Context) => Promise<R> {
  const wrapped = async (event: E, context?: Context): Promise<R> => {
    // Lambda always passes a context; direct callers (tests, the local stack's workers) may not.
    if (invocation.getStore()) return handler(event, context as Context);
    let described: LogContext = {};
    try {
      described = describe(event) ?? {};
    } catch {
      // A malformed event still gets logged and handled; its context is just thinner.
    }
    const store: LogContext = withoutUndefined({
      function_name: context?.functionName ?? name,
      cold_start: coldStart,
      aws_request_id: context?.awsRequestId,
      ...described,
    });
    coldStart = false;
    return invocation.run(store, async () => {
      try {
        return await traced(name, store, () => handler(event, context as Context));
      } catch (error) {
        // Steps fail on purpose too (ADDRESS_NOT_FOUND): the state machine decides what it means.
        logger.warn('invocation failed', { error });
        throw error;
      } finally {
        if (metrics.hasStoredMetrics()) metrics.publishStoredMetrics();
      }
    });
  };
  Object.defineProperty(wrapped, INSTRUMENTED, { value: true });
  return wrapped;
}

/** The job a workflow step event names (`{ job: { job_id, job_type } }`), for `instrumented`. */
export function jobOfEvent(event: unknown): LogContext {
  const job = (event as { job?: { job_id?: unknown; job_type?: unknown } } | null)?.job;
  return {
    job_id: typeof job?.job_id === 'string' ? job.job_id : undefined,
    job_type: typeof job?.job_type === 'string' ? job.job_type : undefined,
  };
}

/** The route and the job an API Gateway request names, for `instrumented` (never headers or body). */
export function apiLogContext(event: unknown): LogContext {
  const request = event as {
    httpMethod?: string;
    resource?: string;
    pathParameters?: Record<string, string | undefined> | null;
  } | null;
  return {
    http_method: request?.httpMethod,
    resource: request?.resource,
    job_id: request?.pathParameters?.jobId,
  };
}
