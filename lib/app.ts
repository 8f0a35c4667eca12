// Builds one stage of the app: the stateful stack and the service stack that uses it.
import { type App, Aspects, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { StageConfig } from './config/stages.ts';
import { KeyGrantsForAwsServicesOnly } from './key-policies.ts';
import { addNagSuppressions } from './nag-suppressions.ts';
import { ServiceStack } from './service-stack.ts';
import { StatefulStack } from './stateful-stack.ts';

export interface StageStacks {
  readonly stateful: StatefulStack;
  readonly service: ServiceStack;
}

/** Apps that already run the AwsSolutions checks: one plugin per app, however many stages it holds. */
const nagApps = new WeakSet<App>();

export function buildStage(app: App, config: StageConfig, options: { nag?: boolean } = {}): StageStacks {
  const env = { account: process.env.CDK_DEFAULT_ACCOUNT, region: process.env.CDK_DEFAULT_REGION };
  const stateful = new StatefulStack(app, `${config.stackPrefix}-stateful`, {
    config,
    env,
    description: `Property media service data (${config.stage}): tables, media bucket, queues`,
    terminationProtection: config.retainData,
  });
  const service = new ServiceStack(app, `${config.stackPrefix}-service`, {
    config,
    env,
    description: `Property media service API and workflows (${config.stage})`,
    jobsTable: stateful.jobsTable,
    accountsTable: stateful.accountsTable,
    idempotencyTable: stateful.idempotencyTable,
    usageTable: stateful.usageTable,
    eventsTable: stateful.eventsTable,
    mediaBucket: stateful.mediaBucket,
    accessLogsBucket: stateful.accessLogsBucket,
    webhookQueue: stateful.webhookQueue,
    webhookDeadLetterQueue: stateful.webhookDeadLetterQueue,
  });
  for (const stack of [stateful, service]) {
    Tags.of(stack).add('project', 'property-media-service');
    Tags.of(stack).add('stage', config.stage);
    Aspects.of(stack).add(new KeyGrantsForAwsServicesOnly());
  }
  if (options.nag !== false) {
    addNagSuppressions(stateful, service);
    if (!nagApps.has(app)) {
      nagApps.add(app);
      Validations.of(app).addPlugins(new AwsSolutionsChecks(app, { verbose: true }));
    }
  }
  return { stateful, service };
}
