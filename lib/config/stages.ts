// Every per-stage setting in one typed record. The CDK app reads it at synth time and hands the runtime
// what it needs as environment variables; the key admin CLI reads the rate plans from here too.

export const DEPLOYABLE_STAGES = ['dev', 'staging', 'prod'] as const;
export type DeployableStage = (typeof DEPLOYABLE_STAGES)[number];
/** `local` is the embedded default: the same app synthesized for the offline local stack, never deployed. */
type Stage = DeployableStage | 'local';

import type { KeyVariant } from '../../functions/core/auth/api-key.ts';
import type { RetentionPolicy } from '../../functions/core/jobs/retention.ts';
import type { UsagePricing } from '../../functions/core/use-cases/usage.ts';
import type { AerialSceneSourceConfig } from '../../functions/media/aerial/tiles/scene-source-config.ts';
import type { ImageryLicences, SourceLicence } from '../../functions/media/imagery/provenance.ts';
import type { StageProviderSources } from '../../functions/media/providers/sources/source-config.ts';
import { AU_OPEN_SOURCES } from './au-open-sources.ts';

interface RatePlan {
  readonly requestsPerMinute: number;
  /** Absent: no daily quota. */
  readonly requestsPerDay?: number;
}

/**
 * Where an address's position, its lot, its streets and its picture come from: each list in the order its
 * sources are tried (functions/media/providers/sources/source-config.ts; docs/readme/providers.md). The
 * first source whose coverage holds the property and whose licence allows what the request asks is used,
 * and the output names it; one that fails hands over to the next. The local stack reads the same lists
 * from PROVIDERS_FILE when it is set.
 */
export type StageProviders = StageProviderSources;

export interface StageConfig {
  readonly stage: Stage;
  /** Short prefix for stack names, so two stages (or two developers) share one account. */
  readonly stackPrefix: string;
  /** Which API keys the stage accepts: test and live, or live only (README "Configuration"). */
  readonly keyVariant: KeyVariant;
  readonly rateLimits: {
    /** Test keys: the same limit (10 a minute) on every stage, as the README's "Limits" note promises. */
    readonly testPerMinute: number;
    /** Live keys of an organization with no plan or limit of its own. */
    readonly liveDefault: RatePlan;
    /** Named plans an organization can be put on with `keys set-plan`. */
    readonly plans: Readonly<Record<string, RatePlan>>;
  };
  /** Hosts a caller-hosted Remotion bundle may be served from (VIDEO_BUNDLE_URL_ALLOWLIST). */
  readonly videoBundleUrlAllowlist: readonly string[];
  readonly providers: StageProviders;
  /** How videos are rendered (the Renderer port). */
  readonly renderer: {
    /** local: @remotion/renderer and Chromium in the local stack; remotion-lambda: the render function this app deploys. */
    readonly provider: 'local' | 'remotion-lambda';
    /** Memory of the Remotion render function, MB (Remotion's default 2048). */
    readonly memoryMb: number;
    /** Time limit of one Remotion render function invocation (a chunk of frames, or the whole render's orchestration). */
    readonly functionTimeoutSeconds: number;
    /** Output size of rendered videos as a share of full size; 1 on every stage (the local stack can be told otherwise). */
    readonly scale: number;
  };
  readonly logRetentionDays: 7 | 14 | 30 | 90 | 365;
  /** prod keeps tables, bucket and queues when a stack is deleted; other stages clean up. */
  readonly retainData: boolean;
  /** Lifetime of the presigned media URLs a job carries. */
  readonly outputUrlExpirySeconds: number;
  /** Upper bound on one job's workflow; the execution is failed past it. */
  readonly workflowTimeoutSeconds: number;
  /**
   * Fair share: how many jobs of one organization may be processing at once (an execution started and
   * not yet ended), by mode and, for live keys, by the organization's plan (`keys set-plan`). Beyond it a
   * job stays `queued` with the progress stage `waiting_for_your_other_jobs` and starts, oldest first,
   * when one of the organization's jobs ends: never refused, never failed. Counted across every Lambda
   * container in the jobs table (docs/readme/hardening.md "Fair share"; JOB_CONCURRENCY).
   */
  readonly jobConcurrency: {
    readonly test: number;
    /** Live keys of an organization with no plan, or a plan not listed. */
    readonly liveDefault: number;
    readonly plans: Readonly<Record<string, number>>;
    /** Kinds that hold no slot: they only wait for the jobs they make, which hold their own. */
    readonly exemptJobTypes: readonly string[];
  };
  /**
   * Concurrent executions reserved for (and capped at) each heavy step function (1024 MB and more:
   * scenes, stills, slides, rooms, images). Past it a step is throttled and its state machine retries it
   * with backoff (THROTTLED_RETRY): jobs wait instead of failing. Unset: no reservation (the account's
   * unreserved pool). The local stack's equivalent is LOCAL_STEP_CONCURRENCY.
   */
  readonly heavyStepConcurrency?: number;
  /**
   * The outbox sweeper (functions/platform/outbox-sweeper.ts): how often it runs (an EventBridge schedule;
   * the local stack runs it every `localEverySeconds`) and how long it leaves a just-written job to its
   * writer before relaying its outbox or starting it.
   */
  readonly sweeper: {
    readonly everyMinutes: number;
    readonly localEverySeconds: number;
    readonly graceSeconds: number;
  };
  /** Customer image URLs the service downloads (brochure photos, logos, room photos to stage). */
  readonly imageFetch: {
    /** http:// image URLs are refused unless this is set (only the local stack sets it). */
    readonly allowHttp: boolean;
    /** Loopback hosts are allowed (only the local stack, where test images are served on 127.0.0.1). */
    readonly allowLoopback: boolean;
  };
  /** The Stager port of virtual staging. */
  readonly staging: {
    /** offline: drawn furniture placed in the photo's perspective; bedrock: Amazon Bedrock image editing. */
    readonly provider: 'offline' | 'bedrock';
    readonly bedrockRegion: string;
    /** An inpainting-capable image model (Amazon Nova Canvas). */
    readonly bedrockModelId: string;
  };
  /**
   * Where drone stills and footage draw their 3D scene: `offline` (the synthetic site model; every stage
   * today) or `photorealistic-3d-tiles` (a 3D Tiles endpoint such as Google's Map Tiles API; its API key
   * in the Secrets Manager secret `apiKeySecretName`, which the drone and render functions may read).
   * UNVERIFIED against the real service: see docs/readme/drone.md.
   */
  readonly aerialScene: AerialSceneSourceConfig;
  /**
   * What each provider imagery source's licence allows its pictures (store, print, portal), the
   * attribution it asks for, and the terms it comes from (IMAGERY_LICENCES; every output made from
   * imagery reports it, and a listing kit refuses print and portal uses a licence forbids). The README's
   * "Imagery and licences" section cites the terms. A caller's own imagery is licensed as its request says.
   */
  readonly imageryLicences: ImageryLicences;
  /** Powertools settings of every function (logs, metrics, traces). */
  readonly observability: {
    /** CloudWatch namespace of the business metrics (JobsCreated, RenderDuration, WebhookDeliveries, …). */
    readonly metricsNamespace: string;
    /** POWERTOOLS_LOG_LEVEL; unset on the local stack, where LOCAL_STACK_QUIET or the shell decide. */
    readonly logLevel?: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
    /** Powertools tracer and metrics (off on the local stack: no X-Ray daemon, no CloudWatch). */
    readonly tracing: boolean;
    readonly metrics: boolean;
  };
  /** The stage's CloudWatch dashboard and alarms (lib/monitoring.ts). */
  readonly alarms: {
    /** An existing SNS topic alarms notify; unset: the stack creates an encrypted topic. */
    readonly topicArn?: string;
    /** An address subscribed to the created topic (it must confirm the subscription). */
    readonly email?: string;
    /** API 5xx share of requests (percent) that alarms when held for 3 periods of 5 minutes. */
    readonly api5xxRatePercent: number;
    /** Share of a job kind's executions that failed (percent) that alarms when held for 3 periods of 5 minutes. */
    readonly failedExecutionRatePercent: number;
  };
  /** The developer dashboard (GET /dashboard). */
  readonly dashboard: {
    /**
     * How developers sign in: `sign-in-link` (one-time links printed by `npm start` and `keys signin-link`;
     * the local stack) or `cognito` (a Cognito user pool of the stage, organization in `custom:org_id`).
     */
    readonly signIn: 'sign-in-link' | 'cognito';
  };
  /**
   * Live usage rates: the price of one billing unit of each job type, in `currency` (units are declared by
   * each job kind: a job, or a second of video). Test usage is tracked but never billed.
   */
  readonly usage: UsagePricing;
  readonly webhooks: {
    /** http:// webhook URLs are refused unless this is set (only the local stack sets it). */
    readonly allowHttp: boolean;
    /** Loopback receivers are allowed (only the local stack, where receivers run on 127.0.0.1). */
    readonly allowLoopback: boolean;
    /** Delay before each delivery attempt after the first fails, in seconds (8 attempts in all). */
    readonly retryScheduleSeconds: readonly number[];
    /** Days GET /v1/events keeps an event and its attempts (the events table's TTL removes it after). */
    readonly eventRetentionDays: number;
    /** An endpoint whose every attempt failed for this many days is disabled, with an alarm. */
    readonly endpointDisableAfterDays: number;
  };
  /**
   * How long job media and inputs are kept (MEDIA_RETENTION): the stage's default days, a default per
   * plan, and the bounds of a request's delete_after and an organization's own retention (docs/readme/retention.md).
   */
  readonly retention: RetentionPolicy;
}

/** Plans' default retention in days (an organization's own, set with the keys CLI, wins). */
const PLAN_RETENTION_DAYS: Readonly<Record<string, number>> = { starter: 30, growth: 90, enterprise: 365 };

const STAGING_PLANS: Readonly<Record<string, RatePlan>> = {
  starter: { requestsPerMinute: 30, requestsPerDay: 1_000 },
  growth: { requestsPerMinute: 100, requestsPerDay: 10_000 },
  enterprise: { requestsPerMinute: 500, requestsPerDay: 100_000 },
};

// Placeholder list prices (AUD, excluding GST) until commercial rates are set: per job, or per second
// of video for the two video kinds, and per rendition.
const LIST_PRICES: UsagePricing = {
  currency: 'AUD',
  livePerUnit: {
    frontage_detection: 0.5,
    frontage_edit: 0.2,
    markup_v2: 1.0,
    markup_v2_edit: 0.5,
    markup_v2_video: 0.1,
    brochure_slide: 0.8,
    virtual_staging: 2.0,
    video_export: 0.05,
    drone_stills: 3.0,
    drone_stills_capture: 3.0,
    drone_footage: 0.4,
    // A kit's children are billed as their kinds; the kit itself is metered at no charge.
    listing_kit: 0,
  },
  // Per rendition made (a media file's portal JPEG, its web set, each social shape, a slide's print PDF);
  // a video rendition is rendered again, so it costs more than a picture's.
  livePerRendition: {
    portal: 0.05,
    web: 0.05,
    social_square: 0.1,
    social_portrait: 0.1,
    social_story: 0.1,
    print: 0.1,
  },
};

/**
 * Amazon Location Maps `raster.satellite` tiles, stitched by the service (AWS Service Terms §82, Amazon
 * Location Service; the developer guide's "Terms of use and data attribution"). The guide names printed
 * materials as a use of static maps (GetStaticMap), not of tiles stitched elsewhere: until the stage's
 * own agreement says more, no use beyond display is stated.
 */
const AMAZON_LOCATION_SATELLITE_LICENCE: SourceLicence = {
  store: false,
  print: false,
  portal: false,
  attribution: '© AWS and its data providers (Amazon Location Service)',
  terms:
    'https://aws.amazon.com/service-terms/ §82; https://docs.aws.amazon.com/location/latest/developerguide/data-attribution.html',
};

/**
 * Photorealistic 3D Tiles (Google Maps Platform Map Tiles API policies: "you must not pre-fetch, index,
 * store, or cache any Content", visualization only, no offline use; the Google logo and the tiles'
 * aggregated data attributions shown with them).
 */
const PHOTOREALISTIC_3D_TILES_LICENCE: SourceLicence = {
  store: false,
  print: false,
  portal: false,
  attribution: 'Google',
  terms: 'https://developers.google.com/maps/documentation/tile/policies',
};

/**
 * The provider imagery sources' licences as their published terms state them (README "Imagery and
 * licences" quotes and cites each). A stage with its own agreement (a licence that allows more) states it
 * here; the outputs and the listing kit follow what this says.
 */
export const IMAGERY_LICENCES: ImageryLicences = {
  // Our own generated scene: every use is ours to allow; `synthetic: true` on every output says what it is.
  'offline-synthetic': {
    store: true,
    print: true,
    portal: true,
    attribution: null,
    terms: 'Generated by this service (no third-party imagery)',
  },
  'amazon-location-satellite': AMAZON_LOCATION_SATELLITE_LICENCE,
  'photorealistic-3d-tiles': PHOTOREALISTIC_3D_TILES_LICENCE,
};

/** The offline adapters: the gazetteer, the synthetic neighbourhood and its top-down render (no network). */
const OFFLINE_PROVIDERS: StageProviders = {
  geocoder: [{ kind: 'offline' }],
  site: 'offline',
  imagery: [{ kind: 'offline' }],
  cadastre: [],
};

/**
 * Deployed stages: the states' own address, lot and imagery services first (NSW imagery; the NSW,
 * Queensland and Victorian cadastre; CC BY 4.0, docs/readme/providers.md cites each licence), marked
 * unverified until `npm run smoke -- --providers` has run against them; Amazon Location last, its
 * satellite tiles display-only.
 */
const CLOUD_PROVIDERS: StageProviders = {
  geocoder: [...remote(AU_OPEN_SOURCES.geocoder), { kind: 'amazon-location' }],
  site: 'amazon-location',
  imagery: [...remote(AU_OPEN_SOURCES.imagery), { kind: 'amazon-location' }],
  cadastre: remote(AU_OPEN_SOURCES.cadastre),
};

/** A file's remote sources (not its offline fallbacks), each marked unverified. */
function remote<T extends { readonly kind: string }>(sources: readonly T[]): T[] {
  return sources.filter((s) => 'url' in s).map((s) => ({ ...s, verified: false }));
}

const base = {
  usage: LIST_PRICES,
  imageryLicences: IMAGERY_LICENCES,
  // To draw from Google's photorealistic 3D tiles instead: { source: 'photorealistic-3d-tiles', rootUrl:
  // 'https://tile.googleapis.com/v1/3dtiles/root.json', apiKeySecretName: 'pms/<stage>/map-tiles-key',
  // brand: 'Google', dracoDecoderPath: null }, after putting the key in that secret.
  aerialScene: { source: 'offline' } as AerialSceneSourceConfig,
  rateLimits: { testPerMinute: 10, liveDefault: { requestsPerMinute: 60 }, plans: STAGING_PLANS },
  // With heavyStepConcurrency 50 (prod), the default lets five organizations at their limit share it.
  jobConcurrency: {
    test: 5,
    liveDefault: 10,
    plans: { starter: 5, growth: 20, enterprise: 50 },
    exemptJobTypes: ['listing_kit'],
  },
  videoBundleUrlAllowlist: [] as readonly string[],
  renderer: { provider: 'remotion-lambda', memoryMb: 2048, functionTimeoutSeconds: 240, scale: 1 },
  outputUrlExpirySeconds: 3600,
  workflowTimeoutSeconds: 900,
  sweeper: { everyMinutes: 1, localEverySeconds: 5, graceSeconds: 60 },
  imageFetch: { allowHttp: false, allowLoopback: false },
  dashboard: { signIn: 'cognito' },
  staging: { provider: 'bedrock', bedrockRegion: 'us-east-1', bedrockModelId: 'amazon.nova-canvas-v1:0' },
  alarms: { api5xxRatePercent: 5, failedExecutionRatePercent: 25 },
  // Standard Webhooks / Svix schedule: immediately, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h.
  webhooks: {
    allowHttp: false,
    allowLoopback: false,
    retryScheduleSeconds: [0, 5, 300, 1800, 7200, 18000, 36000, 36000],
    eventRetentionDays: 30,
    endpointDisableAfterDays: 3,
  },
  retention: { defaultDays: 90, planDays: PLAN_RETENTION_DAYS, minSeconds: 3600, maxDays: 730 },
} as const;

export const STAGES: Readonly<Record<Stage, StageConfig>> = {
  local: {
    ...base,
    stage: 'local',
    stackPrefix: 'pms-local',
    // Quiet and offline: no X-Ray daemon and no CloudWatch; the log level comes from the shell.
    observability: { metricsNamespace: 'PropertyMedia/local', tracing: false, metrics: false },
    keyVariant: 'test-and-live',
    videoBundleUrlAllowlist: ['127.0.0.1', 'localhost'],
    // Compressed so a failing receiver exhausts its attempts in seconds on a laptop and in tests.
    webhooks: {
      allowHttp: true,
      allowLoopback: true,
      retryScheduleSeconds: [0, 1, 1, 1, 1, 1, 1, 1],
      eventRetentionDays: 30,
      endpointDisableAfterDays: 3,
    },
    // Local: a delete_after of a few seconds, to watch retention work (the sweep runs every few seconds).
    retention: { defaultDays: 90, planDays: PLAN_RETENTION_DAYS, minSeconds: 5, maxDays: 730 },
    providers: OFFLINE_PROVIDERS,
    renderer: { ...base.renderer, provider: 'local' },
    // A restarted or busy laptop catches up within seconds rather than a minute.
    sweeper: { everyMinutes: 1, localEverySeconds: 5, graceSeconds: 15 },
    // Two cores: one organization's jobs at once are few, so another organization's start at once.
    jobConcurrency: {
      test: 4,
      liveDefault: 4,
      plans: { starter: 2, growth: 4, enterprise: 8 },
      exemptJobTypes: ['listing_kit'],
    },
    // One machine queues what Lambda runs side by side: 200 jobs at once on one core took far longer than
    // 15 minutes to drain (docs/benchmarks.md), so a job's whole time limit (its wait included) is an hour
    // here instead of AWS's 15 minutes.
    workflowTimeoutSeconds: 3600,
    imageFetch: { allowHttp: true, allowLoopback: true },
    dashboard: { signIn: 'sign-in-link' },
    staging: { ...base.staging, provider: 'offline' },
    logRetentionDays: 7,
    retainData: false,
  },
  dev: {
    ...base,
    stage: 'dev',
    stackPrefix: 'pms-dev',
    observability: { metricsNamespace: 'PropertyMedia/dev', logLevel: 'INFO', tracing: true, metrics: true },
    keyVariant: 'test-and-live',
    providers: OFFLINE_PROVIDERS,
    staging: { ...base.staging, provider: 'offline' },
    logRetentionDays: 14,
    retainData: false,
  },
  staging: {
    ...base,
    stage: 'staging',
    stackPrefix: 'pms-staging',
    observability: {
      metricsNamespace: 'PropertyMedia/staging',
      logLevel: 'INFO',
      tracing: true,
      metrics: true,
    },
    keyVariant: 'live-only',
    providers: CLOUD_PROVIDERS,
    heavyStepConcurrency: 10,
    logRetentionDays: 30,
    retainData: false,
  },
  prod: {
    ...base,
    stage: 'prod',
    stackPrefix: 'pms-prod',
    observability: { metricsNamespace: 'PropertyMedia/prod', logLevel: 'INFO', tracing: true, metrics: true },
    keyVariant: 'test-and-live',
    providers: CLOUD_PROVIDERS,
    // About ten heavy functions × 50 leaves most of a 1,000-execution account unreserved.
    heavyStepConcurrency: 50,
    logRetentionDays: 365,
    retainData: true,
  },
};

export function stageConfig(name: string | undefined): StageConfig {
  const stage = (name ?? 'dev') as Stage;
  const config = STAGES[stage];
  if (!config) {
    throw new Error(`Unknown stage '${name}': expected one of ${Object.keys(STAGES).join(', ')}.`);
  }
  return config;
}
