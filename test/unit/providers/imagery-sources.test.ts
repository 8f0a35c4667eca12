// The imagery adapters' pure parts: the request grid (within the service's limits, every request's pixel
// aspect its box's, no seams), the blank-picture check, construction with and without a key, the zoom the
// tiles are stitched at, and the provenance SourceImagery states over a fake adapter.
import { describe, expect, it } from 'vitest';
import type { LatLng } from '../../../functions/domain/geo-types.ts';
import { ArcgisExport } from '../../../functions/media/providers/imagery/arcgis-export.ts';
import { imageryAdapter } from '../../../functions/media/providers/imagery/imagery-adapter.ts';
import { planGrid } from '../../../functions/media/providers/imagery/map-grid.ts';
import { flatColour, SourceImagery } from '../../../functions/media/providers/imagery/source-imagery.ts';
import { XyzTiles } from '../../../functions/media/providers/imagery/xyz-tiles.ts';
import type { RemoteImagerySourceConfig } from '../../../functions/media/providers/sources/source-config.ts';
import type {
  AreaRequest,
  ImagerySourceAdapter,
} from '../../../functions/media/providers/sources/source-types.ts';

const RULES = { rules: { allowHttp: false, allowLoopback: false } };
const CENTER: LatLng = { lat: -33.883, lng: 151.1994 };
const BOUNDS = { west: 151.1985, south: -33.8836, east: 151.2003, north: -33.8824 };
const common = {
  coverage: { west: 150, south: -35, east: 152, north: -33 },
  licence: { store: true, print: false, portal: false },
  attribution: 'Fixture',
};

describe('planGrid', () => {
  it.each([
    [3857, true, 1024, 700],
    [4326, true, 2048, 2048],
    [3857, false, 512, 512],
    [4326, false, 300, 900],
  ] as const)('EPSG:%i, square map pixels %s, within %i×%i', (sr, square, maxWidth, maxHeight) => {
    const grid = planGrid({
      sr,
      bounds: BOUNDS,
      center: CENTER,
      groundM: 0.05,
      squareMapPixels: square,
      maxWidth,
      maxHeight,
    });
    expect(grid.pieces.length).toBeGreaterThan(1);
    let area = 0;
    for (const piece of grid.pieces) {
      expect(piece.width).toBeLessThanOrEqual(maxWidth);
      expect(piece.height).toBeLessThanOrEqual(maxHeight);
      const unitsX = (piece.box.maxX - piece.box.minX) / piece.width;
      const unitsY = (piece.box.maxY - piece.box.minY) / piece.height;
      if (square) expect(Math.abs(unitsX / unitsY - 1)).toBeLessThan(1e-9);
      // The piece's box is where the whole picture's frame puts its pixels.
      const nw = grid.frame.toLatLng({ x: piece.left, y: piece.top });
      const se = grid.frame.toLatLng({ x: piece.left + piece.width, y: piece.top + piece.height });
      const p = grid.frame.toPixel(nw);
      expect(p.x).toBeCloseTo(piece.left, 6);
      expect(p.y).toBeCloseTo(piece.top, 6);
      expect(grid.frame.toPixel(se).x).toBeCloseTo(piece.left + piece.width, 6);
      area += piece.width * piece.height;
    }
    // The pieces tile the picture exactly: no gap, no overlap.
    expect(area).toBe(grid.width * grid.height);
    // The grid covers the area asked for.
    const corner = grid.frame.toPixel({ lat: BOUNDS.south, lng: BOUNDS.east });
    expect(corner.x).toBeLessThanOrEqual(grid.width);
    expect(corner.y).toBeLessThanOrEqual(grid.height);
    expect(grid.frame.toPixel({ lat: BOUNDS.north, lng: BOUNDS.west }).x).toBeCloseTo(0, 9);
    // The coarser axis is exactly the ground resolution asked for.
    expect(grid.groundSampleDistanceM).toBeCloseTo(0.05, 9);
  });
});

describe('flatColour (blank pictures)', () => {
  const picture = (pixel: (i: number) => [number, number, number], n = 100_000) => {
    const data = Buffer.alloc(n * 3);
    for (let i = 0; i < n; i += 1) data.set(pixel(i), i * 3);
    return { data, channels: 3 as const };
  };
  const noise = (i: number, amplitude: number) =>
    (((i * 2_654_435_761) >>> 0) % (2 * amplitude + 1)) - amplitude;

  it('a white picture with a little noise and 5 % of something else is blank', () => {
    const flat = flatColour(
      picture((i) => (i % 20 === 0 ? [40, 90, 30] : [252 + (noise(i, 2) > 0 ? 1 : 0), 253, 254])),
    );
    expect(flat).toBeDefined();
    expect(flat!.share).toBeGreaterThanOrEqual(0.9);
    expect(flat!.rgb[0]).toBeGreaterThan(250);
  });

  it('black (a transparent answer flattened) is blank', () => {
    expect(flatColour(picture(() => [0, 0, 0]))?.rgb).toEqual([0, 0, 0]);
  });

  it('textured ground is not', () => {
    expect(
      flatColour(picture((i) => [100 + noise(i, 20), 110 + noise(i * 7, 20), 70 + noise(i * 13, 15)])),
    ).toBeUndefined();
  });

  it('half white, half black is not', () => {
    expect(flatColour(picture((i) => (i % 2 ? [255, 255, 255] : [0, 0, 0])))).toBeUndefined();
  });

  it('85 % one colour is not', () => {
    expect(flatColour(picture((i) => (i % 100 < 85 ? [200, 200, 200] : [20, 60, 20])))).toBeUndefined();
  });
});

describe('construction', () => {
  const arcgis = (extra: Partial<RemoteImagerySourceConfig> = {}) =>
    ({
      ...common,
      name: 'nsw',
      kind: 'arcgis-export',
      url: 'https://maps.example.gov.au/arcgis/rest/services/Imagery/MapServer',
      ...extra,
    }) as RemoteImagerySourceConfig;

  it('a source whose row names a key refuses to start without it, naming the secret, not a value', () => {
    expect(() =>
      imageryAdapter(arcgis({ apiKey: { secret: 'nearmap-key', param: 'apikey' } }), RULES),
    ).toThrow(/imagery source nsw needs its API key \(secret nearmap-key\)/);
  });

  it('a key for a source whose row names no parameter for it is refused', () => {
    expect(() => imageryAdapter(arcgis(), { ...RULES, apiKey: 'k' })).toThrow(/names no apiKey.param/);
  });

  it('an ArcGIS url must be a MapServer or an ImageServer', () => {
    expect(() =>
      imageryAdapter(
        arcgis({ url: 'https://maps.example.gov.au/arcgis/rest/services/Imagery/FeatureServer' }),
        RULES,
      ),
    ).toThrow(/must be an ArcGIS REST service ending in \/MapServer or \/ImageServer/);
    expect(
      imageryAdapter(arcgis({ url: 'https://x.example/arcgis/rest/services/I/ImageServer/' }), RULES),
    ).toBeInstanceOf(ArcgisExport);
  });

  it('the factory picks the protocol by kind', () => {
    const tiles = imageryAdapter(
      { ...common, name: 't', kind: 'xyz-tiles', url: 'https://t.example/{z}/{x}/{y}', maxZoom: 21 },
      RULES,
    );
    expect(tiles).toBeInstanceOf(XyzTiles);
    expect(tiles.name).toBe('t');
  });
});

describe('XyzTiles.zoomFor', () => {
  const tiles = (maxZoom: number, tileSize?: 256 | 512) =>
    new XyzTiles(
      {
        ...common,
        name: 't',
        kind: 'xyz-tiles',
        url: 'https://t.example/{z}/{x}/{y}',
        maxZoom,
        ...(tileSize ? { tileSize } : {}),
      },
      RULES,
    );
  // A pixel at zoom z: the Web Mercator equator over 256·2^z, times cos φ.
  const pixel = (z: number, size = 256) =>
    ((2 * Math.PI * 6_378_137) / (size * 2 ** z)) * Math.cos((CENTER.lat * Math.PI) / 180);

  it.each([0.03, 0.075, 0.3, 1, 10])('at %f m/px: the coarsest zoom within 5 %% of the frame', (m) => {
    const z = tiles(24).zoomFor(CENTER.lat, m);
    expect(pixel(z)).toBeLessThanOrEqual(m * 1.05);
    expect(pixel(z - 1)).toBeGreaterThan(m * 1.05);
  });

  it('never past maxZoom', () => {
    expect(tiles(19).zoomFor(CENTER.lat, 0.01)).toBe(19);
    expect(tiles(19, 512).zoomFor(CENTER.lat, 0.01)).toBe(19);
  });

  it('512 px tiles need one zoom less', () => {
    expect(tiles(24, 512).zoomFor(CENTER.lat, 0.3)).toBe(tiles(24).zoomFor(CENTER.lat, 0.3) - 1);
  });
});

describe('SourceImagery', () => {
  /** A fake source: a textured north-up raster in plate carrée over the area asked, at `gsd`. */
  const fake = (gsd: number, capturedAt: string | null): ImagerySourceAdapter & { asked: AreaRequest[] } => {
    const asked: AreaRequest[] = [];
    return {
      name: 'fake',
      asked,
      async fetchArea(request) {
        asked.push(request);
        const { west, south, east, north } = request.bounds;
        const width = 64;
        const height = 48;
        const data = Buffer.alloc(width * height * 3);
        for (let i = 0; i < data.length; i += 1) data[i] = (i * 37) % 251;
        return {
          data,
          channels: 3,
          frame: {
            width,
            height,
            toPixel: (p) => ({
              x: ((p.lng - west) / (east - west)) * width,
              y: ((north - p.lat) / (north - south)) * height,
            }),
            toLatLng: (p) => ({
              lng: west + (p.x / width) * (east - west),
              lat: north - (p.y / height) * (north - south),
            }),
          },
          groundSampleDistanceM: gsd,
          capturedAt,
        };
      },
    };
  };
  const config = {
    ...common,
    name: 'fake',
    kind: 'wms',
    url: 'https://w.example/wms',
    layers: 'x',
  } as RemoteImagerySourceConfig;

  it('asks for the north-up box around the turned frame at the frame resolution, and states what it got', async () => {
    const adapter = fake(0.4, '2024-11-02');
    const request = { center: CENTER, width: 40, height: 30, metersPerPixel: 0.1, rotationDeg: 90 };
    const image = await new SourceImagery(adapter, config).render(request);
    expect(adapter.asked[0]!.metersPerPixel).toBe(0.1);
    // Turned 90°, the frame's 4 m width runs north-south.
    const box = adapter.asked[0]!.bounds;
    expect((box.north - box.south) * 110_950).toBeGreaterThan(4);
    expect((box.east - box.west) * 92_450).toBeLessThan(4);
    expect(image).toMatchObject({
      provider: 'fake',
      channels: 3,
      groundSampleDistanceM: 0.4,
      upsampled: true,
      capturedAt: '2024-11-02',
    });
    expect(image.data.length).toBe(40 * 30 * 3);
  });

  it('a frame coarser than the source is as sharp as its own pixels, and not upsampled', async () => {
    const image = await new SourceImagery(fake(0.05, null), config).render({
      center: CENTER,
      width: 20,
      height: 20,
      metersPerPixel: 0.3,
      rotationDeg: 0,
    });
    expect(image.groundSampleDistanceM).toBe(0.3);
    expect(image.upsampled).toBe(false);
    expect(image.capturedAt).toBeNull();
  });
});
