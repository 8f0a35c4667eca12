// The stage's job-creation rules from its environment, built in one place for everything that creates or
// starts jobs: the API's routes, a listing kit's children (so a child is checked by the same rules as an
// API request) and the outbox sweeper.
import type { AccountStore } from '../auth/account-store.ts';
import { sfnClient } from '../clients.ts';
import { systemClock } from '../clock.ts';
import { ENV, optionalEnv, requireEnv, stateMachineArnVariable } from '../config/env.ts';
import type { JobStore } from '../jobs/job-store.ts';
import type { MediaUrlSigner } from '../media/media-store.ts';
import { parseBundleHostAllowlist } from '../outbound/bundle-hosts.ts';
import type { StageUrlRules } from '../outbound/url-policy.ts';
import { StepFunctionsStarter } from '../workflows/workflow-starter.ts';
import type { JobPorts } from './jobs.ts';
import { getOrganizationSettings } from './organization-settings.ts';

/** Which webhook URLs the stage accepts (http, loopback): WEBHOOK_ALLOW_HTTP and WEBHOOK_ALLOW_LOOPBACK. */
export function webhookUrlRulesFromEnv(): StageUrlRules {
  return {
    allowHttp: requireEnv(ENV.webhookAllowHttp) === 'true',
    allowLoopback: requireEnv(ENV.webhookAllowLoopback) === 'true',
  };
}

/** Starts each job type's state machine (STATE_MACHINE_ARN_<TYPE>). */
export function workflowStarterFromEnv(): StepFunctionsStarter {
  return new StepFunctionsStarter(sfnClient(), (jobType) => requireEnv(stateMachineArnVariable(jobType)));
}

/** The job use cases' ports: the given store, signer and accounts, the stage's starter, clock and URL rules. */
export function jobPortsFromEnv(parts: {
  readonly jobs: JobStore;
  readonly signer: MediaUrlSigner;
  readonly accounts: () => AccountStore;
}): JobPorts {
  return {
    jobs: parts.jobs,
    signer: parts.signer,
    starter: workflowStarterFromEnv(),
    clock: systemClock,
    organizationSettings: (orgId) => getOrganizationSettings(parts.accounts(), orgId),
    webhookPolicy: webhookUrlRulesFromEnv(),
    bundleHosts: parseBundleHostAllowlist(optionalEnv(ENV.videoBundleUrlAllowlist)),
  };
}
