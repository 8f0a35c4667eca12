// The child-jobs port (core/jobs/child-jobs.ts) of a step's function, from the stage's environment: its job
// store, state machines, media signer and URL rules, with each job type's route from the registry.
import { type AccountStore, DynamoAccountStore } from '../core/auth/account-store.ts';
import { dynamo } from '../core/clients.ts';
import { ENV, requireEnv } from '../core/config/env.ts';
import { type ChildJobs, childJobs } from '../core/jobs/child-jobs.ts';
import type { JobStore } from '../core/jobs/job-store.ts';
import type { MediaUrlSigner } from '../core/media/media-store.ts';
import { jobPortsFromEnv } from '../core/use-cases/job-ports-from-env.ts';
import { jobTypeSpec } from './registry.ts';

/** The port, from the stage's environment: its job store, state machines, media signer and URL rules. */
export function childJobsFromEnv(platform: {
  readonly jobs: JobStore;
  readonly media: MediaUrlSigner;
}): ChildJobs {
  let accounts: AccountStore | undefined;
  return childJobs(
    jobPortsFromEnv({
      jobs: platform.jobs,
      signer: platform.media,
      accounts: () => {
        accounts ??= new DynamoAccountStore(dynamo(), requireEnv(ENV.accountsTable));
        return accounts;
      },
    }),
    (jobType) => jobTypeSpec(jobType).route,
  );
}
