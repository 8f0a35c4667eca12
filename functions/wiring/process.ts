// This process's stage environment and adapters, made once per Lambda container (or local worker) from
// its variables. The runtime modules (api.ts, step.ts, platform.ts) build on these.
import { processAwsClients } from '../adapters/aws-clients.ts';
import { type StageAdapters, stageAdapters } from './stage-adapters.ts';
import { type StageEnv, stageEnv } from './stage-env.ts';

let adapters: StageAdapters | undefined;

export function processAdapters(): StageAdapters {
  const env = stageEnv();
  adapters ??= stageAdapters(env, processAwsClients({ s3ForcePathStyle: () => env.s3ForcePathStyle }));
  return adapters;
}

export function processEnv(): StageEnv {
  return stageEnv();
}
