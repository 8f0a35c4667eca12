// Sign-in of the developer dashboard on a deployed stage: a Cognito user pool per stage whose users
// carry their organization in `custom:org_id` (set when a member is invited, by the dashboard's function;
// the app client can read it but never write it), a hosted UI domain, and a public app client (authorization code + PKCE) whose
// callback is the dashboard page. API Gateway's Cognito authorizer then verifies the ID token on every
// dashboard route before its function runs.
import { Aws, Duration, RemovalPolicy, Stack } from 'aws-cdk-lib';
import * as apigw from 'aws-cdk-lib/aws-apigateway';
import * as cognito from 'aws-cdk-lib/aws-cognito';
import type * as iam from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';

interface DashboardUserPoolProps {
  /** Short stage prefix (pms-dev …): the hosted UI domain prefix is built from it and the account. */
  readonly stackPrefix: string;
  /** The REST API that serves the dashboard (callback and sign-out URLs point at its /dashboard/). */
  readonly api: apigw.RestApi;
  /** Stage name of the API's deployment (a literal, so the URL does not depend on the deployment). */
  readonly apiStageName: string;
  /** @default RemovalPolicy.DESTROY */
  readonly removalPolicy?: RemovalPolicy;
}

export class DashboardUserPool extends Construct {
  readonly userPool: cognito.UserPool;
  readonly client: cognito.UserPoolClient;
  readonly domain: cognito.UserPoolDomain;
  readonly authorizer: apigw.CognitoUserPoolsAuthorizer;
  /** The dashboard page's URL (the OAuth callback). */
  readonly dashboardUrl: string;

  constructor(scope: Construct, id: string, props: DashboardUserPoolProps) {
    super(scope, id);
    const { api } = props;
    // Built from the API id, not api.url: the URL must not depend on the deployment, whose methods use
    // the authorizer below.
    this.dashboardUrl = `https://${api.restApiId}.execute-api.${Aws.REGION}.${Aws.URL_SUFFIX}/${props.apiStageName}/dashboard/`;

    this.userPool = new cognito.UserPool(this, 'UserPool', {
      selfSignUpEnabled: false,
      signInAliases: { email: true },
      autoVerify: { email: true },
      mfa: cognito.Mfa.REQUIRED,
      mfaSecondFactor: { otp: true, sms: false },
      passwordPolicy: {
        minLength: 12,
        requireLowercase: true,
        requireUppercase: true,
        requireDigits: true,
        requireSymbols: true,
        tempPasswordValidity: Duration.days(3),
      },
      accountRecovery: cognito.AccountRecovery.EMAIL_ONLY,
      customAttributes: { org_id: new cognito.StringAttribute({ minLen: 2, maxLen: 63, mutable: true }) },
      featurePlan: cognito.FeaturePlan.PLUS,
      standardThreatProtectionMode: cognito.StandardThreatProtectionMode.FULL_FUNCTION,
      deletionProtection: props.removalPolicy === RemovalPolicy.RETAIN,
      removalPolicy: props.removalPolicy ?? RemovalPolicy.DESTROY,
    });

    this.domain = this.userPool.addDomain('HostedUi', {
      cognitoDomain: { domainPrefix: `${props.stackPrefix}-dashboard-${Aws.ACCOUNT_ID}` },
    });

    const standard = new cognito.ClientAttributes().withStandardAttributes({ email: true });
    this.client = this.userPool.addClient('DashboardClient', {
      generateSecret: false,
      authFlows: {
        user: false,
        userPassword: false,
        userSrp: false,
        adminUserPassword: false,
        custom: false,
      },
      oAuth: {
        flows: { authorizationCodeGrant: true, implicitCodeGrant: false },
        scopes: [cognito.OAuthScope.OPENID, cognito.OAuthScope.EMAIL],
        callbackUrls: [this.dashboardUrl],
        logoutUrls: [this.dashboardUrl],
      },
      preventUserExistenceErrors: true,
      idTokenValidity: Duration.hours(1),
      accessTokenValidity: Duration.hours(1),
      refreshTokenValidity: Duration.hours(8),
      // The organization is readable in the ID token, never writable by its user.
      readAttributes: standard.withCustomAttributes('org_id'),
      writeAttributes: new cognito.ClientAttributes().withStandardAttributes({}),
    });

    this.authorizer = new apigw.CognitoUserPoolsAuthorizer(this, 'Authorizer', {
      cognitoUserPools: [this.userPool],
      identitySource: apigw.IdentitySource.header('Authorization'),
      resultsCacheTtl: Duration.minutes(5),
    });
  }

  /**
   * Lets `grantee` invite dashboard members: make a user (and send its invitation again) and read one, on
   * this pool only. Nothing that changes, disables or deletes an existing user.
   */
  grantInvite(grantee: iam.IGrantable): iam.Grant {
    return this.userPool.grant(grantee, 'cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser');
  }

  /** Base URL of the hosted UI (…/oauth2/authorize, …/oauth2/token, …/logout). */
  get hostedUiUrl(): string {
    return `https://${this.domain.domainName}.auth.${Stack.of(this).region}.amazoncognito.com`;
  }
}
