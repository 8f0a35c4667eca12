// The developer dashboard's page: the built static app, served by one function with its security
// headers, and (on stages that sign in with Cognito) its user pool. Two plain functions that make their
// resources in the stack's own scope, so logical ids do not depend on this module: the user pool comes
// before the routes (its authorizer guards the session routes), the page after them (the API's deployment
// hash follows the methods' order).
import { Aws, CfnOutput, RemovalPolicy } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import type * as s3 from 'aws-cdk-lib/aws-s3';
import type { Construct } from 'constructs';
import { DASHBOARD_PAGE } from '../../functions/api/routes.ts';
import { ENV } from '../../functions/core/config/env.ts';
import type { StageConfig } from '../config/stages.ts';
import { buildDashboard, DASHBOARD_BUILD_DIR, DASHBOARD_FILES } from '../dashboard/build-dashboard.ts';
import { DashboardUserPool } from './dashboard-user-pool.ts';
import { PROJECT_ROOT, ServiceFunction, type ServiceFunctionProps } from './service-function.ts';

interface DashboardSiteProps {
  readonly config: StageConfig;
  readonly environment: Readonly<Record<string, string>>;
  readonly logRetentionDays: ServiceFunctionProps['logRetentionDays'];
  readonly api: apigw.RestApi;
  readonly apiStageName: string;
  readonly mediaBucket: s3.IBucket;
  /** True where functions are bundled (the page's files ship beside its bundle). */
  readonly bundled: boolean;
}

/** The dashboard's Cognito user pool on stages that sign in with Cognito; otherwise none (sign-in links). */
export function makeDashboardUserPool(
  scope: Construct,
  props: Pick<DashboardSiteProps, 'config' | 'api' | 'apiStageName'>,
): DashboardUserPool | undefined {
  const { config } = props;
  if (config.dashboard.signIn !== 'cognito') return undefined;
  return new DashboardUserPool(scope, 'Dashboard', {
    stackPrefix: config.stackPrefix,
    api: props.api,
    apiStageName: props.apiStageName,
    removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
  });
}

/** The page's function and its GET methods, and (with a user pool) the dashboard's URL and pool id as outputs. */
export function addDashboardPage(
  scope: Construct,
  props: DashboardSiteProps & {
    /** The dashboard's user pool (makeDashboardUserPool). @default none: sign-in links */
    readonly userPool?: DashboardUserPool;
  },
): void {
  const { config, userPool } = props;
  const dashboardDir = buildDashboard(PROJECT_ROOT);
  const page = new ServiceFunction(scope, DASHBOARD_PAGE.functionId, {
    entry: DASHBOARD_PAGE.handler,
    description: 'Serves the developer dashboard',
    logRetentionDays: props.logRetentionDays,
    environment: {
      ...props.environment,
      [ENV.dashboardAuth]: config.dashboard.signIn,
      [ENV.dashboardAssetsDir]: props.bundled ? '/var/task' : dashboardDir,
      [ENV.dashboardMediaOrigins]:
        config.stage === 'local'
          ? 'http://127.0.0.1:*'
          : `https://${props.mediaBucket.bucketName}.s3.${Aws.REGION}.${Aws.URL_SUFFIX}`,
      ...(userPool
        ? {
            [ENV.dashboardCognitoDomain]: userPool.hostedUiUrl,
            [ENV.dashboardCognitoClientId]: userPool.client.userPoolClientId,
          }
        : {}),
    },
    bundledFiles: DASHBOARD_FILES.map((file) => `${DASHBOARD_BUILD_DIR}/${file}`),
  });
  const integration = new apigw.LambdaIntegration(page, {
    allowTestInvoke: false,
    scopePermissionToMethod: false,
  });
  for (const pagePath of DASHBOARD_PAGE.paths)
    props.api.root.resourceForPath(pagePath).addMethod('GET', integration);
  if (userPool) {
    new CfnOutput(scope, 'DashboardUrl', { value: userPool.dashboardUrl });
    new CfnOutput(scope, 'DashboardUserPoolId', { value: userPool.userPool.userPoolId });
  }
}
