// Step logic shared by the three drone kinds: from a resolved address to the AerialScene's input props.
// The site model around the property is drawn twice from one source, so the drone view and the markup
// of an address show the same houses: once top-down by the nadir imagery (the ground texture, with its
// lawns, pools, driveways, roads with markings and baked shadows) and once in 3D (houses with the nadir
// roof model's roofs, tree crowns). Both go to the media store; the composition loads them by URL.
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { StoredMedia } from '../../core/schemas/outputs.ts';
import type { LatLng, ParsedAddress, Point } from '../../domain/geo-types.ts';
import { polygonCentroid } from '../../domain/geometry/polygon.ts';
import { type AerialSceneModel, buildAerialScene, type RoofModelFn } from '../../media/aerial/scene-model.ts';
import { fromLocalMetres } from '../../media/geo/local-metric.ts';
import type { NadirImagery, SiteSource } from '../../media/geo/types.ts';
import type { ImageryProvenance } from '../../media/imagery/provenance.ts';
import type { AerialSceneProps } from '../../media/remotion/aerial-compositions.ts';

/** Where produced files go: the media store's put, and presigned URLs the renderer can fetch. */
interface DroneMediaPort {
  put(key: string, body: Buffer, contentType: string): Promise<StoredMedia>;
  sign(key: string, now: Date): Promise<{ readonly url: string }>;
}

interface AerialScenePorts {
  readonly sites: SiteSource;
  readonly nadir: NadirImagery;
  /** The provenance of `nadir`'s pictures (the scene's ground). */
  readonly nadirProvenance: ImageryProvenance;
  readonly media: DroneMediaPort;
  /** The nadir renderer's roof model (offline-nadir's `roofModel`), so the 3D roofs match the markup. */
  readonly roofModel: RoofModelFn;
  readonly now: () => Date;
}

interface AerialSceneRequest {
  readonly address: ParsedAddress;
  /** The geocoded (or caller-given) position of the address. */
  readonly position: LatLng;
  /** Media key for a file name of this job (mediaKey(tenant, jobId, name)). */
  readonly keyFor: (fileName: string) => string;
  /**
   * Who may reuse a ground this process prepared lately for the same site (the job's tenant: org and
   * mode). Absent: the ground is drawn afresh.
   */
  readonly reuseScope?: string;
}

/** A scene's pictures and model as encoded for the media store: what the nadir imagery drew, kept briefly. */
interface EncodedScene {
  readonly groundJpeg: Buffer;
  readonly farJpeg: Buffer;
  readonly sceneJson: Buffer;
  readonly imageryProvider: string;
  readonly buildings: number;
}

/**
 * Scenes this process encoded lately, by tenant and site: the drone jobs of one listing (a kit's stills
 * and footage, another angle of the same property) are drawn from the same site, and drawing its 3072²
 * ground is most of a scene's preparation (seconds of CPU). Kept 10 minutes, at most 4 (about 3 MB each);
 * each job still stores its own copies, so its media and their deletion stay its own.
 */
const RECENT_SCENES_MAX = 4;
const RECENT_SCENE_TTL_MS = 10 * 60_000;
const recentScenes = new Map<string, { readonly at: number; readonly scene: Promise<EncodedScene> }>();

function reusedScene(key: string | undefined, nowMs: number, make: () => Promise<EncodedScene>) {
  if (key === undefined) return make();
  for (const [k, entry] of recentScenes) if (nowMs - entry.at > RECENT_SCENE_TTL_MS) recentScenes.delete(k);
  const held = recentScenes.get(key);
  if (held) return held.scene;
  if (recentScenes.size >= RECENT_SCENES_MAX) recentScenes.delete(recentScenes.keys().next().value!);
  const scene = make();
  recentScenes.set(key, { at: nowMs, scene });
  // A failed drawing is not kept: the next job draws again.
  scene.catch(() => recentScenes.delete(key));
  return scene;
}

/** The detailed ground: 3072 px at 0.25 m/px, 768 m square; beyond it a tiled patch fades into haze. */
const GROUND_PX = 3072;
const GROUND_M_PER_PX = 0.25;
const FAR_PATCH_PX = 1600;
const FAR_TILE_PX = 1024;
/** 3D houses and trees are built out to here (the ground square's inscribed circle and a bit). */
const SCENE_RADIUS_M = 420;
/** Metres to the centimetre, as the scene model stores them. */
const r2 = (n: number) => Math.round(n * 100) / 100;

export interface PreparedAerialScene {
  /** Every AerialScene prop except the camera, shot type, duration and front direction. */
  readonly sceneProps: Pick<
    AerialSceneProps,
    'sceneUrl' | 'groundImage' | 'groundSizeM' | 'farGroundImage' | 'farTileM'
  >;
  /** The property centre the camera orbits (the addressed parcel's centroid when the site knows it). */
  readonly propertyCenter: LatLng;
  /**
   * The addressed parcel's ring in the scene's local metres (around propertyCenter, x east, y north): the
   * subject a re-framed rendition keeps in view. Absent when the site knows no parcel.
   */
  readonly parcel?: readonly Point[];
  readonly siteProvider: string;
  readonly imageryProvider: string;
  readonly buildings: number;
  /**
   * The scene's provenance: synthetic (its houses and trees are made up), licensed as its ground imagery
   * is (a satellite ground brings that provider's licence and attribution with it).
   */
  readonly imagery: ImageryProvenance;
}

/** A synthetic scene on a ground picture: still synthetic, and no freer than the ground's licence. */
function sceneProvenance(ground: ImageryProvenance): ImageryProvenance {
  return { ...ground, source: 'offline-synthetic', synthetic: true };
}

export async function prepareAerialScene(
  ports: AerialScenePorts,
  request: AerialSceneRequest,
): Promise<PreparedAerialScene> {
  const groundSizeM = GROUND_PX * GROUND_M_PER_PX;
  const site = await ports.sites.siteAround(request.position, request.address, groundSizeM * 0.72);
  const lot = site.parcels.find((p) => p.addressed);
  const center: Point = lot ? polygonCentroid(lot.polygon) : { x: 0, y: 0 };
  const propertyCenter = fromLocalMetres(site.origin, center);

  const reuseKey =
    request.reuseScope === undefined
      ? undefined
      : createHash('sha256')
          .update(
            JSON.stringify([
              request.reuseScope,
              ports.nadir.name,
              ports.nadirProvenance,
              propertyCenter,
              site,
            ]),
          )
          .digest('hex');
  const encoded = await reusedScene(reuseKey, ports.now().getTime(), async () => {
    const ground = await ports.nadir.render({
      center: propertyCenter,
      width: GROUND_PX,
      height: GROUND_PX,
      metersPerPixel: GROUND_M_PER_PX,
      rotationDeg: 0,
      site,
    });
    const raw = { raw: { width: GROUND_PX, height: GROUND_PX, channels: ground.channels } } as const;
    const offset = Math.round((GROUND_PX - FAR_PATCH_PX) / 2);
    const [groundJpeg, farJpeg] = await Promise.all([
      sharp(ground.data, raw).jpeg({ quality: 86 }).toBuffer(),
      sharp(ground.data, raw)
        .extract({ left: offset, top: offset, width: FAR_PATCH_PX, height: FAR_PATCH_PX })
        .resize(FAR_TILE_PX, FAR_TILE_PX)
        .jpeg({ quality: 80 })
        .toBuffer(),
    ]);
    const scene: AerialSceneModel = buildAerialScene(site, center, SCENE_RADIUS_M, ports.roofModel);
    return {
      groundJpeg,
      farJpeg,
      sceneJson: Buffer.from(JSON.stringify(scene)),
      imageryProvider: ground.provider,
      buildings: scene.buildings.length,
    };
  });

  const [groundMedia, farMedia, sceneMedia] = await Promise.all([
    ports.media.put(request.keyFor('aerial-ground.jpg'), encoded.groundJpeg, 'image/jpeg'),
    ports.media.put(request.keyFor('aerial-ground-far.jpg'), encoded.farJpeg, 'image/jpeg'),
    ports.media.put(request.keyFor('aerial-scene.json'), encoded.sceneJson, 'application/json'),
  ]);
  const now = ports.now();
  const [groundUrl, farUrl, sceneUrl] = await Promise.all(
    [groundMedia, farMedia, sceneMedia].map(async (m) => (await ports.media.sign(m.s3_key, now)).url),
  );
  return {
    sceneProps: {
      sceneUrl: sceneUrl!,
      groundImage: groundUrl!,
      groundSizeM,
      farGroundImage: farUrl!,
      farTileM: FAR_PATCH_PX * GROUND_M_PER_PX,
    },
    propertyCenter,
    ...(lot ? { parcel: lot.polygon.map((p) => ({ x: r2(p.x - center.x), y: r2(p.y - center.y) })) } : {}),
    siteProvider: site.provider,
    imageryProvider: encoded.imageryProvider,
    buildings: encoded.buildings,
    imagery: sceneProvenance(ports.nadirProvenance),
  };
}
