// An ArcGIS REST imagery service serving the known scene, written from the ArcGIS REST API reference:
//   Export Map: https://developers.arcgis.com/rest/services-reference/enterprise/export-map/
//   Export Image: https://developers.arcgis.com/rest/services-reference/enterprise/export-image/
// What it reproduces, because a client that gets it wrong must fail the tests:
// - `<service-url>?f=json` describes the service: maxImageWidth/maxImageHeight (left out on request, when
//   the client must assume the MapServer default, 2048), spatialReference, an ImageServer's
//   pixelSizeX/pixelSizeY, a cached MapServer's tileInfo levels, a time-aware service's timeInfo.
// - export/exportImage take bbox (xmin,ymin,xmax,ymax in bboxSR), bboxSR and imageSR (wkid; default the
//   service's, Web Mercator), size (width,height; default 400,400), format and f=image.
// - "The extent is resized to prevent map images from appearing stretched" when the size's aspect differs
//   from the bbox's: the extent grows about its centre on one axis until the two match (ImageServer unless
//   adjustAspectRatio=false, when the picture is stretched instead).
// - A size over maxImageWidth/maxImageHeight: a MapServer draws at the maximum instead ("If a value greater
//   than the maximum is specified, the maximum value will be used", MapServer GetServiceConfigurationInfo);
//   an ImageServer answers an error ("If the size of the image … exceeds the limit … will return an error").
// - Errors are `{"error": {"code", "message", "details"}}` with HTTP 200; a secured service without its
//   token answers code 499, "Token Required".
import type { LatLng } from '../../../functions/domain/geo-types.ts';
import {
  type ImageryFixture,
  type ImageryRoute,
  type Misbehaviour,
  type PlainAnswer,
  type RouteAnswer,
  startImageryServer,
} from './imagery-server.ts';
import { drawScene, type FixtureBox, type FixtureCrs, PROJECTIONS } from './scene-raster.ts';

export interface ArcgisExportFixtureOptions {
  readonly kind?: 'MapServer' | 'ImageServer';
  /** maxImageWidth/maxImageHeight stated in the description; null leaves them out. Default 4096. */
  readonly maxImageWidth?: number | null;
  readonly maxImageHeight?: number | null;
  /**
   * The service's finest resolution in Web Mercator units per pixel: an ImageServer's pixelSizeX/Y, a
   * MapServer's finest tileInfo level (making it a cached service). Absent: neither is stated.
   */
  readonly resolution?: number;
  /** timeInfo.timeExtent, epoch milliseconds. */
  readonly timeExtent?: readonly [number, number];
  /** The token a secured service wants in its `token` parameter. */
  readonly token?: string;
  readonly misbehave?: Misbehaviour;
}

const FORMATS: Record<string, 'jpeg' | 'png'> = {
  jpg: 'jpeg',
  jpgpng: 'jpeg',
  png: 'png',
  png8: 'png',
  png24: 'png',
  png32: 'png',
};

function crsOf(wkid: string | undefined, fallback: FixtureCrs): FixtureCrs | undefined {
  if (wkid === undefined || wkid === '') return fallback;
  if (['3857', '102100', '102113', '900913'].includes(wkid.trim())) return 'EPSG:3857';
  if (wkid.trim() === '4326') return 'EPSG:4326';
  return undefined;
}

const json = (value: unknown): PlainAnswer => ({
  status: 200,
  contentType: 'application/json; charset=utf-8',
  body: JSON.stringify(value),
});

/** An ArcGIS error object, with HTTP 200 as ArcGIS Server sends them. */
const arcgisError = (code: number, message: string, details: string[] = []): PlainAnswer =>
  json({ error: { code, message, details } });

/** The box `box` in `from` as seen in `to` (the box of its corners). */
function reproject(box: FixtureBox, from: FixtureCrs, to: FixtureCrs): FixtureBox {
  if (from === to) return box;
  const f = PROJECTIONS[from];
  const t = PROJECTIONS[to];
  const sw: LatLng = { lat: f.latOfY(box.minY), lng: f.lngOfX(box.minX) };
  const ne: LatLng = { lat: f.latOfY(box.maxY), lng: f.lngOfX(box.maxX) };
  return { minX: t.xOfLng(sw.lng), minY: t.yOfLat(sw.lat), maxX: t.xOfLng(ne.lng), maxY: t.yOfLat(ne.lat) };
}

export function startArcgisExportFixture(options: ArcgisExportFixtureOptions = {}): Promise<ImageryFixture> {
  const kind = options.kind ?? 'MapServer';
  const maxWidth = options.maxImageWidth === undefined ? 4096 : options.maxImageWidth;
  const maxHeight = options.maxImageHeight === undefined ? 4096 : options.maxImageHeight;
  const servicePath = `/arcgis/rest/services/Scene/${kind}`;
  const operation = kind === 'MapServer' ? 'export' : 'exportImage';

  const description = () => ({
    currentVersion: 11.1,
    serviceDescription: 'Fixture imagery of the known scene',
    ...(kind === 'MapServer'
      ? { mapName: 'Scene', layers: [{ id: 0, name: 'Imagery' }], units: 'esriMeters', capabilities: 'Map' }
      : { name: 'Scene', bandCount: 3, pixelType: 'U8', capabilities: 'Image,Metadata' }),
    spatialReference: { wkid: 102100, latestWkid: 3857 },
    ...(maxWidth === null ? {} : { maxImageWidth: maxWidth }),
    ...(maxHeight === null ? {} : { maxImageHeight: maxHeight }),
    ...(options.resolution === undefined
      ? {}
      : kind === 'ImageServer'
        ? { pixelSizeX: options.resolution, pixelSizeY: options.resolution }
        : {
            singleFusedMapCache: true,
            tileInfo: {
              rows: 256,
              cols: 256,
              spatialReference: { wkid: 102100, latestWkid: 3857 },
              lods: [0, 1, 2].map((level) => ({ level, resolution: options.resolution! * 2 ** (2 - level) })),
            },
          }),
    ...(options.timeExtent ? { timeInfo: { timeExtent: [...options.timeExtent] } } : {}),
    copyrightText: 'Fixture',
  });

  const route: ImageryRoute = {
    errorAnswer: (message) => arcgisError(400, message, ['The fixture was told to fail this request']),
    async answer(url): Promise<RouteAnswer> {
      // Parameter names are matched without regard to case, as ArcGIS Server does.
      const params = new Map([...url.searchParams].map(([k, v]) => [k.toLowerCase(), v]));
      const plain = (answer: PlainAnswer, isDescription = false): RouteAnswer => ({
        kind: 'plain',
        answer,
        description: isDescription,
      });
      if (options.token !== undefined && params.get('token') !== options.token)
        return plain(arcgisError(499, 'Token Required'));
      if (url.pathname === servicePath) {
        if (params.get('f') !== 'json' && params.get('f') !== 'pjson')
          return plain({
            status: 200,
            contentType: 'text/html',
            body: '<html>ArcGIS REST Services Directory</html>',
          });
        return plain(json(description()), true);
      }
      if (url.pathname !== `${servicePath}/${operation}`)
        return plain(arcgisError(400, 'Unable to complete operation.', ['Invalid URL']));
      if (params.get('f') !== 'image')
        return plain(arcgisError(400, 'Unable to complete operation.', ['This fixture serves f=image only']));
      const bbox = (params.get('bbox') ?? '').split(',').map(Number);
      if (
        bbox.length !== 4 ||
        bbox.some((v) => !Number.isFinite(v)) ||
        bbox[0]! >= bbox[2]! ||
        bbox[1]! >= bbox[3]!
      )
        return plain(arcgisError(400, 'Unable to complete operation.', ['Invalid bbox']));
      const bboxCrs = crsOf(params.get('bboxsr'), 'EPSG:3857');
      const imageCrs = crsOf(params.get('imagesr'), 'EPSG:3857');
      if (!bboxCrs || !imageCrs)
        return plain(arcgisError(400, 'Unable to complete operation.', ['Invalid spatial reference']));
      const size = (params.get('size') ?? '400,400').split(',').map(Number);
      if (size.length !== 2 || size.some((v) => !Number.isInteger(v) || v < 1))
        return plain(arcgisError(400, 'Unable to complete operation.', ['Invalid size']));
      let [width, height] = size as [number, number];
      const format =
        FORMATS[(params.get('format') ?? (kind === 'MapServer' ? 'png' : 'jpgpng')).toLowerCase()];
      if (!format) return plain(arcgisError(400, 'Unable to complete operation.', ['Invalid format']));
      const overWidth = maxWidth !== null ? width > maxWidth : width > 2048;
      const overHeight = maxHeight !== null ? height > maxHeight : height > 2048;
      if (overWidth || overHeight) {
        if (kind === 'ImageServer')
          return plain(
            arcgisError(400, 'Unable to complete operation.', [
              'The requested image exceeds the size limit.',
            ]),
          );
        width = Math.min(width, maxWidth ?? 2048);
        height = Math.min(height, maxHeight ?? 2048);
      }
      let box = reproject(
        { minX: bbox[0]!, minY: bbox[1]!, maxX: bbox[2]!, maxY: bbox[3]! },
        bboxCrs,
        imageCrs,
      );
      const stretch = kind === 'ImageServer' && params.get('adjustaspectratio')?.toLowerCase() === 'false';
      if (!stretch) box = widened(box, width, height);
      const drawn = box;
      return {
        kind: 'picture',
        picture: {
          width,
          height,
          format,
          draw: (w, h) => drawScene({ crs: imageCrs, box: drawn, width: w, height: h, format }),
        },
      };
    },
  };
  return startImageryServer(route, (origin) => `${origin}${servicePath}`, options.misbehave);
}

/**
 * The extent an ArcGIS export really draws: the bbox grown about its centre on one axis until its aspect is
 * the picture's, so the map units per pixel are the same on both axes.
 */
function widened(box: FixtureBox, width: number, height: number): FixtureBox {
  const res = Math.max((box.maxX - box.minX) / width, (box.maxY - box.minY) / height);
  const cx = (box.minX + box.maxX) / 2;
  const cy = (box.minY + box.maxY) / 2;
  return {
    minX: cx - (width * res) / 2,
    maxX: cx + (width * res) / 2,
    minY: cy - (height * res) / 2,
    maxY: cy + (height * res) / 2,
  };
}
