// Every composition of the project's Remotion site, registered once. The site is bundled once per
// change (lib/remotion/site-bundle.ts) and rendered locally or on Remotion Lambda.
import { Composition, Still } from 'remotion';
import {
  AERIAL_FOOTAGE,
  AERIAL_FOOTAGE_RENDITIONS,
  AERIAL_STILL,
  AERIAL_STILL_RENDITIONS,
  type AerialSceneProps,
} from './aerial-compositions.ts';
import {
  BROCHURE_COMPOSITIONS,
  BROCHURE_SLIDE_SIZE,
  type BrochureSlideProps,
  SOCIAL_SLIDE_COMPOSITIONS,
} from './brochure-scene.ts';
import { BrochureSlide } from './brochure-slide.tsx';
import { MARKUP_REVEAL, MARKUP_REVEAL_SHAPES, SAMPLE_REVEAL_PROPS } from './compositions.ts';
import { MarkupReveal } from './markup-reveal.tsx';

// The drone scene (three.js, React Three Fiber) is a chunk of its own, loaded by the pages that render it:
// a slide's or a reveal's page does not download and evaluate it.
const loadAerialScene = () => import('./aerial-scene.tsx').then((m) => ({ default: m.AerialScene }));

const slideDefaults: BrochureSlideProps = { background: '#1F3A5F', elements: [], images: {} };
const aerialDefaults: AerialSceneProps = {
  durationInFrames: 1,
  sceneUrl: 'https://example.invalid/scene.json',
  groundImage: 'https://example.invalid/ground.jpg',
  groundSizeM: 800,
  farGroundImage: 'https://example.invalid/far.jpg',
  farTileM: 400,
  shotType: 'hero',
  frontDirection: null,
  camera: { kind: 'pose', pose: { azimuth: 0, tilt: 55, distance: 300, pitch: 0 } },
};

export function RemotionRoot() {
  return (
    <>
      <Composition
        id={MARKUP_REVEAL.id}
        component={MarkupReveal}
        width={MARKUP_REVEAL.width}
        height={MARKUP_REVEAL.height}
        fps={MARKUP_REVEAL.fps}
        durationInFrames={SAMPLE_REVEAL_PROPS.durationInFrames}
        defaultProps={SAMPLE_REVEAL_PROPS}
        calculateMetadata={({ props }) => ({ durationInFrames: props.durationInFrames })}
      />
      {/* The reveal's social shapes: the same component, laid out again for the frame by the step. */}
      {Object.values(MARKUP_REVEAL_SHAPES).map((shape) => (
        <Composition
          key={shape.id}
          id={shape.id}
          component={MarkupReveal}
          width={shape.width}
          height={shape.height}
          fps={shape.fps}
          durationInFrames={SAMPLE_REVEAL_PROPS.durationInFrames}
          defaultProps={SAMPLE_REVEAL_PROPS}
          calculateMetadata={({ props }) => ({ durationInFrames: props.durationInFrames })}
        />
      ))}
      {/* One still per brochure slide type; the layouts differ in the display list they are given. */}
      {Object.values(BROCHURE_COMPOSITIONS).map((id) => (
        <Still
          key={id}
          id={id}
          component={BrochureSlide}
          width={BROCHURE_SLIDE_SIZE.width}
          height={BROCHURE_SLIDE_SIZE.height}
          defaultProps={slideDefaults}
        />
      ))}
      {/* One still per social shape: every slide type draws into it, only the size differs. */}
      {Object.values(SOCIAL_SLIDE_COMPOSITIONS).map((social) => (
        <Still
          key={social.id}
          id={social.id}
          component={BrochureSlide}
          width={social.width}
          height={social.height}
          defaultProps={slideDefaults}
        />
      ))}
      <Composition
        id={AERIAL_STILL.id}
        lazyComponent={loadAerialScene}
        width={AERIAL_STILL.width}
        height={AERIAL_STILL.height}
        fps={AERIAL_STILL.fps}
        durationInFrames={1}
        defaultProps={aerialDefaults}
      />
      <Composition
        id={AERIAL_FOOTAGE.id}
        lazyComponent={loadAerialScene}
        width={AERIAL_FOOTAGE.width}
        height={AERIAL_FOOTAGE.height}
        fps={AERIAL_FOOTAGE.fps}
        durationInFrames={8 * AERIAL_FOOTAGE.fps}
        defaultProps={{ ...aerialDefaults, durationInFrames: 8 * AERIAL_FOOTAGE.fps }}
        calculateMetadata={({ props }) => ({ durationInFrames: props.durationInFrames })}
      />
      {/* The social shapes: the same scene; the camera takes the frame's aspect (AerialScene's Rig). */}
      {Object.values(AERIAL_STILL_RENDITIONS).map((format) => (
        <Composition
          key={format.id}
          id={format.id}
          lazyComponent={loadAerialScene}
          width={format.width}
          height={format.height}
          fps={format.fps}
          durationInFrames={1}
          defaultProps={aerialDefaults}
        />
      ))}
      {Object.values(AERIAL_FOOTAGE_RENDITIONS).map((format) => (
        <Composition
          key={format.id}
          id={format.id}
          lazyComponent={loadAerialScene}
          width={format.width}
          height={format.height}
          fps={format.fps}
          durationInFrames={8 * format.fps}
          defaultProps={{ ...aerialDefaults, durationInFrames: 8 * format.fps }}
          calculateMetadata={({ props }) => ({ durationInFrames: props.durationInFrames })}
        />
      ))}
    </>
  );
}
