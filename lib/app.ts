// Builds one stage of the app: the stateful stack and the service stack that uses it.
import { type App, Aspects, Tags, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import type { StageConfig } from './config/stages.ts';
import { addGuardSuppressions } from './guard-suppressions.ts';
import { GuardValidator } from './guard-validation.ts';
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
/** Apps that already run the Guard rules (lib/guard-validation.ts), likewise. */
const guardApps = new WeakSet<App>();

export interface BuildOptions {
  /** Run cdk-nag's AwsSolutions checks at synthesis (default true). */
  readonly nag?: boolean;
  /**
   * Validate the synthesized templates with the AWS Guard rules at synthesis (default false: about ten
   * seconds a stage; the guard test runs them on every stage, `cdk synth -c guard=true` on one).
   */
  readonly guard?: boolean;
}

export function buildStage(app: App, config: StageConfig, options: BuildOptions = {}): StageStacks {
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
  // Only metadata: they take effect where the Guard rules run.
  addGuardSuppressions({ config, stateful, service });
  if (options.guard === true && !guardApps.has(app)) {
    guardApps.add(app);
    Validations.of(app).addPlugins(new GuardValidator());
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
