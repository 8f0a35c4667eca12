// The job kinds this service offers. Everything that names job types is derived from this list: the API
// route table, the OpenAPI document (paths, output schemas), the list filter's allowed values, the
// state machines and the CDK functions and grants. A new kind is one folder plus one line here.
import { brochureKind } from './brochure/index.ts';
import { droneKind } from './drone/index.ts';
import { frontageKind } from './frontage/index.ts';
import type { JobKind, JobTypeSpec } from './job-kind.ts';
import { listingKitKind } from './listing-kit/index.ts';
import { markupKind } from './markup/index.ts';
import { stagingKind } from './staging/index.ts';
import { videoExportKind } from './video-export/index.ts';

export const JOB_KINDS: readonly JobKind[] = [
  frontageKind,
  markupKind,
  stagingKind,
  brochureKind,
  videoExportKind,
  droneKind,
  // Its step starts the other kinds' state machines. The CDK app grants that after making every state
  // machine, so its place here is not a rule.
  listingKitKind,
];

/** Every job type, in registry order. */
export const JOB_TYPE_SPECS: readonly JobTypeSpec[] = JOB_KINDS.flatMap((kind) => kind.jobs);

export const JOB_TYPES = JOB_TYPE_SPECS.map((spec) => spec.type) as [string, ...string[]];

const BY_TYPE = new Map(JOB_TYPE_SPECS.map((spec) => [spec.type, spec]));
if (BY_TYPE.size !== JOB_TYPE_SPECS.length) throw new Error('Two job kinds declare the same job type');

export function jobTypeSpec(type: string): JobTypeSpec {
  const spec = BY_TYPE.get(type);
  if (!spec) throw new Error(`Unknown job type '${type}'`);
  return spec;
}
