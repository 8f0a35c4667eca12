// A WMS 1.3.0 server serving the known scene as one layer, written from OGC 06-042 (OpenGIS Web Map Server
// Implementation Specification 1.3.0, https://www.ogc.org/standard/wms/):
// - 6.8.1: parameter names are case-insensitive, values are not.
// - 7.3.2 GetMap: VERSION=1.3.0, REQUEST=GetMap, LAYERS, STYLES (present; empty or the layer's style),
//   CRS, BBOX, WIDTH, HEIGHT, FORMAT are mandatory.
// - 6.7.3.3 and 7.3.3.6: BBOX in the CRS's axis order: EPSG:4326 latitude first (minLat,minLon,maxLat,
//   maxLon), CRS:84 and EPSG:3857 x first. A box with min ≥ max is an error.
// - 7.3.3.8: the map is WIDTH × HEIGHT pixels of exactly BBOX, stretched when the aspects differ.
// - 7.2.4 MaxWidth/MaxHeight: a bigger map is refused.
// - 6.11, 7.3.3.11 and Annex E: failures are a ServiceExceptionReport in XML (codes InvalidFormat,
//   InvalidCRS, LayerNotDefined, StyleNotDefined …), here with HTTP 200 and text/xml as many servers send
//   it (or application/vnd.ogc.se_xml, the older type, on request).
// A minimal GetCapabilities states the layer, its CRSs and MaxWidth/MaxHeight.
import {
  type ImageryFixture,
  type ImageryRoute,
  type Misbehaviour,
  type PlainAnswer,
  type RouteAnswer,
  startImageryServer,
} from './imagery-server.ts';
import { drawScene, type FixtureCrs } from './scene-raster.ts';

export interface WmsFixtureOptions {
  /** MaxWidth and MaxHeight. Default 4096. */
  readonly maxSize?: number;
  /** The layer's name. Default "scene". */
  readonly layer?: string;
  /** The content-type of exception reports. Default text/xml. */
  readonly exceptionContentType?: string;
  /** The key wanted, and its query parameter. */
  readonly apiKey?: { readonly param: string; readonly value: string };
  readonly misbehave?: Misbehaviour;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function startWmsFixture(options: WmsFixtureOptions = {}): Promise<ImageryFixture> {
  const maxSize = options.maxSize ?? 4096;
  const layer = options.layer ?? 'scene';
  const exception = (text: string, code?: string): PlainAnswer => ({
    status: 200,
    contentType: options.exceptionContentType ?? 'text/xml',
    body:
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<ServiceExceptionReport version="1.3.0" xmlns="http://www.opengis.net/ogc">\n' +
      `  <ServiceException${code ? ` code="${code}"` : ''}>${escapeXml(text)}</ServiceException>\n` +
      '</ServiceExceptionReport>\n',
  });
  const capabilities = (): PlainAnswer => ({
    status: 200,
    contentType: 'text/xml',
    body:
      '<?xml version="1.0" encoding="UTF-8"?>\n' +
      '<WMS_Capabilities version="1.3.0" xmlns="http://www.opengis.net/wms">' +
      `<Service><Name>WMS</Name><Title>Fixture scene</Title><MaxWidth>${maxSize}</MaxWidth><MaxHeight>${maxSize}</MaxHeight></Service>` +
      '<Capability><Request><GetMap><Format>image/jpeg</Format><Format>image/png</Format></GetMap></Request>' +
      '<Exception><Format>XML</Format></Exception>' +
      `<Layer><Name>${layer}</Name><Title>Scene</Title><CRS>EPSG:3857</CRS><CRS>EPSG:4326</CRS><CRS>CRS:84</CRS></Layer>` +
      '</Capability></WMS_Capabilities>',
  });

  const route: ImageryRoute = {
    errorAnswer: (message) => exception(message, 'NoApplicableCode'),
    async answer(url): Promise<RouteAnswer> {
      const params = new Map([...url.searchParams].map(([k, v]) => [k.toUpperCase(), v]));
      const plain = (answer: PlainAnswer): RouteAnswer => ({ kind: 'plain', answer, description: true });
      const fail = (text: string, code?: string): RouteAnswer => ({
        kind: 'plain',
        answer: exception(text, code),
      });
      if (options.apiKey && url.searchParams.get(options.apiKey.param) !== options.apiKey.value)
        return { kind: 'plain', answer: { status: 403, contentType: 'text/plain', body: 'Forbidden' } };
      if (url.pathname !== '/wms')
        return { kind: 'plain', answer: { status: 404, contentType: 'text/plain', body: 'Not found' } };
      if (params.get('SERVICE') !== 'WMS') return fail('SERVICE must be WMS');
      if (params.get('REQUEST') === 'GetCapabilities') return plain(capabilities());
      if (params.get('REQUEST') !== 'GetMap')
        return fail(`Request ${params.get('REQUEST') ?? '(none)'} is not supported`, 'OperationNotSupported');
      if (params.get('VERSION') !== '1.3.0') return fail('VERSION must be 1.3.0');
      if (params.get('LAYERS') !== layer)
        return fail(`Layer ${params.get('LAYERS') ?? '(none)'} is not defined`, 'LayerNotDefined');
      const styles = params.get('STYLES');
      if (styles === undefined) return fail('STYLES is mandatory (empty for the default style)');
      if (styles !== '' && styles !== 'default')
        return fail(`Style ${styles} is not defined`, 'StyleNotDefined');
      const crsName = params.get('CRS');
      const crs: FixtureCrs | undefined =
        crsName === 'EPSG:3857'
          ? 'EPSG:3857'
          : crsName === 'EPSG:4326' || crsName === 'CRS:84'
            ? 'EPSG:4326'
            : undefined;
      if (!crs) return fail(`CRS ${crsName ?? '(none)'} is not offered`, 'InvalidCRS');
      const values = (params.get('BBOX') ?? '').split(',').map(Number);
      if (values.length !== 4 || values.some((v) => !Number.isFinite(v)))
        return fail('BBOX must be four numbers');
      // EPSG:4326 lists latitude first: minLat, minLon, maxLat, maxLon.
      const [minX, minY, maxX, maxY] =
        crsName === 'EPSG:4326'
          ? [values[1]!, values[0]!, values[3]!, values[2]!]
          : (values as [number, number, number, number]);
      if (minX >= maxX || minY >= maxY) return fail('BBOX minimum must be below its maximum on both axes');
      if (crs === 'EPSG:4326' && (Math.abs(minY) > 90 || Math.abs(maxY) > 90))
        return fail('BBOX latitude out of range (EPSG:4326 lists latitude first)');
      const width = Number(params.get('WIDTH'));
      const height = Number(params.get('HEIGHT'));
      if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1)
        return fail('WIDTH and HEIGHT must be positive integers');
      if (width > maxSize || height > maxSize) return fail(`WIDTH and HEIGHT must be at most ${maxSize}`);
      const formatName = params.get('FORMAT');
      const format = formatName === 'image/jpeg' ? 'jpeg' : formatName === 'image/png' ? 'png' : undefined;
      if (!format) return fail(`Format ${formatName ?? '(none)'} is not offered`, 'InvalidFormat');
      const box = { minX, minY, maxX, maxY };
      return {
        kind: 'picture',
        picture: {
          width,
          height,
          format,
          draw: (w, h) => drawScene({ crs, box, width: w, height: h, format }),
        },
      };
    },
  };
  return startImageryServer(route, (origin) => `${origin}/wms?map=scene`, options.misbehave);
}
