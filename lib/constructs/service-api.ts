// The REST API: one function per route of the route table (routes naming the same function share it),
// the error envelope for errors API Gateway makes itself, and the fallback that answers unknown routes
// and methods. Plain functions that make their resources in the stack's own scope, so logical ids do not
// depend on this module: `makeServiceApi` (the REST API, its stage and gateway responses), then
// `addRouteMethods` (every route's function and method), then `addFallbackMethods` (after every other
// method: it visits them). The deployment's logical id is a hash of the methods, in the order they are made.
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as logs from 'aws-cdk-lib/aws-logs';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type * as sqs from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { DASHBOARD_API_FUNCTION_ID } from '../../functions/api/dashboard/dashboard-routes.ts';
import { FALLBACK_HANDLER, PROXY_PATHS, ROUTES, takesIdempotencyKey } from '../../functions/api/routes.ts';
import { ENV, stateMachineArnVariable } from '../../functions/core/config/env.ts';
import type { StageConfig } from '../config/stages.ts';
import type { DashboardUserPool } from './dashboard-user-pool.ts';
import { grantStopAll, type WorkflowsByType } from './job-workflows.ts';
import { ServiceFunction, type ServiceFunctionProps } from './service-function.ts';
import { SHARP_MODULES, type SharpLayer } from './sharp-layer.ts';
import { webhookPolicyEnvironment } from './webhook-delivery.ts';

type Route = (typeof ROUTES)[number];

export const API_STAGE_NAME = 'api';

interface ServiceApiProps {
  readonly config: StageConfig;
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetentionDays: ServiceFunctionProps['logRetentionDays'];
}

interface RouteResources {
  readonly jobsTable: dynamodb.ITable;
  readonly accountsTable: dynamodb.ITable;
  readonly idempotencyTable: dynamodb.ITable;
  readonly usageTable: dynamodb.ITable;
  readonly eventsTable: dynamodb.ITable;
  readonly mediaBucket: s3.IBucket;
  readonly webhookQueue: sqs.IQueue;
  readonly workflows: WorkflowsByType;
  /** The dashboard's Cognito user pool, whose authorizer guards session routes (stages that have one). */
  readonly dashboardUserPool: DashboardUserPool | undefined;
  /**
   * sharp, for the functions whose routes store images (media 'write': a brand kit's logo is downloaded and
   * decoded under the customer-image rules). @default no function gets it
   */
  readonly sharp?: SharpLayer;
}

/** The stage's REST API with its access logs, tracing, throttling and error envelope; no methods yet. */
export function makeServiceApi(scope: Construct, props: ServiceApiProps): apigw.RestApi {
  const { config } = props;
  const accessLogs = new logs.LogGroup(scope, 'ApiAccessLogs', { retention: props.logRetentionDays });
  const api = new apigw.RestApi(scope, 'Api', {
    // Named per stage: API Gateway's metrics are keyed by this name, so two stages must not share it.
    restApiName: `${config.stackPrefix}-api`,
    description: `Property media generation API (${config.stage})`,
    endpointTypes: [apigw.EndpointType.REGIONAL],
    // Every request body reaches the functions as the bytes that were sent (base64, isBase64Encoded), not
    // as text API Gateway decoded: a body that is not UTF-8 is then refused (api-route.ts) instead of
    // reaching the service with replacement characters in it. Answers are unchanged: a Lambda proxy
    // answer is converted only when it says isBase64Encoded.
    binaryMediaTypes: ['*/*'],
    cloudWatchRole: true,
    deployOptions: {
      stageName: API_STAGE_NAME,
      tracingEnabled: true,
      loggingLevel: apigw.MethodLoggingLevel.ERROR,
      accessLogDestination: new apigw.LogGroupLogDestination(accessLogs),
      accessLogFormat: apigw.AccessLogFormat.jsonWithStandardFields(),
      throttlingBurstLimit: 1000,
      throttlingRateLimit: 500,
    },
  });
  addGatewayResponses(api);
  return api;
}

interface RouteMethodsProps extends ServiceApiProps, RouteResources {
  /** The API (makeServiceApi). */
  readonly api: apigw.RestApi;
}

/** The route table's methods, each with the access its route declares. */
export function addRouteMethods(scope: Construct, props: RouteMethodsProps): void {
  const { config } = props;
  const common = props.environment;
  const authEnv = {
    ...common,
    [ENV.keyVariant]: config.keyVariant,
    [ENV.testRatePerMinute]: String(config.rateLimits.testPerMinute),
    ...webhookPolicyEnvironment(config),
    // Video export checks a bundle's host at request time.
    [ENV.videoBundleUrlAllowlist]: config.videoBundleUrlAllowlist.join(','),
  };
  const dashboardEnv = {
    ...authEnv,
    [ENV.dashboardAuth]: config.dashboard.signIn,
    [ENV.liveDefaultRatePerMinute]: String(config.rateLimits.liveDefault.requestsPerMinute),
    ...(config.rateLimits.liveDefault.requestsPerDay === undefined
      ? {}
      : { [ENV.liveDefaultRatePerDay]: String(config.rateLimits.liveDefault.requestsPerDay) }),
  };
  const environmentOf = (route: Route) => {
    if (route.auth === 'api-key') return authEnv;
    if (route.auth === 'session' || route.access.sessions) return dashboardEnv;
    return { ...common };
  };
  // One function per route, except routes that name the same function (the dashboard's: one function
  // serves them all, which keeps the stack well under CloudFormation's 500 resources).
  const integrations = new Map<string, apigw.LambdaIntegration>();
  const routesOf = (functionId: string) => ROUTES.filter((r) => r.functionId === functionId).length;
  for (const route of ROUTES) {
    const shared = integrations.get(route.functionId);
    if (shared) {
      addRouteMethod(props.api, route, shared, props.dashboardUserPool);
      continue;
    }
    const routeFn = new ServiceFunction(scope, route.functionId, {
      entry: route.handler,
      description:
        route.functionId === DASHBOARD_API_FUNCTION_ID
          ? 'Developer dashboard API (/v1/dashboard/*)'
          : `${route.method} ${route.path}`,
      logRetentionDays: props.logRetentionDays,
      environment: environmentOf(route),
      nativeLayer:
        (route.access.media === 'write' || route.access.media === 'writeDelete') && props.sharp
          ? { layer: props.sharp.layer, modules: [...SHARP_MODULES] }
          : undefined,
    });
    grantRouteAccess(route, routeFn, props, config);
    // A function behind several methods gets one invoke permission for the API, not one per method.
    const integration = new apigw.LambdaIntegration(routeFn, {
      allowTestInvoke: false,
      scopePermissionToMethod:
        route.functionId !== DASHBOARD_API_FUNCTION_ID && !route.proxied && routesOf(route.functionId) === 1,
    });
    integrations.set(route.functionId, integration);
    addRouteMethod(props.api, route, integration, props.dashboardUserPool);
  }
}

/**
 * What no route takes. Call after every other method is added.
 * - A wrong method on a route's path: ANY on that resource, to the fallback function, which answers 405
 *   with Allow (API Gateway prefers the route's own method to ANY).
 * - An unknown path: one greedy `/{proxy+}` on the root, to the fallback function (404). A path that
 *   reaches no method at all (a resource without methods, or a deeper path nothing matches) gets the
 *   MISSING_AUTHENTICATION_TOKEN gateway response, which this API answers as 404 NOT_FOUND in the error
 *   envelope (addGatewayResponses). No `{proxy+}` per resource: those cost two resources each and
 *   answered only what the gateway response answers (docs/readme/deploying.md).
 */
export function addFallbackMethods(
  scope: Construct,
  props: ServiceApiProps & { readonly api: apigw.RestApi },
): void {
  const fallback = new ServiceFunction(scope, FALLBACK_HANDLER.functionId, {
    entry: FALLBACK_HANDLER.handler,
    description: 'Answers unknown routes (404) and methods (405)',
    logRetentionDays: props.logRetentionDays,
    environment: { ...props.environment },
  });
  // One invoke permission for the API rather than one per ANY method (dozens of them).
  const integration = new apigw.LambdaIntegration(fallback, {
    allowTestInvoke: false,
    scopePermissionToMethod: false,
  });
  const visit = (resource: apigw.IResource) => {
    // A proxied routes' resource (its function answers the rest of its paths as this one does).
    if (PROXY_PATHS.includes(resource.path)) return;
    if (resource.node.children.some((c) => c instanceof apigw.Method)) resource.addMethod('ANY', integration);
    for (const child of resource.node.children.filter(
      (c): c is apigw.Resource => c instanceof apigw.Resource,
    ))
      visit(child);
  };
  visit(props.api.root);
  props.api.root.addResource('{proxy+}').addMethod('ANY', integration);
}

/** A route's method on its path; dashboard session routes are behind the Cognito authorizer where there is one. */
function addRouteMethod(
  api: apigw.RestApi,
  route: Route,
  integration: apigw.LambdaIntegration,
  pool: DashboardUserPool | undefined,
): void {
  const authorizer = route.auth === 'session' ? pool : undefined;
  // A proxied route: its function's ANY on the route's greedy resource, once for all its routes.
  const resource = api.root.resourceForPath(route.proxied ?? route.path);
  if (route.proxied && resource.node.tryFindChild('ANY')) return;
  resource.addMethod(
    route.proxied ? 'ANY' : route.method,
    integration,
    authorizer
      ? { authorizer: authorizer.authorizer, authorizationType: apigw.AuthorizationType.COGNITO }
      : undefined,
  );
}

/** The tables, bucket, queue and state machines a route's function may touch, as its route declares. */
function grantRouteAccess(
  route: Route,
  fn: ServiceFunction,
  resources: RouteResources,
  config: StageConfig,
): void {
  // API keys, sessions, sign-in tokens and webhook secrets are items of the accounts table.
  if (route.auth === 'api-key' || route.access.sessions || route.access.keys)
    fn.bindTable(resources.accountsTable, ENV.accountsTable, 'readWrite');
  if (route.access.jobs)
    fn.bindTable(resources.jobsTable, ENV.jobsTable, route.access.jobs === 'read' ? 'read' : 'readWrite');
  if (route.access.media)
    fn.bindBucket(
      resources.mediaBucket,
      ENV.mediaBucket,
      (
        {
          read: 'read',
          delete: 'readDelete',
          write: 'readWrite',
          writeDelete: 'readWriteDelete',
        } as const
      )[route.access.media],
    );
  if (route.access.startsJob) {
    fn.bindStateMachine(
      resources.workflows[route.access.startsJob]!.stateMachine,
      stateMachineArnVariable(route.access.startsJob),
    );
  }
  // Cancel: every job type's state machine ARN, and StopExecution on its executions only.
  if (route.access.stopsJobs) grantStopAll(fn, resources.workflows);
  if (route.access.jobEvents) fn.bindQueue(resources.webhookQueue, ENV.webhookQueueUrl);
  if (route.access.events) {
    fn.bindTable(
      resources.eventsTable,
      ENV.eventsTable,
      route.access.events === 'read' ? 'read' : 'readWrite',
    );
    fn.addEnvironment(ENV.eventRetentionDays, String(config.webhooks.eventRetentionDays));
  }
  if (route.access.usage) {
    fn.bindTable(resources.usageTable, ENV.usageTable, 'read');
    fn.addEnvironment(ENV.usagePricing, JSON.stringify(config.usage));
  }
  // Idempotency-Key: exactly the item calls Powertools' DynamoDB persistence layer makes.
  if (takesIdempotencyKey(route)) {
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem'],
        resources: [resources.idempotencyTable.tableArn],
      }),
    );
    fn.addEnvironment(ENV.idempotencyTable, resources.idempotencyTable.tableName);
  } else if (route.access.idempotencyRecords === 'erase') {
    // A deleted job's records, by id: deletes only.
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        actions: ['dynamodb:DeleteItem'],
        resources: [resources.idempotencyTable.tableArn],
      }),
    );
    fn.addEnvironment(ENV.idempotencyTable, resources.idempotencyTable.tableName);
  }
  // Member invitations make their users in the dashboard's user pool (stages that sign in with Cognito).
  if (route.access.invitesMembers && resources.dashboardUserPool) {
    resources.dashboardUserPool.grantInvite(fn);
    fn.addEnvironment(ENV.dashboardUserPoolId, resources.dashboardUserPool.userPool.userPoolId);
  }
}

function addGatewayResponses(api: apigw.RestApi): void {
  // The API's error envelope for errors API Gateway makes itself. Gateway response templates only
  // substitute variables (no VTL), so meta.timestamp is the request time in epoch milliseconds here:
  // API Gateway has no ISO 8601 variable. The local gateway reads code and message from these.
  const body = (code: string, message: string) => ({
    'application/json': JSON.stringify({
      error: { code, message },
      meta: { request_id: 'req_$context.requestId', timestamp: '$context.requestTimeEpoch' },
    }),
  });
  api.addGatewayResponse('TooLarge', {
    type: apigw.ResponseType.REQUEST_TOO_LARGE,
    statusCode: '413',
    responseHeaders: { Connection: "'close'" },
    templates: body('PAYLOAD_TOO_LARGE', 'The request exceeds the API gateway limit of 10485760 bytes.'),
  });
  api.addGatewayResponse('Throttled', {
    type: apigw.ResponseType.THROTTLED,
    statusCode: '429',
    responseHeaders: { 'Retry-After': "'1'" },
    templates: body('RATE_LIMITED', 'Too many requests; retry shortly.'),
  });
  api.addGatewayResponse('NoRoute', {
    type: apigw.ResponseType.MISSING_AUTHENTICATION_TOKEN,
    statusCode: '404',
    templates: body('NOT_FOUND', 'No route matches this request. See GET /v1/openapi.json for the routes.'),
  });
  api.addGatewayResponse('Default4xx', {
    type: apigw.ResponseType.DEFAULT_4XX,
    templates: body(
      'BAD_REQUEST',
      'The API gateway refused the request (malformed request, or a header or parameter it does not accept).',
    ),
  });
  api.addGatewayResponse('Default5xx', {
    type: apigw.ResponseType.DEFAULT_5XX,
    templates: body('INTERNAL_ERROR', 'An unexpected error occurred. Retry later and quote meta.request_id.'),
  });
}
