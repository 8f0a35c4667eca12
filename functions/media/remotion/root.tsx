// Every composition of the project's Remotion site, registered once. The site is bundled once per
// change (lib/remotion/site-bundle.ts) and rendered locally or on Remotion Lambda.
import { Composition } from 'remotion';
import { MARKUP_REVEAL, type MarkupRevealProps } from './compositions.ts';
import { MarkupReveal } from './markup-reveal.tsx';

const revealDefaults: MarkupRevealProps = {
  durationInFrames: 7 * MARKUP_REVEAL.fps,
  baseImage: 'https://example.invalid/aerial.jpg',
  boundary: [
    { x: 760, y: 300 },
    { x: 1160, y: 300 },
    { x: 1160, y: 800 },
    { x: 760, y: 800 },
  ],
  outline: { color: '#FFFFFF', width: 3 },
  effect: { kind: 'darken', amount: 0.5 },
  annotations: [],
};

export function RemotionRoot() {
  return (
    <Composition
      id={MARKUP_REVEAL.id}
      component={MarkupReveal}
      width={MARKUP_REVEAL.width}
      height={MARKUP_REVEAL.height}
      fps={MARKUP_REVEAL.fps}
      durationInFrames={revealDefaults.durationInFrames}
      defaultProps={revealDefaults}
      calculateMetadata={({ props }) => ({ durationInFrames: props.durationInFrames })}
    />
  );
}
