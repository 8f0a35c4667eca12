// The coordinate systems a caller's orthophoto may be georeferenced in, by EPSG code, with conversions to
// and from latitude/longitude (proj4). Positions come out in WGS 84, which the service treats as equal to
// GDA2020 (Australia's datum since 2020, aligned to ITRF2014 at 2020.0; the two drift apart by about 7 cm a
// year, far below what a parcel outline on a photo shows). GDA94 is not: points move about 1.5-1.8 m
// between GDA94 and GDA2020, so GDA94 grids are transformed with the published seven-parameter
// conformal transformation (EPSG:8048, ICSM's GDA2020 Technical Manual).
import proj4 from 'proj4';
import type { LatLng } from '../../domain/geo-types.ts';

interface Crs {
  readonly epsg: number;
  readonly name: string;
  readonly kind: 'geographic' | 'projected';
  /** Model coordinates (x = easting or longitude, y = northing or latitude) to WGS 84 / GDA2020. */
  toLatLng(x: number, y: number): LatLng;
  fromLatLng(position: LatLng): { x: number; y: number };
}

/**
 * GDA94 → GDA2020 (EPSG:8048): tx 61.55 mm, ty -10.87 mm, tz -40.19 mm, rotations -39.4924, -32.7221,
 * -32.8979 mas in the coordinate-frame convention, scale -9.994 ppb. proj4's towgs84 takes rotations in
 * the position-vector convention (signs flipped) and ppm.
 */
const GDA94_TO_GDA2020 = '+towgs84=0.06155,-0.01087,-0.04019,0.0394924,0.0327221,0.0328979,-0.009994';

const WGS84 = 'EPSG:4326';

interface CrsDefinition {
  readonly name: string;
  readonly kind: Crs['kind'];
  readonly proj: string;
}

function mga(zone: number, datum: 'GDA94' | 'GDA2020'): CrsDefinition {
  const towgs = datum === 'GDA94' ? ` ${GDA94_TO_GDA2020}` : '';
  return {
    name: `${datum} / MGA zone ${zone}`,
    kind: 'projected',
    proj: `+proj=utm +zone=${zone} +south +ellps=GRS80${towgs} +units=m +no_defs`,
  };
}

const DEFINITIONS = new Map<number, CrsDefinition>([
  [4326, { name: 'WGS 84', kind: 'geographic', proj: '+proj=longlat +datum=WGS84 +no_defs' }],
  [7844, { name: 'GDA2020', kind: 'geographic', proj: '+proj=longlat +ellps=GRS80 +no_defs' }],
  [
    4283,
    { name: 'GDA94', kind: 'geographic', proj: `+proj=longlat +ellps=GRS80 ${GDA94_TO_GDA2020} +no_defs` },
  ],
  [
    3857,
    {
      name: 'WGS 84 / Pseudo-Mercator',
      kind: 'projected',
      proj: '+proj=merc +a=6378137 +b=6378137 +lat_ts=0 +lon_0=0 +x_0=0 +y_0=0 +k=1 +units=m +nadgrids=@null +no_defs',
    },
  ],
  ...Array.from({ length: 8 }, (_, i) => [7849 + i, mga(49 + i, 'GDA2020')] as const),
  ...Array.from({ length: 8 }, (_, i) => [28349 + i, mga(49 + i, 'GDA94')] as const),
]);

/** Older codes some tools still write for Web Mercator. */
const ALIASES = new Map<number, number>([
  [900913, 3857],
  [3785, 3857],
  [102100, 3857],
  [102113, 3857],
]);

/** What the error messages name as supported. */
export const SUPPORTED_CRS_TEXT =
  'EPSG:4326 (WGS 84), EPSG:3857 (Web Mercator), GDA2020 MGA zones 49-56 (EPSG:7849-7856) and GDA94 MGA zones 49-56 (EPSG:28349-28356)';

const built = new Map<number, Crs>();

/** The coordinate system of an EPSG code, or undefined when the service does not support it. */
export function crsForEpsg(code: number): Crs | undefined {
  const epsg = ALIASES.get(code) ?? code;
  const cached = built.get(epsg);
  if (cached) return cached;
  const definition = DEFINITIONS.get(epsg);
  if (!definition) return undefined;
  const converter = proj4(definition.proj, WGS84);
  const crs: Crs = {
    epsg,
    name: definition.name,
    kind: definition.kind,
    toLatLng: (x, y) => {
      const [lng, lat] = converter.forward([x, y]) as [number, number];
      return { lat, lng };
    },
    fromLatLng: ({ lat, lng }) => {
      const [x, y] = converter.inverse([lng, lat]) as [number, number];
      return { x, y };
    },
  };
  built.set(epsg, crs);
  return crs;
}
