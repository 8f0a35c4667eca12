// Workflow steps of the drone kinds that build the aerial scene: PrepareAerialScene (stills) and
// PrepareDroneFootage (the scene plus the footage render request). They draw the site model around the
// resolved address into the scene's ground image and 3D model (scene-input.ts) and store them for the
// renderer. Rendering and storing outputs is in render-steps.ts, so these functions load no renderer.
import { mediaKey } from '../../core/media/media-store.ts';
import { jobRef, type StepEvent } from '../../core/workflows/step-runtime.ts';
import { withAdditions } from '../../media/aerial/scene-source.ts';
import { roofModel } from '../../media/imagery/offline-nadir/roof-model.ts';
import type { ImageryProvenance } from '../../media/imagery/provenance.ts';
import { AERIAL_FOOTAGE } from '../../media/remotion/aerial-compositions.ts';
import { defineStep, type StepPorts } from '../define-step.ts';
import { parsedAddressOf, type ResolvedLocation } from '../shared/resolve-location.ts';
import { PREPARE_FOOTAGE, PREPARE_SCENE } from './functions.ts';
import { type FootagePlan, planFootage } from './outputs.ts';
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
    },
  );
}

/** The job input of drone_footage as recorded (the request without its webhook fields). */
type DroneFootageInput = Pick<DroneFootageRequest, 'address' | 'options'>;

export interface PrepareFootageEvent extends StepEvent {
  readonly input: DroneFootageInput;
  readonly location: ResolvedLocation;
}

export interface PreparedFootage extends FootagePlan {
  readonly scene: PreparedAerialScene;
  /** The cloud source's provenance (its attribution line among it); absent for the offline scene. */
  readonly tiles?: ImageryProvenance;
}

export async function prepareFootage(
  event: PrepareFootageEvent,
  ports: Pick<StepPorts, 'providers' | 'media' | 'clock' | 'renderScale' | 'sceneSource'>,
): Promise<PreparedFootage> {
  // The output size of videos: full size unless the stage renders smaller (RENDER_SCALE, tests only).
  const scale = ports.renderScale;
  const source = ports.sceneSource;
  const scene = await prepareScene(
    { job: event.job, address: event.input.address, location: event.location },
    ports,
  );
  const ref = jobRef(event.job);
  const plan = planFootage(
    scene,
    event.input.options,
    mediaKey(ref.tenant, ref.jobId, 'drone-footage.mp4'),
    scale,
  );
  // A cloud source: tiles detailed enough for the closest pose of the path, the key's secret named.
  const additions = await source.additionsFor({
    center: scene.propertyCenter,
    closestDistanceM: Math.min(...plan.keyPoses.map((pose) => pose.distance)),
    frameHeightPx: Math.round(AERIAL_FOOTAGE.height * scale),
  });
  return {
    ...plan,
    request: withAdditions(plan.request, additions),
    scene,
    ...(additions ? { tiles: additions.provenance } : {}),
  };
}

export const prepare = defineStep(prepareScene, PREPARE_SCENE);
export const prepareVideo = defineStep(
  (event: PrepareFootageEvent, ports) => prepareFootage(event, ports),
  PREPARE_FOOTAGE,
);
