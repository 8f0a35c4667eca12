// An address alone on a local stack started with PROVIDERS_FILE naming an ArcGIS REST imagery service, an
// ArcGIS REST cadastre layer and an address point layer (the map fixtures, which draw and serve a known
// ground): the markup is that service's picture with the real lot's corners where the lot is, names the
// source and the lot, and its front faces the lot's street side; the frontage detection uses the same
// lot; a lot named by id is found; a cadastre outage completes without a boundary, saying why; an imagery
// source answering blank fails the job IMAGERY_UNAVAILABLE. The corners are checked against the scene's
// own coordinates through the test's own projection (frame-truth.ts), never the service's.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization, type StackProcess, startStackProcess } from '../support/local-stack-process.ts';
import {
  ADDRESS_FIXTURE_FIELDS,
  startArcgisAddressFixture,
} from '../support/map-fixtures/arcgis-address-fixture.ts';
import { startArcgisExportFixture } from '../support/map-fixtures/arcgis-export-fixture.ts';
import { startArcgisQueryFixture } from '../support/map-fixtures/arcgis-query-fixture.ts';
import { FIXTURE_ROW_COMMON } from '../support/map-fixtures/cadastre-rows.ts';
import { discCentroid, expectedPixel } from '../support/map-fixtures/frame-truth.ts';
import { CORNER_MARKERS, MARKER_RADIUS_M, SCENE_ADDRESSES } from '../support/map-fixtures/scene.ts';

type Fixture = Awaited<ReturnType<typeof startArcgisExportFixture>>;
type CadastreFixture = Awaited<ReturnType<typeof startArcgisQueryFixture>>;

let stack: StackProcess;
let imagery: Fixture;
let cadastre: CadastreFixture;
let addresses: Awaited<ReturnType<typeof startArcgisAddressFixture>>;
let key: string;

const headers = () => ({ 'X-API-Key': key, 'Content-Type': 'application/json' });

beforeAll(async () => {
  [imagery, cadastre, addresses] = await Promise.all([
    startArcgisExportFixture({ kind: 'MapServer' }),
    startArcgisQueryFixture(),
    startArcgisAddressFixture(),
  ]);
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'pms-providers-')), 'providers.json');
  writeFileSync(
    file,
    JSON.stringify({
      imagery: [
        {
          ...FIXTURE_ROW_COMMON,
          name: 'fixture-imagery',
          kind: 'arcgis-export',
          url: imagery.url,
          attribution: 'Fixture imagery',
        },
      ],
      cadastre: [
        {
          ...FIXTURE_ROW_COMMON,
          name: 'fixture-cadastre',
          kind: 'arcgis-query',
          url: cadastre.url,
          lotIdField: 'lotidstring',
        },
      ],
      geocoder: [
        {
          ...FIXTURE_ROW_COMMON,
          name: 'fixture-addresses',
          kind: 'arcgis-query',
          url: addresses.url,
          fields: ADDRESS_FIXTURE_FIELDS,
        },
        { kind: 'offline' },
      ],
    }),
  );
  stack = await startStackProcess(undefined, { PROVIDERS_FILE: file });
  key = await (await newOrganization(stack)).key('live');
}, 180_000);

afterAll(async () => {
  await stack?.stop();
  await Promise.all([imagery?.close(), cadastre?.close(), addresses?.close()]);
});

async function completed(route: string, body: Json): Promise<Json> {
  const created = await call<Json>(stack.url, 'POST', route, { headers: headers(), body });
  expect(created.status, JSON.stringify(created.body)).toBe(202);
  return waitForJob(stack.url, key, created.body.data.job_id, 120_000);
}

async function picture(url: string) {
  const bytes = Buffer.from(await (await fetch(url)).arrayBuffer());
  const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

describe('an address alone, with PROVIDERS_FILE naming imagery, cadastre and address services', () => {
  it("draws the markup on the source's picture with the lot's corners where the lot is", async () => {
    const job = await completed('/v2/markup/generate', { address: SCENE_ADDRESSES.property.address });
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const out = job.output;
    expect(out.location).toMatchObject({ provider: 'fixture-addresses', precision: 'parcel' });
    expect(out.imagery).toMatchObject({
      source: 'fixture-imagery',
      synthetic: false,
      attribution: 'Fixture imagery',
    });
    expect(out.imagery.licence).toEqual({ store: true, print: true, portal: true });
    expect(out.boundary_source).toMatchObject({
      kind: 'cadastre',
      provider: 'fixture-cadastre',
      lot_id: '5//DP123456',
      match: 'contains',
    });
    expect(out.parcel_polygon.coordinates[0]).toHaveLength(5);
    // Lot 5's one street side faces west, onto the road.
    expect(out.detected_front_direction.bearing).toBeGreaterThanOrEqual(265);
    expect(out.detected_front_direction.bearing).toBeLessThanOrEqual(275);

    const shot = await picture(out.image.url);
    const frame = {
      center: out.georeference.center,
      metersPerPixel: out.georeference.meters_per_pixel,
      rotationDeg: out.georeference.rotation,
      width: shot.width,
      height: shot.height,
    };
    const radiusPx = (MARKER_RADIUS_M / frame.metersPerPixel) * 2;
    const suggested: { x: number; y: number }[] = out.suggested_boundary;
    for (const marker of CORNER_MARKERS) {
      const want = expectedPixel(frame, marker.position);
      const found = discCentroid(shot, marker.rgb, radiusPx);
      expect(found, `disc ${marker.rgb}`).toBeDefined();
      // The picture puts the corner where its georeference says (the source's pixels, placed right)…
      expect(Math.hypot(found!.x - want.x, found!.y - want.y)).toBeLessThan(1.5);
      // …and the suggested boundary has a vertex on it.
      const nearest = Math.min(
        ...suggested.map((p) => Math.hypot(p.x * shot.width - found!.x, p.y * shot.height - found!.y)),
      );
      expect(nearest).toBeLessThan(3);
    }
  });

  it('detects the front from the same lot and picture', async () => {
    const job = await completed('/v1/property-frontage/detect', {
      address: SCENE_ADDRESSES.property.address,
    });
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.output).toMatchObject({ method: 'cadastre-street-side', direction: 'west' });
    expect(job.output.imagery.source).toBe('fixture-imagery');
    expect(job.output.boundary_source).toMatchObject({ kind: 'cadastre', lot_id: '5//DP123456' });
  });

  it('takes the nearest lot within 15 m for an address point on the road, and says so', async () => {
    const job = await completed('/v2/markup/generate', { address: SCENE_ADDRESSES.onRoad.address });
    expect(job.output.boundary_source).toMatchObject({
      kind: 'cadastre',
      lot_id: '6//DP123456',
      match: 'nearest',
    });
    expect(job.output.boundary_source.distance_m).toBeGreaterThan(3);
    expect(job.output.boundary_source.distance_m).toBeLessThan(5);
  });

  it('finds a lot named by id', async () => {
    const job = await completed('/v2/markup/generate', {
      address: SCENE_ADDRESSES.property.address,
      parcel: { lot_id: '4//DP123456' },
    });
    expect(job.output.boundary_source).toMatchObject({
      kind: 'cadastre',
      lot_id: '4//DP123456',
      match: 'lot_id',
    });
    expect(job.output.location).toMatchObject({ provider: 'fixture-cadastre', precision: 'parcel' });
  });

  it('refuses boundary and parcel together, and a lot id that is no lot id', async () => {
    const both = await call(stack.url, 'POST', '/v2/markup/generate', {
      headers: headers(),
      body: {
        address: SCENE_ADDRESSES.property.address,
        parcel: { lot_id: '4//DP123456' },
        boundary: {
          type: 'Polygon',
          coordinates: [
            [
              [151.199, -33.883],
              [151.1991, -33.883],
              [151.1991, -33.8831],
              [151.199, -33.883],
            ],
          ],
        },
      },
    });
    expect(both.status).toBe(400);
    const hostile = await call(stack.url, 'POST', '/v2/markup/generate', {
      headers: headers(),
      body: { address: SCENE_ADDRESSES.property.address, parcel: { lot_id: "5' OR '1'='1" } },
    });
    expect(hostile.status).toBe(400);
    expect(JSON.stringify(hostile.body.error)).toContain('parcel.lot_id');
  });

  it('completes without a boundary when the cadastre fails, saying why', async () => {
    cadastre.misbehave({ status500: true });
    try {
      const job = await completed('/v2/markup/generate', { address: SCENE_ADDRESSES.strata.address });
      expect(job.status).toBe('completed');
      expect(job.output.suggested_boundary).toBeNull();
      expect(job.output.boundary_source).toMatchObject({ kind: 'none', reason: 'CADASTRE_UNAVAILABLE' });
      expect(job.output.imagery.source).toBe('fixture-imagery');
    } finally {
      cadastre.misbehave({});
    }
  });

  it('fails IMAGERY_UNAVAILABLE when the only imagery source answers a blank picture', async () => {
    imagery.misbehave({ blank: [255, 255, 255] });
    try {
      const job = await completed('/v2/markup/generate', { address: SCENE_ADDRESSES.property.address });
      expect(job.status).toBe('failed');
      expect(job.error.code).toBe('IMAGERY_UNAVAILABLE');
      expect(job.error.message).toContain('fixture-imagery');
    } finally {
      imagery.misbehave({});
    }
  });
});
