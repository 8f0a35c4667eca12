// The job kinds and statuses. Each job kind has one state machine; its ARN reaches the API handlers as
// STATE_MACHINE_ARN_<JOB_TYPE>.

export const JOB_STATUSES = ['queued', 'processing', 'completed', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

export const JOB_TYPES = [
  'frontage_detection',
  'frontage_edit',
  'markup_v2',
  'markup_v2_edit',
  'markup_v2_video',
] as const;
export type JobType = (typeof JOB_TYPES)[number];

export interface JobTypeInfo {
  readonly endpoint: string;
  readonly description: string;
}

export const JOB_TYPE_INFO: Readonly<Record<JobType, JobTypeInfo>> = {
  frontage_detection: {
    endpoint: 'POST /v1/property-frontage/detect',
    description:
      'Detects the compass bearing the property front faces, with a direction label, a confidence and a top-down reference image.',
  },
  frontage_edit: {
    endpoint: 'POST /v1/property-frontage/jobs/{jobId}/edit',
    description:
      'Regenerates the reference image of a completed frontage_detection at a caller-chosen bearing (and centre).',
  },
  markup_v2: {
    endpoint: 'POST /v2/markup/generate',
    description:
      'A 3840x2160 top-down aerial with the property centred and its front toward the chosen side, its georeference and a suggested boundary.',
  },
  markup_v2_edit: {
    endpoint: 'POST /v2/markup/jobs/{jobId}/edit',
    description:
      'The markup image with a boundary outlined (and the outside blurred or darkened) and text annotations drawn on it.',
  },
  markup_v2_video: {
    endpoint: 'POST /v2/markup/jobs/{jobId}/video',
    description:
      'A 1920x1080 30 fps H.264 reveal of an edit: the boundary draws on, the outside treatment fades in and the annotations appear one by one; with a poster image.',
  },
};

export type Mode = 'test' | 'live';

/** The owner of a job, an API key or a rate counter: an organization in one mode. */
export interface Tenant {
  readonly orgId: string;
  readonly mode: Mode;
}
