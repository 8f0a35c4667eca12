// Completed outputs of the kit's children, as their jobs store them (media as object keys), for the
// planner tests: typed by the kinds' own stored-output types, so they keep the kinds' shapes.
import type { StoredDroneStillOutput } from '../../../functions/jobs/drone/render-steps.ts';
import type { StoredFrontageOutput } from '../../../functions/jobs/frontage/steps.ts';
import type { ChildState, KitRole } from '../../../functions/jobs/listing-kit/plan.ts';
import type { StoredMarkupEditOutput, StoredMarkupOutput } from '../../../functions/jobs/markup/steps.ts';
import type { StoredVirtualStagingOutput } from '../../../functions/jobs/staging/steps.ts';
import { SYNTHETIC_PROVENANCE } from '../../support/fakes.ts';

export const ADDRESS = '27 Wattle Street, Ultimo NSW 2007';
const KEY = 'media/org_1/live/kit';
const jpeg = (name: string) => ({
  s3_key: `${KEY}/${name}`,
  content_type: 'image/jpeg',
  width: 3840,
  height: 2160,
});
const location = {
  lat: -33.8823,
  lng: 151.1995,
  formatted_address: ADDRESS,
  precision: 'rooftop' as const,
  provider: 'offline-gazetteer',
};
const providers = { geocoder: 'offline', site: 'offline-synthetic', imagery: 'offline-synthetic' };
const georeference = {
  center: { lat: -33.8823, lng: 151.1995 },
  meters_per_pixel: 0.05,
  rotation: 135,
  width: 3840,
  height: 2160,
};

export const frontageOutput: StoredFrontageOutput = {
  bearing: 45,
  direction: 'north-east',
  reso_direction_faces: 'Northeast',
  rear_bearing: 225,
  rear_direction: 'south-west',
  winter_sun_hours: { front: 8.1, rear: 1.8, date: '06-21', latitude: -33.8823 },
  confidence: 0.9,
  method: 'addressed-street',
  edited: false,
  location,
  street: { name: 'Wattle Street', front_point: { lat: -33.8822, lng: 151.1996 } },
  reference_image: jpeg('frontage.jpg'),
  georeference,
  providers,
  imagery: SYNTHETIC_PROVENANCE,
};

export const BOUNDARY = [
  { x: 0.4, y: 0.3 },
  { x: 0.6, y: 0.3 },
  { x: 0.62, y: 0.7 },
  { x: 0.38, y: 0.7 },
];

export const markupOutput = (
  suggested: StoredMarkupOutput['suggested_boundary'] = BOUNDARY,
): StoredMarkupOutput => ({
  image: jpeg('markup.jpg'),
  georeference,
  suggested_boundary: suggested,
  orientation: 'bottom',
  front_direction: 45,
  zoom: 'standard',
  style: 'outline',
  detected_front_direction: { bearing: 45, direction: 'north-east', confidence: 0.9 },
  location,
  providers,
  boundary_visible_fraction: suggested ? 1 : null,
  boundary_source: suggested ? { kind: 'site', provider: 'offline-synthetic', synthetic: true } : null,
  imagery: SYNTHETIC_PROVENANCE,
});

export const markupEditOutput: StoredMarkupEditOutput = {
  image: jpeg('edit.jpg'),
  markup_job_id: '0193a000-0000-7000-8000-000000000002',
  style: 'outline',
  compositor: { outline_color: '#FFFFFF', outline_width: 6, blur_radius: 20, darken_amount: 0.5 },
  boundary_polygon: BOUNDARY,
  boundary: { area_m2: 612, perimeter_m: 101 },
  source_image: jpeg('markup.jpg'),
  annotations: [],
  georeference,
};

const pose = {
  azimuth: 0,
  tilt: 55,
  distance: 180,
  pitch: 10,
  pitch_requested: 10,
  pitch_clamped: false,
  pitch_ignored: false,
  camera_bearing: 45,
  camera_position: { lat: -33.881, lng: 151.201, altitude_m: 103 },
};

export const droneStill = (
  name: string,
  shot: StoredDroneStillOutput['shot_type'],
): StoredDroneStillOutput => ({
  image: jpeg(`${name}.jpg`),
  pose,
  shot_type: shot,
  property_center: { lat: -33.8823, lng: 151.1995 },
  scene_source: 'offline-synthetic',
  imagery: SYNTHETIC_PROVENANCE,
});

export const stagingOutput = (n: number): StoredVirtualStagingOutput => ({
  image: jpeg(`staged-${n}.jpg`),
  before_image: jpeg(`room-${n}.jpg`),
  room_type: { requested: 'living_room', used: 'living', match: 'synonym' },
  style: { used: 'modern', match: 'default' },
  provider: 'offline-stager',
  items: ['sofa'],
  virtually_staged: true,
  watermark: false,
});

/** The completed output a role's child stores (what later roles are made from). */
export function outputOf(role: KitRole): unknown {
  switch (role) {
    case 'frontage':
      return frontageOutput;
    case 'markup':
      return markupOutput();
    case 'markup_edit':
    case 'markup_edit_portal_safe':
      return markupEditOutput;
    case 'drone_overhead':
      return droneStill('overhead', 'establishing');
    case 'drone_hero':
      return droneStill('hero', 'hero');
    case 'drone_twilight':
      return droneStill('twilight', 'twilight');
    default:
      return role.startsWith('staging_') ? stagingOutput(Number(role.slice('staging_'.length))) : {};
  }
}

export const jobIdOf = (role: KitRole) => `job-${role}`;

export function completed(role: KitRole, jobType: string, output: unknown = outputOf(role)): ChildState {
  return { jobId: jobIdOf(role), jobType, status: 'completed', output };
}

/** A presigner stand-in: the same key always gives the same https URL. */
export const urlOf = (key: string) => `https://media.example.com/${key}?X-Amz-Signature=abc`;
