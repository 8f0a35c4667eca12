// One small, fast job of every job type, as the smoke submits it: the smallest valid options (shortest
// videos, 80x60 export), what it waits for first (a parent job, an input photo, a bundle), how long it
// may take, and the files its output must name with their content types. The time limits are loose on
// purpose: every job is submitted at once, and on the local stack (two heavy steps and one render at a
// time on two cores) the last ones wait minutes behind the others; in AWS they run side by side.
import type { Job, PropertyMediaClient } from '../../clients/typescript/src/index.ts';

export type JobType = Job['job_type'];

/** What every smoke POST sends besides its own fields. */
interface Common {
  readonly webhook_url?: string;
  readonly callback_metadata: { readonly smoke_run: string; readonly check: string };
}

export interface SubmitInput {
  readonly client: PropertyMediaClient;
  readonly header: { readonly 'Idempotency-Key': string };
  readonly common: Common;
  readonly address: string;
  readonly parent: Job | undefined;
  readonly imageUrl: string;
  readonly bundleUrl: string;
  readonly composition: string;
}

/** An openapi-fetch answer to a job POST. */
export interface Submitted {
  readonly data?: { readonly data: { readonly job_id: string } };
  readonly error?: unknown;
  readonly response: Response;
}

export interface JobPlan {
  readonly type: JobType;
  readonly parent?: JobType;
  readonly needs?: 'image' | 'bundle';
  /** Seconds from submission to completion (times --timeout-factor). */
  readonly timeoutSeconds: number;
  /** Output fields that must be files, with their content type (undefined: the one the output declares). */
  readonly media: Readonly<Record<string, string | undefined>>;
  submit(input: SubmitInput): Promise<Submitted>;
}

/** A boundary for the markup edit when the site source suggests none: a square about the centre. */
const FALLBACK_BOUNDARY = [
  { x: 0.45, y: 0.4 },
  { x: 0.55, y: 0.4 },
  { x: 0.55, y: 0.6 },
  { x: 0.45, y: 0.6 },
];

export const JOB_PLANS: readonly JobPlan[] = [
  {
    type: 'frontage_detection',
    timeoutSeconds: 180,
    media: { reference_image: 'image/jpeg' },
    submit: ({ client, header, common, address }) =>
      client.POST('/v1/property-frontage/detect', { params: { header }, body: { address, ...common } }),
  },
  {
    type: 'frontage_edit',
    parent: 'frontage_detection',
    timeoutSeconds: 180,
    media: { reference_image: 'image/jpeg' },
    submit: ({ client, header, common, parent }) =>
      client.POST('/v1/property-frontage/jobs/{jobId}/edit', {
        params: { header, path: { jobId: parent!.job_id } },
        body: { direction: 90, ...common },
      }),
  },
  {
    type: 'markup_v2',
    timeoutSeconds: 180,
    media: { image: 'image/jpeg' },
    submit: ({ client, header, common, address }) =>
      client.POST('/v2/markup/generate', { params: { header }, body: { address, ...common } }),
  },
  {
    type: 'markup_v2_edit',
    parent: 'markup_v2',
    timeoutSeconds: 180,
    media: { image: 'image/jpeg', source_image: 'image/jpeg' },
    submit: ({ client, header, common, parent }) => {
      const suggested = (parent!.output as { suggested_boundary?: typeof FALLBACK_BOUNDARY | null })
        .suggested_boundary;
      return client.POST('/v2/markup/jobs/{jobId}/edit', {
        params: { header, path: { jobId: parent!.job_id } },
        body: {
          boundary_polygon: suggested ?? FALLBACK_BOUNDARY,
          text_annotations: [{ type: 'label', text: 'Smoke test', position: { x: 0.5, y: 0.1 } }],
          ...common,
        },
      });
    },
  },
  {
    type: 'markup_v2_video',
    parent: 'markup_v2_edit',
    timeoutSeconds: 420,
    media: { video: 'video/mp4', poster: 'image/jpeg' },
    submit: ({ client, header, common, parent }) =>
      client.POST('/v2/markup/jobs/{jobId}/video', {
        params: { header, path: { jobId: parent!.job_id } },
        body: { options: { duration: 5 }, ...common },
      }),
  },
  {
    type: 'virtual_staging',
    needs: 'image',
    timeoutSeconds: 180,
    media: { image: undefined, before_image: undefined },
    submit: ({ client, header, common, imageUrl }) =>
      client.POST('/v1/virtual-staging/generate', {
        params: { header },
        body: { image_url: imageUrl, room_type: 'living room', ...common },
      }),
  },
  {
    type: 'brochure_slide',
    needs: 'image',
    timeoutSeconds: 240,
    media: { png: 'image/png', pdf: 'application/pdf' },
    submit: ({ client, header, common, address, imageUrl }) =>
      client.POST('/v1/brochure-slides/generate', {
        params: { header },
        body: {
          property: { address, price_display: 'Smoke test', images: [imageUrl] },
          slide: { type: 'cover' },
          branding: { agency_name: 'Smoke Test Realty' },
          ...common,
        },
      }),
  },
  {
    type: 'video_export',
    needs: 'bundle',
    timeoutSeconds: 420,
    media: { video: 'video/mp4' },
    submit: ({ client, header, common, bundleUrl, composition }) =>
      client.POST('/v1/video-export/render', {
        params: { header },
        body: {
          serve_url: bundleUrl,
          composition_id: composition,
          input_props: {},
          options: { codec: 'h264', width: 80, height: 60, fps: 8, duration_in_frames: 5 },
          ...common,
        },
      }),
  },
  {
    type: 'drone_stills',
    timeoutSeconds: 300,
    media: { image: 'image/jpeg' },
    submit: ({ client, header, common, address }) =>
      client.POST('/v1/drone-stills/generate', {
        params: { header },
        body: { address, options: { angle: 'overhead' }, ...common },
      }),
  },
  {
    type: 'drone_stills_capture',
    timeoutSeconds: 300,
    media: { image: 'image/jpeg' },
    submit: ({ client, header, common, address }) =>
      client.POST('/v2/drone-stills/capture', {
        params: { header },
        body: { address, camera: { azimuth: 30, tilt: 45, distance: 250 }, ...common },
      }),
  },
  {
    type: 'drone_footage',
    timeoutSeconds: 420,
    media: { video: 'video/mp4', poster: 'image/jpeg' },
    submit: ({ client, header, common, address }) =>
      client.POST('/v2/drone-footage/generate', {
        params: { header },
        body: { address, options: { style: 'front_left_zoom', duration: 3 }, ...common },
      }),
  },
  {
    // The smallest kit: the frontage and one staged room (its manifest names both children's files).
    type: 'listing_kit',
    needs: 'image',
    timeoutSeconds: 300,
    media: {},
    submit: ({ client, header, common, address, imageUrl }) =>
      client.POST('/v1/listing-kits/generate', {
        params: { header },
        body: {
          address,
          rooms: [{ image_url: imageUrl, room_type: 'living room' }],
          include: ['frontage', 'staging'],
          ...common,
        },
      }),
  },
];

/** The slow job the cancel check submits and cancels at once: the longest drone footage. */
export function submitSlowJob({ client, header, common, address }: SubmitInput): Promise<Submitted> {
  return client.POST('/v2/drone-footage/generate', {
    params: { header },
    body: { address, options: { style: 'front_right_approach', duration: 15 }, ...common },
  });
}
