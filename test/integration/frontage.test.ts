// Property frontage end to end on the local stack: detect → poll → completed with the bearing toward the
// addressed street, its RESO DirectionFaces, rear and winter sun hours; the reference image downloads and
// is a real image; edit moves the arrow (and the orientation with it); every invalid input gets its
// documented 4xx.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseAustralianAddress } from '../../functions/domain/address/address-parser.ts';
import type { Point } from '../../functions/domain/geo-types.ts';
import { bearingLabel } from '../../functions/domain/geometry/bearing.ts';
import {
  resoDirectionFaces,
  winterDayLengthHours,
  winterSunHours,
} from '../../functions/domain/geometry/solar.ts';
import { buildSyntheticSite } from '../../functions/media/site/synthetic-site.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
let key: string;
let otherKey: string;
let testModeKey: string;

beforeAll(async () => {
  const org = await newOrganization(stack);
  key = await org.key('live');
  testModeKey = await org.key('test');
  otherKey = await (await newOrganization(stack)).key('live');
});

const detect = (body: unknown, k = key) =>
  call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', { key: k, body });
const edit = (jobId: string, body: unknown, k = key) =>
  call<Json>(stack.url, 'POST', `/v1/property-frontage/jobs/${jobId}/edit`, { key: k, body });

/** Compass bearing from the addressed parcel's centroid to the nearest point of the addressed street. */
function expectedBearing(address: string, origin: { lat: number; lng: number }): number {
  const parsed = parseAustralianAddress(address);
  if (!parsed.ok) throw new Error(parsed.problems.join('; '));
  const site = buildSyntheticSite(origin, parsed.address, 150);
  const parcel = site.parcels.find((p) => p.addressed)!;
  const c = parcel.polygon.reduce(
    (acc, p) => ({ x: acc.x + p.x / parcel.polygon.length, y: acc.y + p.y / parcel.polygon.length }),
    { x: 0, y: 0 },
  );
  const street = site.streets.find((s) => s.name === site.addressedStreet)!;
  let best: Point = street.centerline[0]!;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < street.centerline.length; i += 1) {
    const a = street.centerline[i]!;
    const b = street.centerline[i + 1]!;
    const abx = b.x - a.x;
    const aby = b.y - a.y;
    const t = Math.max(0, Math.min(1, ((c.x - a.x) * abx + (c.y - a.y) * aby) / (abx * abx + aby * aby)));
    const p = { x: a.x + t * abx, y: a.y + t * aby };
    const d = Math.hypot(p.x - c.x, p.y - c.y);
    if (d < bestDistance) {
      bestDistance = d;
      best = p;
    }
  }
  return ((Math.atan2(best.x - c.x, best.y - c.y) * 180) / Math.PI + 360) % 360;
}

const angleBetween = (a: number, b: number) => Math.abs(((a - b + 540) % 360) - 180);

/** The orientation fields a frontage output at this bearing and latitude has. */
function expectedOrientation(bearing: number, lat: number) {
  const rear = (bearing + 180) % 360;
  return {
    reso_direction_faces: resoDirectionFaces(bearing),
    rear_bearing: rear,
    rear_direction: bearingLabel(rear),
    winter_sun_hours: {
      front: winterSunHours(lat, bearing),
      rear: winterSunHours(lat, rear),
      date: '06-21',
      latitude: lat,
    },
  };
}

describe('frontage detection', () => {
  const addresses = [
    '10 Wattle Street, Ultimo NSW 2007',
    'Unit 5, 22 Smith Street, Fitzroy VIC 3065',
    '45A Macquarie Street, Hobart TAS 7000',
    '7 Smith St Darwin NT 0800',
    '8 Brisbane Avenue, Barton ACT 2600',
    '3/12 King William Road, North Adelaide SA 5006',
  ];

  it.each(addresses)(
    'detects the front of %s toward its street',
    async (address) => {
      const accepted = await detect({ address });
      expect(accepted.status).toBe(202);
      expect(accepted.body.data).toEqual({
        job_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        status: 'queued',
      });
      // A second on an idle stack; on the shared test stack it may wait (queued_for_capacity) behind the
      // heavy renders other files run at the same time, first come, first served: this checks the answer.
      const job = await waitForJob(stack.url, key, accepted.body.data.job_id, 100_000);
      expect(job.status, JSON.stringify(job.error)).toBe('completed');
      expect(job.job_type).toBe('frontage_detection');
      expect(job.progress).toEqual({ percent: 100, stage: 'completed' });
      expect(job.started_at).not.toBeNull();
      const out = job.output;
      expect(Number.isInteger(out.bearing)).toBe(true);
      expect(out.bearing).toBeGreaterThanOrEqual(0);
      expect(out.bearing).toBeLessThan(360);
      expect(out.location.precision).toBe('locality');
      expect(out.location.provider).toBe('offline-gazetteer');
      expect(angleBetween(out.bearing, expectedBearing(address, out.location))).toBeLessThanOrEqual(5);
      expect(out.confidence).toBeGreaterThan(0.5);
      expect(out).toMatchObject(expectedOrientation(out.bearing, out.location.lat));
      // Between them, front and rear see the sun for the whole winter day (each rounded to 0.1 h).
      const { front, rear } = out.winter_sun_hours;
      expect(Math.abs(front + rear - winterDayLengthHours(out.location.lat))).toBeLessThanOrEqual(0.11);
    },
    120_000,
  );

  it('produces a downloadable reference image of the documented size', async () => {
    const accepted = await detect({ address: '1 Martin Place, Sydney NSW 2000' });
    const job = await waitForJob(stack.url, key, accepted.body.data.job_id);
    const image = job.output.reference_image;
    expect(image.content_type).toBe('image/jpeg');
    expect(image.width).toBeGreaterThanOrEqual(2048);
    expect(Date.parse(image.expires_at)).toBeGreaterThan(Date.now());
    const download = await fetch(image.url);
    expect(download.status).toBe(200);
    const meta = await sharp(Buffer.from(await download.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(image.width);
    expect(meta.height).toBe(image.height);
    expect(image).not.toHaveProperty('s3_key');
  });

  it('uses caller coordinates instead of the geocoder', async () => {
    // The suburb is unknown to the gazetteer: only skipping the geocoder lets this complete.
    const address = '12 Example Road, Notarealplace QLD 4000';
    const failed = await waitForJob(stack.url, key, (await detect({ address })).body.data.job_id);
    expect(failed.status).toBe('failed');
    expect(failed.error.code).toBe('ADDRESS_NOT_FOUND');
    expect(failed.error.message).toMatch(/options\.lat/);

    const job = await waitForJob(
      stack.url,
      key,
      (await detect({ address, options: { lat: -27.47, lng: 153.02 } })).body.data.job_id,
    );
    expect(job.status).toBe('completed');
    expect(job.output.location).toMatchObject({
      lat: -27.47,
      lng: 153.02,
      precision: 'caller',
      provider: 'caller',
    });
  });

  it('keeps webhook_url and callback_metadata on the job', async () => {
    const callback_metadata = { listing: 'A-17', nested: { ok: true, n: 1.5 } };
    const accepted = await detect({
      address: '1 Martin Place, Sydney NSW 2000',
      webhook_url: 'https://example.com/hooks',
      callback_metadata,
    });
    const job = await waitForJob(stack.url, key, accepted.body.data.job_id);
    expect(job.callback_metadata).toEqual(callback_metadata);
    expect(job.webhook_url).toBe('https://example.com/hooks');
    expect(job.input).toEqual({ address: '1 Martin Place, Sydney NSW 2000', options: {} });
  });
});

describe('frontage edit', () => {
  let parentId: string;
  let parent: Json;

  beforeAll(async () => {
    parentId = (await detect({ address: '22 Jacaranda Avenue, Toowong QLD 4066' })).body.data.job_id;
    parent = await waitForJob(stack.url, key, parentId);
  });

  it('regenerates the reference image at the new bearing', async () => {
    const direction = (parent.output.bearing + 90) % 360;
    const accepted = await edit(parentId, { direction });
    expect(accepted.status).toBe(202);
    const job = await waitForJob(stack.url, key, accepted.body.data.job_id);
    expect(job.status).toBe('completed');
    expect(job.job_type).toBe('frontage_edit');
    expect(job.parent_job_id).toBe(parentId);
    expect(job.output).toMatchObject({ bearing: direction, edited: true, method: 'manual', confidence: 1 });
    expect(job.output.location).toEqual(parent.output.location);
    expect(job.output).toMatchObject(expectedOrientation(direction, parent.output.location.lat));

    const [before, after] = await Promise.all(
      [parent, job].map(async (j) => {
        const res = await fetch(j.output.reference_image.url);
        return sharp(Buffer.from(await res.arrayBuffer()))
          .resize(256, 256)
          .greyscale()
          .raw()
          .toBuffer();
      }),
    );
    let changed = 0;
    for (let i = 0; i < before!.length; i += 1) if (Math.abs(before![i]! - after![i]!) > 40) changed += 1;
    expect(changed).toBeGreaterThan(200);
  });

  it('re-centres on center_lat/center_lng', async () => {
    const center = {
      center_lat: parent.output.location.lat + 0.0002,
      center_lng: parent.output.location.lng,
    };
    const job = await waitForJob(
      stack.url,
      key,
      (await edit(parentId, { direction: 10, ...center })).body.data.job_id,
    );
    expect(job.status).toBe('completed');
    expect(job.output.georeference.center.lat).toBeCloseTo(center.center_lat, 6);
    // The sun hours are the property's: the latitude of its location, not of the moved image centre.
    expect(job.output).toMatchObject(expectedOrientation(10, parent.output.location.lat));
  });

  it('refuses parents that are foreign, unknown, of another type or not completed', async () => {
    const foreign = await edit(parentId, { direction: 5 }, otherKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');
    expect((await edit(parentId, { direction: 5 }, testModeKey)).status).toBe(404);
    expect((await edit('00000000-0000-7000-8000-000000000000', { direction: 5 })).status).toBe(404);
    expect((await edit('not-a-uuid', { direction: 5 })).status).toBe(404);

    const editJob = await waitForJob(
      stack.url,
      key,
      (await edit(parentId, { direction: 20 })).body.data.job_id,
    );
    const wrongType = await edit(editJob.job_id, { direction: 5 });
    expect(wrongType.status).toBe(409);
    expect(wrongType.body.error.code).toBe('INVALID_PARENT_JOB');

    const failed = await waitForJob(
      stack.url,
      key,
      (await detect({ address: '3 Nowhere Lane, Fakesuburb VIC 3000' })).body.data.job_id,
    );
    expect(failed.status).toBe('failed');
    const notReady = await edit(failed.job_id, { direction: 5 });
    expect(notReady.status).toBe(409);
    expect(notReady.body.error.code).toBe('PARENT_JOB_FAILED');
    expect(notReady.body.error.message).toContain('ADDRESS_NOT_FOUND');
  });
});

describe('bad input', () => {
  const detail = (res: { body: Json }) =>
    res.body.error.details.map((d: Json) => `${d.path}: ${d.message}`).join(' | ');

  it.each([
    ['no address', {}, 'address'],
    ['address not a string', { address: 42 }, 'address'],
    ['address without postcode', { address: '12 Smith Street, Surry Hills NSW' }, 'address'],
    ['postcode of another state', { address: '12 Smith Street, Surry Hills NSW 3000' }, 'address'],
    [
      'lat without lng',
      { address: '1 Martin Place, Sydney NSW 2000', options: { lat: -33.86 } },
      'options.lng',
    ],
    [
      'lat outside Australia',
      { address: '1 Martin Place, Sydney NSW 2000', options: { lat: 51.5, lng: 151 } },
      'options.lat',
    ],
    ['unknown field', { address: '1 Martin Place, Sydney NSW 2000', colour: 'red' }, 'colour'],
    ['unknown option', { address: '1 Martin Place, Sydney NSW 2000', options: { zoom: 3 } }, 'options.zoom'],
    [
      'bad webhook_url',
      { address: '1 Martin Place, Sydney NSW 2000', webhook_url: 'not a url' },
      'webhook_url',
    ],
    [
      'oversized callback_metadata',
      { address: '1 Martin Place, Sydney NSW 2000', callback_metadata: { x: 'y'.repeat(5000) } },
      'callback_metadata',
    ],
    [
      'callback_metadata not an object',
      { address: '1 Martin Place, Sydney NSW 2000', callback_metadata: [1] },
      'callback_metadata',
    ],
  ])('detect: %s → 400 naming %s', async (_label, body, path) => {
    const res = await detect(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.details.map((d: Json) => d.path)).toContain(path);
    expect(detail(res).length).toBeGreaterThan(5);
  });

  it('says what is missing from a partial address', async () => {
    const res = await detect({ address: 'Smith Street, Surry Hills NSW 2010' });
    expect(res.status).toBe(400);
    expect(detail(res)).toMatch(/number/i);
  });

  it.each([
    ['direction missing', {}, 'direction'],
    ['direction 360', { direction: 360 }, 'direction'],
    ['direction negative', { direction: -1 }, 'direction'],
    ['direction fractional', { direction: 12.5 }, 'direction'],
    ['direction as string', { direction: '90' }, 'direction'],
    ['center_lat alone', { direction: 90, center_lat: -33.8 }, 'center_lng'],
  ])('edit: %s → 400 naming %s', async (_label, body, path) => {
    const res = await edit('00000000-0000-7000-8000-000000000000', body);
    expect(res.status).toBe(400);
    expect(res.body.error.details.map((d: Json) => d.path)).toContain(path);
  });

  it('answers non-JSON with INVALID_JSON, wrong content type with 415, a huge body with 413', async () => {
    const bad = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key,
      rawBody: '{"address": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('INVALID_JSON');
    const array = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', { key, body: [1, 2] });
    expect(array.body.error.code).toBe('INVALID_JSON');
    const form = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key,
      rawBody: 'address=1+Martin+Place',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(form.body.error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const huge = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key,
      body: {
        address: '1 Martin Place, Sydney NSW 2000',
        callback_metadata: { pad: 'x'.repeat(1024 * 1024 + 10) },
      },
    });
    expect(huge.status).toBe(413);
    expect(huge.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('writes no job for a rejected request', async () => {
    const org = await newOrganization(stack);
    const k = await org.key('live');
    await detect({ address: 'nowhere' }, k);
    await detect({}, k);
    const list = await call<Json>(stack.url, 'GET', '/v1/jobs', { key: k });
    expect(list.body.data.jobs).toHaveLength(0);
  });
});
