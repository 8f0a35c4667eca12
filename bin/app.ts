#!/usr/bin/env node
// CDK entry: `npx cdk deploy -c stage=dev|staging|prod --all`. `-c guard=true` also validates the templates
// with the AWS Guard rules (lib/guard-validation.ts) at synthesis.
import { App } from 'aws-cdk-lib';
import { buildStage } from '../lib/app.ts';
import { DEPLOYABLE_STAGES, type DeployableStage, stageConfig } from '../lib/config/stages.ts';

const app = new App();
const stage = (app.node.tryGetContext('stage') as string | undefined) ?? 'dev';
if (!(DEPLOYABLE_STAGES as readonly string[]).includes(stage)) {
  throw new Error(`Unknown stage '${stage}': pass -c stage=${DEPLOYABLE_STAGES.join('|')}.`);
}
const guard = app.node.tryGetContext('guard');
buildStage(app, stageConfig(stage as DeployableStage), { guard: guard === true || guard === 'true' });
app.synth();
