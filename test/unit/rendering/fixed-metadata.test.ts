// The local still renderer looks up the compositions in FIXED_METADATA_COMPOSITIONS once and reuses what it
// found for every still with that still's props: only right while root.tsx declares them without
// calculateMetadata (a composition with it may take its size or length from its props).
import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AERIAL_FOOTAGE_RENDITIONS,
  AERIAL_STILL,
  AERIAL_STILL_RENDITIONS,
} from '../../../functions/media/remotion/aerial-compositions.ts';
import {
  BROCHURE_COMPOSITIONS,
  SOCIAL_SLIDE_COMPOSITIONS,
} from '../../../functions/media/remotion/brochure-scene.ts';
import { FIXED_METADATA_COMPOSITIONS } from '../../../functions/media/remotion/fixed-metadata.ts';

const root = readFileSync(
  path.resolve(import.meta.dirname, '../../../functions/media/remotion/root.tsx'),
  'utf8',
);
/** Each <Composition …/> and <Still …/> element of root.tsx, as text. */
const elements = [...root.matchAll(/<(Composition|Still)\b[\s\S]*?\/>/g)].map((m) => m[0]);

describe('compositions whose metadata does not depend on props', () => {
  it('are the aerial still and its social renditions, and every brochure slide, landscape and social', () => {
    expect([...FIXED_METADATA_COMPOSITIONS].sort()).toEqual(
      [
        AERIAL_STILL.id,
        ...Object.values(AERIAL_STILL_RENDITIONS).map((format) => format.id),
        ...Object.values(BROCHURE_COMPOSITIONS),
        ...Object.values(SOCIAL_SLIDE_COMPOSITIONS).map((c) => c.id),
      ].sort(),
    );
    // The footage renditions take their length from their props: never in the set.
    for (const format of Object.values(AERIAL_FOOTAGE_RENDITIONS))
      expect(FIXED_METADATA_COMPOSITIONS.has(format.id)).toBe(false);
  });

  it('are declared in root.tsx without calculateMetadata', () => {
    const aerialStill = elements.filter((e) => e.includes('id={AERIAL_STILL.id}'));
    const slides = elements.filter((e) => e.startsWith('<Still'));
    expect(aerialStill).toHaveLength(1);
    // The social stills: one element, mapped over AERIAL_STILL_RENDITIONS.
    const stillRenditions = root.match(
      /Object\.values\(AERIAL_STILL_RENDITIONS\)\.map\(\(format\) => \(\s*(<Composition\b[\s\S]*?\/>)/,
    );
    expect(stillRenditions?.[1]).toContain('id={format.id}');
    aerialStill.push(stillRenditions![1]!);
    // One element mapped over BROCHURE_COMPOSITIONS, one over SOCIAL_SLIDE_COMPOSITIONS.
    expect(slides).toHaveLength(2);
    expect(root).toContain('Object.values(BROCHURE_COMPOSITIONS).map((id) =>');
    expect(slides[0]).toContain('id={id}');
    expect(root).toContain('Object.values(SOCIAL_SLIDE_COMPOSITIONS).map((social) =>');
    expect(slides[1]).toContain('id={social.id}');
    expect(slides[1]).toContain('width={social.width}');
    for (const element of [...aerialStill, ...slides]) expect(element).not.toContain('calculateMetadata');
    // The check can fail: the reveal and the footage, and the social shapes of each, take their length
    // from their props.
    expect(elements.filter((e) => e.includes('calculateMetadata'))).toHaveLength(4);
  });
});
