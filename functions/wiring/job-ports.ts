// The job use cases' ports (core/use-cases/jobs.ts) from the stage's adapters: the one place the rules of
// job creation are put together, for everything that creates or starts jobs — the API's routes and a
// listing kit's children (so a child is checked by the same rules as an API request).
import { systemClock } from '../core/clock.ts';
import type { JobPorts } from '../core/use-cases/jobs.ts';
import type { OrganizationSettingsReader } from '../core/use-cases/organization-settings.ts';
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
    organizationSettings: () => cachedSettings((orgId) => getOrganizationSettings(adapters.accounts, orgId)),
    webhookPolicy: () => env.webhookUrlRules,
    bundleHosts: () => env.bundleHosts,
    retention: () => env.retention,
  });
}

/** How long a container reuses an organization's settings: a change applies to jobs created a minute later. */
export const SETTINGS_REUSE_MS = 60_000;

/** Every submit reads its organization's settings (its retention): read once a minute per container, not per request. */
function cachedSettings(read: OrganizationSettingsReader): OrganizationSettingsReader {
  const held = new Map<string, { at: number; value: ReturnType<OrganizationSettingsReader> }>();
  return (orgId) => {
    const now = Date.now();
    const hit = held.get(orgId);
    if (hit && now - hit.at < SETTINGS_REUSE_MS) return hit.value;
    if (held.size >= 10_000) held.clear();
    const value = read(orgId);
    held.set(orgId, { at: now, value });
    value.catch(() => held.delete(orgId));
    return value;
  };
}
