// Compositions whose size, frame rate and length do not depend on their props: root.tsx declares them
// without calculateMetadata (test/unit/rendering/fixed-metadata.test.ts reads it to make sure). A
// renderer may look such a composition up once and reuse what it found for every still, with each
// request's own props. No React here.
import { AERIAL_STILL, AERIAL_STILL_RENDITIONS } from './aerial-compositions.ts';
import { BROCHURE_COMPOSITIONS, SOCIAL_SLIDE_COMPOSITIONS } from './brochure-scene.ts';

export const FIXED_METADATA_COMPOSITIONS: ReadonlySet<string> = new Set([
  AERIAL_STILL.id,
  ...Object.values(AERIAL_STILL_RENDITIONS).map((format) => format.id),
  ...Object.values(BROCHURE_COMPOSITIONS),
  ...Object.values(SOCIAL_SLIDE_COMPOSITIONS).map((c) => c.id),
]);
