// The developer dashboard's page: the built static app, served by one function with its security
// headers, and (on stages that sign in with Cognito) its user pool. Made in the stack's own scope, so
// logical ids do not depend on this class.
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

export class DashboardSite {
  /** The dashboard's Cognito user pool (stages that sign in with Cognito). */
  readonly userPool: DashboardUserPool | undefined;

  constructor(scope: Construct, props: DashboardSiteProps) {
    const { config } = props;
    // Sessions come from sign-in links (local stack) or a Cognito user pool.
    this.userPool =
      config.dashboard.signIn === 'cognito'
        ? new DashboardUserPool(scope, 'Dashboard', {
            stackPrefix: config.stackPrefix,
            api: props.api,
            apiStageName: props.apiStageName,
            removalPolicy: config.retainData ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
          })
        : undefined;
  }

  /** The page's function and its GET methods (after the routes: the API's deployment hash follows their order). */
  addPage(scope: Construct, props: DashboardSiteProps): void {
    const { config } = props;
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
        ...(this.userPool
          ? {
              [ENV.dashboardCognitoDomain]: this.userPool.hostedUiUrl,
              [ENV.dashboardCognitoClientId]: this.userPool.client.userPoolClientId,
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
    if (this.userPool) {
      new CfnOutput(scope, 'DashboardUrl', { value: this.userPool.dashboardUrl });
      new CfnOutput(scope, 'DashboardUserPoolId', { value: this.userPool.userPool.userPoolId });
    }
  }
}
