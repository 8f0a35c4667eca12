// The job use cases' ports (core/use-cases/jobs.ts) from the stage's adapters: the one place the rules of
// job creation are put together, for everything that creates or starts jobs — the API's routes and a
// listing kit's children (so a child is checked by the same rules as an API request).
import { systemClock } from '../core/clock.ts';
import { findOffice } from '../core/offices/offices.ts';
import type { JobPorts } from '../core/use-cases/jobs.ts';
import { getOrganizationSettings } from '../core/use-cases/organization-settings.ts';
import { lazily } from './lazy.ts';
import type { StageAdapters } from './stage-adapters.ts';
import type { StageEnv } from './stage-env.ts';

export function jobPortsOf(adapters: StageAdapters, env: StageEnv): JobPorts {
  return lazily<JobPorts>({
    jobs: () => adapters.jobs,
    // The bucket is touched only when a URL is signed: routes that only create jobs never sign one.
    signer: () => ({ sign: (key, now) => adapters.media.sign(key, now) }),
    starter: () => adapters.starter,
    clock: () => systemClock,
    organizationSettings: () => (orgId) => getOrganizationSettings(adapters.accounts, orgId),
    webhookPolicy: () => env.webhookUrlRules,
    bundleHosts: () => env.bundleHosts,
    retention: () => env.retention,
    brandKits: () => adapters.brandKits,
    officeRetention: () => async (tenant, officeId) =>
      (await findOffice({ offices: adapters.offices }, tenant, officeId))?.media_retention_days ?? undefined,
    officeDefaultKit: () => async (tenant, officeId) =>
      (await findOffice({ offices: adapters.offices }, tenant, officeId))?.default_brand_kit_id ?? undefined,
  });
}
