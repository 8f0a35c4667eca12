// The synthetic aerial scene of one address, prepared as the drone steps prepare it and served from memory
// over HTTP (as presigned URLs would serve it, with CORS for the renderer's page), plus the darken reveal
// used as the 2D baseline: shared by the drone benchmark, the profiler and the render tests.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { parseAustralianAddress } from '../functions/domain/address/address-parser.ts';
import { type PreparedAerialScene, prepareAerialScene } from '../functions/jobs/drone/scene-input.ts';
import { roofModel } from '../functions/media/imagery/offline-nadir/roof-model.ts';
import { SyntheticNadirImagery } from '../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import { providerProvenance } from '../functions/media/imagery/provenance.ts';
import { imageryFetcher } from '../functions/media/images/fetch-image.ts';
import { Cadastre } from '../functions/media/providers/cadastre/cadastre.ts';
import { NO_OWN_IMAGERY } from '../functions/media/providers/imagery/own-imagery.ts';
import { type MarkupRevealProps, SAMPLE_REVEAL_PROPS } from '../functions/media/remotion/compositions.ts';
import { SyntheticSiteSource, syntheticLayout } from '../functions/media/site/synthetic-site.ts';
import { IMAGERY_LICENCES } from '../lib/config/stages.ts';

export interface MemoryMedia {
  readonly files: Map<string, { body: Buffer; type: string }>;
  /** http://127.0.0.1:<port> */
  readonly base: string;
  readonly server: Server;
  put(
    key: string,
    body: Buffer | Uint8Array,
    type: string,
    extra?: object,
  ): Promise<{ s3_key: string; content_type: string; size_bytes: number }>;
  get(key: string): Promise<Buffer>;
  sign(key: string): Promise<{ url: string; expiresAt: string }>;
  /** The key a URL of `sign`'s names, as the media store's keyOf. */
  keyOf(url: string): string | undefined;
  close(): Promise<void>;
}

/**
 * Files kept in memory and served at `${base}/${key}`; `route` may answer other paths first (return true
 * when it did).
 */
export async function memoryMedia(
  route?: (url: URL, res: import('node:http').ServerResponse) => boolean,
): Promise<MemoryMedia> {
  const files = new Map<string, { body: Buffer; type: string }>();
  const server = createServer((req, res) => {
    res.setHeader('access-control-allow-origin', '*');
    const url = new URL(req.url ?? '/', 'http://x');
    if (route?.(url, res)) return;
    const file = files.get(url.pathname.slice(1));
    res.statusCode = file ? 200 : 404;
    if (file) res.setHeader('content-type', file.type);
    res.end(file?.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    files,
    base,
    server,
    put: async (key, body, type, extra) => {
      files.set(key, { body: Buffer.from(body), type });
      return { s3_key: key, content_type: type, size_bytes: body.length, ...extra };
    },
    get: async (key) => {
      const file = files.get(key);
      if (!file) throw new Error(`no media ${key}`);
      return file.body;
    },
    sign: async (key) => ({
      url: `${base}/${key}`,
      expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    }),
    keyOf: (url) => (url.startsWith(`${base}/`) ? url.slice(base.length + 1).split('?')[0] : undefined),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A smaller scene than the drone steps prepare, for tests that need a scene to draw, not its size. */
export interface SmallerAerialScene {
  /** The site only out to this many metres (fewer houses to draw, top-down and in 3D); default the ground's. */
  readonly siteRadiusM?: number;
  /** The detailed ground image stored this many pixels a side (over the same metres); default 3072. */
  readonly groundPx?: number;
}

/**
 * The scene of `address` (default the benchmarks' Ultimo address) prepared into `media` under `prefix/`,
 * with the synthetic site's own front bearing (as a frontage detection would report it). `smaller` trims
 * it for tests (default: the scene as the drone steps prepare it).
 */
export async function syntheticAerialScene(
  media: Pick<MemoryMedia, 'put' | 'sign'>,
  prefix: string,
  address = '10 Wattle Street, Ultimo NSW 2007',
  smaller: SmallerAerialScene = {},
): Promise<PreparedAerialScene & { readonly frontDirection: number }> {
  const parsed = parseAustralianAddress(address);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  const sites = new SyntheticSiteSource();
  const { siteRadiusM, groundPx } = smaller;
  const groundKey = `${prefix}/aerial-ground.jpg`;
  const scene = await prepareAerialScene(
    {
      sites:
        siteRadiusM === undefined
          ? sites
          : {
              name: sites.name,
              siteAround: (origin, at, radiusM) =>
                sites.siteAround(origin, at, Math.min(radiusM, siteRadiusM)),
            },
      nadir: new SyntheticNadirImagery(),
      nadirProvenance: providerProvenance(IMAGERY_LICENCES, 'offline-synthetic'),
      roofModel,
      now: () => new Date(),
      media:
        groundPx === undefined
          ? media
          : {
              sign: (key, _now) => media.sign(key),
              put: async (key, body, type) =>
                media.put(
                  key,
                  key === groundKey
                    ? await sharp(body).resize(groundPx, groundPx).jpeg({ quality: 86 }).toBuffer()
                    : body,
                  type,
                ),
            },
    },
    {
      address: parsed.address,
      position: { lat: -33.882, lng: 151.2 },
      keyFor: (name) => `${prefix}/${name}`,
    },
  );
  return { ...scene, frontDirection: syntheticLayout(parsed.address).frontBearingDeg };
}

/** The 1080p sample reveal (darkened outside a centred rectangle) over `baseImage`: the 2D baseline. */
export function benchReveal(baseImage: string, durationInFrames: number): MarkupRevealProps {
  return { ...SAMPLE_REVEAL_PROPS, baseImage, durationInFrames };
}

/** What the markup steps need, offline: the synthetic site and imagery, media in memory, loopback imagery. */
export function markupStepPorts(media: MemoryMedia) {
  return {
    media,
    providers: {
      geocoder: { name: 'unused', geocode: async () => null },
      site: new SyntheticSiteSource(),
      imagery: new SyntheticNadirImagery(),
      imageryProvenance: providerProvenance(IMAGERY_LICENCES, 'offline-synthetic'),
      cadastre: new Cadastre([]),
    },
    fetchImagery: imageryFetcher({ allowHttp: true, allowLoopback: true }),
    ownImagery: NO_OWN_IMAGERY,
  };
}

/** Grey RGB pixels with a little gaussian sensor noise, to overlay on a synthetic picture so it codes like a photo. */
export async function sensorNoise(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 9 },
    },
  })
    .raw()
    .toBuffer();
}
