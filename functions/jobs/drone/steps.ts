// Workflow steps of the drone kinds that build the aerial scene: PrepareAerialScene (stills) and
// PrepareDroneFootage (the scene plus the footage's renders: the 16:9 video, each social shape asked for
// with the camera framed for it, and with branding each of them again ending on the end card, as one
// batch in the order of shared/video-renditions.ts's plan). They draw the site model around the
// resolved address into the scene's ground image and 3D model (scene-input.ts) and store them for the
// renderer. Rendering and storing outputs is in render-steps.ts, so these functions load no renderer.
import type { BrandKitUse } from '../../core/brand-kits/resolve.ts';
import { mediaKey } from '../../core/media/media-store.ts';
import { VIDEO_RENDITIONS } from '../../core/schemas/renditions.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import { withAdditions } from '../../media/aerial/scene-source.ts';
import { roofModel } from '../../media/imagery/offline-nadir/roof-model.ts';
import type { ImageryProvenance } from '../../media/imagery/provenance.ts';
import {
  AERIAL_FOOTAGE,
  AERIAL_FOOTAGE_RENDITIONS,
  type AerialSceneProps,
} from '../../media/remotion/aerial-compositions.ts';
import type { RenderRequest } from '../../media/rendering/renderer.ts';
import { endCardProps } from '../../media/renditions/end-card-layout.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { withKitImages } from '../shared/brand-kit-images.ts';
import { jobImageFetcher } from '../shared/own-media-images.ts';
import type { RenderBatch } from '../shared/render.ts';
import { parsedAddressOf, type ResolvedLocation } from '../shared/resolve-location.ts';
import {
  renderBatch,
  storedLogo,
  type VideoRenderEntry,
  videoRenderPlan,
} from '../shared/video-renditions.ts';
import { PREPARE_FOOTAGE, PREPARE_SCENE } from './functions.ts';
import { type FootagePlan, planFootage } from './outputs.ts';
import { planFootageRendition } from './renditions.ts';
import { type PreparedAerialScene, prepareAerialScene } from './scene-input.ts';
import type { DroneFootageRequest } from './schema.ts';

interface PrepareSceneEvent extends StepEvent {
  readonly address: string;
  readonly location: ResolvedLocation;
}

async function prepareScene(
  event: PrepareSceneEvent,
  ports: Pick<StepPorts, 'providers' | 'media' | 'clock'>,
): Promise<PreparedAerialScene> {
  const ref = jobRef(event.job);
  return prepareAerialScene(
    {
      sites: ports.providers.site,
      nadir: ports.providers.imagery,
      nadirProvenance: ports.providers.imageryProvenance,
      media: ports.media,
      roofModel,
      now: () => ports.clock.now(),
    },
    {
      address: parsedAddressOf(event.address),
      position: { lat: event.location.lat, lng: event.location.lng },
      keyFor: (name) => mediaKey(ref.tenant, ref.jobId, name),
      reuseScope: `${ref.tenant.orgId}/${ref.tenant.mode}`,
    },
  );
}

/** The job input of drone_footage as recorded (the request without its webhook fields). */
export type DroneFootageInput = Pick<
  DroneFootageRequest,
  'address' | 'options' | 'renditions' | 'branding'
> & {
  /** The brand kit the end card draws (its logo's kept copy), as resolved at submission. */
  readonly brand_kit?: BrandKitUse;
};

export interface PrepareFootageEvent extends StepEvent {
  readonly input: DroneFootageInput;
  readonly location: ResolvedLocation;
}

export interface PreparedFootage extends Omit<FootagePlan, 'request'> {
  /** What the render step renders: the 16:9 video alone, or the batch `plan` lists. */
  readonly request: RenderRequest | RenderBatch;
  /** The 16:9 unbranded render (its poster is drawn from it); absent: `request` is that render. */
  readonly main?: RenderRequest;
  /** What each render of the batch is, in order; absent: one render (prepared before renditions). */
  readonly plan?: readonly VideoRenderEntry[];
  readonly scene: PreparedAerialScene;
  /** The cloud source's provenance (its attribution line among it); absent for the offline scene. */
  readonly tiles?: ImageryProvenance;
}

export async function prepareFootage(
  event: PrepareFootageEvent,
  ports: Pick<
    StepPorts,
    'providers' | 'media' | 'clock' | 'renderScale' | 'sceneSource' | 'slideFonts' | 'fetchImage'
  >,
): Promise<PreparedFootage> {
  // The output size of videos: full size unless the stage renders smaller (RENDER_SCALE, tests only).
  const scale = ports.renderScale;
  const source = ports.sceneSource;
  const scene = await prepareScene(
    { job: event.job, address: event.input.address, location: event.location },
    ports,
  );
  const ref = jobRef(event.job);
  const key = (name: string) => mediaKey(ref.tenant, ref.jobId, name);
  const { options, renditions, branding } = event.input;
  const plan = planFootage(scene, options, key('drone-footage.mp4'), scale);
  // A cloud source: tiles detailed enough for the closest pose of the path, the key's secret named.
  const additions = await source.additionsFor({
    center: scene.propertyCenter,
    closestDistanceM: Math.min(...plan.keyPoses.map((pose) => pose.distance)),
    frameHeightPx: Math.round(AERIAL_FOOTAGE.height * scale),
  });
  // The social shapes: the same flight through a lens framed for each (renditions.ts).
  const shapes = VIDEO_RENDITIONS.filter((shape) => renditions?.includes(shape)).map((shape) =>
    planFootageRendition(scene, options, shape, key(`drone-footage-${shape}.mp4`), scale),
  );
  const renderPlan = videoRenderPlan(
    { width: Math.round(AERIAL_FOOTAGE.width * scale), height: Math.round(AERIAL_FOOTAGE.height * scale) },
    shapes.map((s) => ({ shape: s.rendition, width: s.width, height: s.height })),
    branding !== undefined,
  );
  const logo = await storedLogo(
    withKitImages(event.input).branding,
    {
      ...ports,
      fetchImage: jobImageFetcher(ports.fetchImage, ports.media, ref.tenant, event.input.brand_kit),
      now: ports.clock.now(),
    },
    key('end-card-logo'),
  );
  const requests = renderPlan.map((entry): RenderRequest => {
    const shaped = entry.shape === 'main' ? plan : shapes.find((s) => s.rendition === entry.shape)!;
    const format = entry.shape === 'main' ? AERIAL_FOOTAGE : AERIAL_FOOTAGE_RENDITIONS[entry.shape];
    const request = withAdditions(shaped.request, additions);
    if (!entry.branded || !branding) return request;
    // The end card, laid out for the composition's own frame, after the whole flight.
    const endCard = endCardProps(branding, format, ports.slideFonts, logo);
    const props = request.inputProps as AerialSceneProps;
    return {
      ...request,
      inputProps: {
        ...props,
        durationInFrames: props.durationInFrames + endCard.frames,
        endCard,
      } satisfies AerialSceneProps,
      outputKey: request.outputKey.replace(/\.mp4$/, '-branded.mp4'),
      timeoutSeconds: request.timeoutSeconds + endCard.frames * 2,
    };
  });
  const main = requests[0]!;
  return {
    ...plan,
    request: renderBatch(requests),
    ...(requests.length > 1 ? { main, plan: renderPlan } : {}),
    scene,
    ...(additions ? { tiles: additions.provenance } : {}),
  };
}

export const prepare = defineStep(prepareScene, PREPARE_SCENE);
export const prepareVideo = defineStep(
  (event: PrepareFootageEvent, ports) => prepareFootage(event, ports),
  PREPARE_FOOTAGE,
);
