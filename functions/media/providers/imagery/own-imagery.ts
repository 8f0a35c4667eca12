// An organization's own imagery subscriptions (registered with POST /v1/imagery-sources) as a step sees
// them: candidates the imagery chooser tries before the stage's sources, read for the job's own
// organization and mode only. The markup and frontage steps draw through them; the drone stills and the
// brochure's location map stay on the stage's sources.
import type { Tenant } from '../../../core/jobs/job-types.ts';
import type { NadirImagery } from '../../geo/types.ts';
import type { ImageryCandidate, StageImagery } from './imagery-chooser.ts';

export interface OwnImagery {
  /** The tenant's own sources in the order registered (none: an empty list). */
  candidatesOf(tenant: Tenant): Promise<readonly ImageryCandidate[]>;
}

/** The stage's imagery with an organization's own sources tried first (the stage's alone without any). */
export function withOwnSources(stage: StageImagery, own: readonly ImageryCandidate[]): NadirImagery {
  if (own.length === 0) return stage;
  return { name: stage.name, render: (request) => stage.render({ ...request, own }) };
}

/** No organization has its own sources (tools and tests that draw from the stage's sources only). */
export const NO_OWN_IMAGERY: OwnImagery = { candidatesOf: async () => [] };
