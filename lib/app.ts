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

/** The validation plugins each app already runs: one of each per app, however many stages it holds. */
const pluginsOf = new WeakMap<App, Set<string>>();

function addPluginOnce(app: App, name: string, make: () => Parameters<Validations['addPlugins']>[0]): void {
  const added = pluginsOf.get(app) ?? new Set<string>();
  pluginsOf.set(app, added);
  if (added.has(name)) return;
  added.add(name);
  Validations.of(app).addPlugins(make());
}

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
  if (options.guard === true) addPluginOnce(app, 'guard', () => new GuardValidator());
  if (options.nag !== false) {
    addNagSuppressions(stateful, service);
    addPluginOnce(app, 'nag', () => new AwsSolutionsChecks(app, { verbose: true }));
  }
  return { stateful, service };
}
