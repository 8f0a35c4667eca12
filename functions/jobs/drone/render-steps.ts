// Workflow steps of the drone kinds that render on the stage's still renderer: RenderDroneStill (the
// 3840x2160 JPEG of a preset or a free pose, stored with the pose actually used, and the renditions asked
// for: portal and web made from the 4K JPEG, each social shape rendered again by the camera re-framed for
// it) and StoreDroneFootage (the footage's poster, its last frame, then the job output around the rendered
// MP4s: the main video, its social shapes and their branded versions). Their own module, so the functions
// load no scene code: the scene was prepared and stored by steps.ts.

import type { z } from 'zod';
import { brandKitOutput } from '../../core/brand-kits/resolve.ts';
import { JobError, TransientError } from '../../core/errors.ts';
import { mediaKey } from '../../core/media/media-store.ts';
import type { Stored } from '../../core/schemas/outputs.ts';
import type { RenditionName } from '../../core/schemas/renditions.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import { withAdditions } from '../../media/aerial/scene-source.ts';
import { subjectInPicture, subjectOf } from '../../media/camera/reframe.ts';
import type { ImageryProvenance } from '../../media/imagery/provenance.ts';
import { AERIAL_FOOTAGE, AERIAL_STILL, SOCIAL_RENDITIONS } from '../../media/remotion/aerial-compositions.ts';
import { firstLineOf, isTransientRenderFailure, type RenderRequest } from '../../media/rendering/renderer.ts';
import type { StillRenderer, StillRequest } from '../../media/rendering/still-renderer.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { type RenderState, renderResults } from '../shared/render.ts';
import { type StoredRenditions, storeStillRenditions } from '../shared/still-renditions.ts';
import { storedVideo, videoRenderPlan } from '../shared/video-renditions.ts';
import { RENDER_STILL, STORE_FOOTAGE } from './functions.ts';
import { planPresetStill, planStill } from './outputs.ts';
import { planStillRendition } from './renditions.ts';
import type { PreparedAerialScene } from './scene-input.ts';
import type {
  DroneCaptureRequest,
  DroneStillsRequest,
  droneFootageOutput,
  droneStillOutput,
} from './schema.ts';
import type { PreparedFootage, PrepareFootageEvent } from './steps.ts';

export type StoredDroneStillOutput = Stored<z.infer<typeof droneStillOutput>>;
type StoredDroneFootageOutput = Stored<z.infer<typeof droneFootageOutput>>;

const round2 = (n: number) => Math.round(n * 100) / 100;

/** A 4K frame in software WebGL is slow (docs/benchmarks.md); a loaded machine loads a page slower. */
const STILL_PAGE_TIMEOUT_MS = 180_000;

/** The scene source as reported: one name when the offline model drew both the ground and the 3D. */
function sceneSource(scene: PreparedAerialScene): string {
  return scene.imageryProvider.startsWith(scene.siteProvider)
    ? scene.siteProvider
    : `${scene.siteProvider}+${scene.imageryProvider}`;
}

/** A still through the port; a timeout or a lost browser is retried by the state machine. */
async function renderStillOrFail(renderer: StillRenderer, request: StillRequest, what: string) {
  try {
    return await renderer.renderStill({ ...request, timeoutMs: STILL_PAGE_TIMEOUT_MS });
  } catch (error) {
    const message = `The ${what} render failed: ${firstLineOf(error)}`;
    if (isTransientRenderFailure(message)) throw new TransientError(message);
    throw new JobError('RENDER_FAILED', message);
  }
}

/** The job input of drone_stills or drone_stills_capture as recorded. */
export type DroneStillInput =
  | Pick<DroneStillsRequest, 'address' | 'options' | 'renditions'>
  | Pick<DroneCaptureRequest, 'address' | 'camera' | 'options' | 'renditions'>;

interface RenderDroneStillEvent extends StepEvent {
  readonly input: DroneStillInput;
  readonly scene: PreparedAerialScene;
}

/**
 * The scene source as outputs report it: the tiles (with their attribution line), else the offline
 * model; and the imagery provenance of either.
 */
function sourceReport(scene: PreparedAerialScene, tiles: ImageryProvenance | undefined) {
  return tiles
    ? { scene_source: 'photorealistic-3d-tiles', attribution: tiles.attribution ?? '', imagery: tiles }
    : { scene_source: sceneSource(scene), imagery: scene.imagery };
}

export async function renderDroneStill(
  event: RenderDroneStillEvent,
  ports: Pick<StepPorts, 'stillRenderer' | 'media' | 'sceneSource'>,
): Promise<StoredDroneStillOutput> {
  const { input, scene } = event;
  const preset = 'camera' in input ? undefined : input.options;
  const plan =
    'camera' in input
      ? planStill(scene, input.camera, input.options.front_direction, input.options.shot_type)
      : planPresetStill(scene, input.options);
  // A cloud source: the tiles for this pose's distance, and the key's secret named for the render.
  const additions = await ports.sceneSource.additionsFor({
    center: scene.propertyCenter,
    closestDistanceM: plan.pose.distance,
    frameHeightPx: AERIAL_STILL.height,
  });
  // The social shapes asked for, each drawn again by the camera framed for it (renditions.ts), rendered
  // with the 4K still in this step: the adapter queues them behind it locally, Lambda runs them side by side.
  const wanted = input.renditions ?? [];
  const social = SOCIAL_RENDITIONS.filter((shape) => wanted.includes(shape)).map((shape) =>
    planStillRendition(scene, plan, shape),
  );
  const [jpeg, ...socialJpegs] = await Promise.all([
    renderStillOrFail(ports.stillRenderer, withAdditions(plan.request, additions), 'drone still'),
    ...social.map((rendition) =>
      renderStillOrFail(
        ports.stillRenderer,
        withAdditions(rendition.request, additions),
        `drone still ${rendition.rendition}`,
      ),
    ),
  ]);
  const ref = jobRef(event.job);
  const key = (name: string) => mediaKey(ref.tenant, ref.jobId, name);
  const [image, renditions, ...socialStored] = await Promise.all([
    ports.media.put(key('drone-still.jpg'), jpeg!, 'image/jpeg', {
      width: AERIAL_STILL.width,
      height: AERIAL_STILL.height,
    }),
    // portal and web from the 4K still, which has no text on it; the parcel stays in the portal's cut.
    storeStillRenditions(
      jpeg!,
      {
        wanted: wanted.filter((name: RenditionName) => name === 'portal' || name === 'web'),
        subject: {
          points: subjectInPicture(
            plan.camera,
            AERIAL_STILL.width / AERIAL_STILL.height,
            subjectOf(scene.parcel),
          ),
        },
        textFree: { source: 'original' },
      },
      ports,
      ref,
      'drone-still',
    ),
    ...social.map((rendition, i) =>
      ports.media.put(
        key(`drone-still.${rendition.rendition.replace('_', '-')}.jpg`),
        socialJpegs[i]!,
        'image/jpeg',
        { width: rendition.width, height: rendition.height },
      ),
    ),
  ]);
  const all: StoredRenditions = { ...renditions };
  social.forEach((rendition, i) => {
    const stored = socialStored[i]!;
    all[rendition.rendition] = {
      ...stored,
      width: rendition.width,
      height: rendition.height,
      size_bytes: stored.size_bytes ?? socialJpegs[i]!.length,
      fit: 'reframed',
    };
  });
  return {
    image: Object.keys(all).length > 0 ? { ...image, renditions: all } : image,
    pose: plan.pose,
    ...(social.length > 0
      ? {
          rendition_cameras: Object.fromEntries(
            social.map((r) => [
              r.rendition,
              { pose: r.pose, vertical_fov_deg: round2(r.verticalFovDeg), framing: r.framing.rule },
            ]),
          ),
        }
      : {}),
    shot_type: plan.shotType,
    ...(preset ? { angle: preset.angle } : {}),
    property_center: scene.propertyCenter,
    ...sourceReport(scene, additions?.provenance),
  };
}

interface StoreFootageEvent extends PrepareFootageEvent {
  readonly prepared: PreparedFootage;
  readonly render: RenderState;
}

export async function storeDroneFootage(
  event: StoreFootageEvent,
  ports: Pick<StepPorts, 'stillRenderer' | 'media'>,
): Promise<StoredDroneFootageOutput> {
  const { prepared, render } = event;
  // The 16:9 unbranded render; an execution prepared before renditions had only that one.
  const main = prepared.main ?? (prepared.request as RenderRequest);
  const { scale } = main;
  const size = {
    width: Math.round(AERIAL_FOOTAGE.width * scale),
    height: Math.round(AERIAL_FOOTAGE.height * scale),
  };
  // The poster is the clip's last frame (the end framing, the property centred), drawn by the same scene.
  const posterJpeg = await renderStillOrFail(
    ports.stillRenderer,
    {
      composition: main.composition,
      inputProps: main.inputProps,
      frame: prepared.posterFrame,
      format: 'jpeg',
      jpegQuality: 88,
      scale,
      gl: main.gl,
      ...(main.secretEnv ? { secretEnv: main.secretEnv } : {}),
    },
    'footage poster',
  );
  const ref = jobRef(event.job);
  const poster = await ports.media.put(
    mediaKey(ref.tenant, ref.jobId, 'drone-footage-poster.jpg'),
    posterJpeg,
    'image/jpeg',
    size,
  );
  return {
    video: storedVideo(prepared.plan ?? videoRenderPlan(size, [], false), renderResults(render), 'reframed'),
    poster,
    style: event.input.options.style,
    duration_seconds: prepared.durationSeconds,
    fps: AERIAL_FOOTAGE.fps,
    key_poses: prepared.keyPoses,
    property_center: prepared.scene.propertyCenter,
    ...sourceReport(prepared.scene, prepared.tiles),
    ...brandKitOutput(event.input.brand_kit),
  };
}

export const renderStill = defineStep(renderDroneStill, RENDER_STILL);
export const storeFootage = defineStep(storeDroneFootage, STORE_FOOTAGE);
