// The frontage workflow steps with fake ports: detection asks the site source around the resolved location,
// faces the addressed street and stores the reference image; an edit keeps the parent's location and
// street, takes the caller's bearing (and centre) and stores its own image beside it. Both report the
// RESO DirectionFaces value, the rear and the winter-solstice sun hours of the bearing they end up with.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../functions/domain/geo-types.ts';
import {
  type DetectFrontageEvent,
  detectFrontageStep,
  editFrontageStep,
  type StoredFrontageOutput,
} from '../../../functions/jobs/frontage/steps.ts';
import { fromLocalMetres } from '../../../functions/media/geo/local-metric.ts';
import { NO_OWN_IMAGERY } from '../../../functions/media/providers/imagery/own-imagery.ts';
import {
  fakeLocationProviders,
  fakeMediaStore,
  fakeNadirImagery,
  fakeSiteSource,
  lotBesideStreet,
  noImageryFetch,
  resolvedLocation,
  stepJob,
} from '../../support/fakes.ts';

const ADDRESS = '27 Wattle Street, Ultimo NSW 2007';
const ORIGIN = { lat: -33.8795, lng: 151.1982 };
const LOCATION = resolvedLocation(ORIGIN);

/** A 20 x 30 m lot around the origin with Wattle Street running north-south 25 m east of its centre. */
const SITE: SiteModel = lotBesideStreet(ORIGIN, { lotCentreX: 0, streetX: 25 });

function portsFor(site: SiteModel) {
  const siteSource = fakeSiteSource(site);
  const imagery = fakeNadirImagery();
  const media = fakeMediaStore();
  return {
    siteSource,
    imagery,
    media,
    ports: {
      providers: fakeLocationProviders({ site: siteSource, imagery }),
      media,
      fetchImagery: noImageryFetch,
      ownImagery: NO_OWN_IMAGERY,
    },
  };
}

const detectEvent: DetectFrontageEvent = {
  job: stepJob({ job_type: 'frontage_detection' }),
  address: ADDRESS,
  location: LOCATION,
};

describe('detectFrontageStep', () => {
  it('faces the addressed street and stores a 2048² reference image under the job', async () => {
    const { siteSource, media, ports } = portsFor(SITE);
    const output = await detectFrontageStep(detectEvent, ports);

    expect(siteSource.requests).toEqual([
      {
        origin: ORIGIN,
        address: expect.objectContaining({ streetName: 'Wattle', suburb: 'ULTIMO' }),
        radiusM: 150,
      },
    ]);
    expect(output).toMatchObject({
      bearing: 90,
      direction: 'east',
      reso_direction_faces: 'East',
      rear_bearing: 270,
      rear_direction: 'west',
      // An east front and a west rear in Sydney each see the winter sun for half its 9.9 h day.
      winter_sun_hours: { front: 5, rear: 5, date: '06-21', latitude: ORIGIN.lat },
      confidence: 0.95,
      method: 'addressed-street',
      edited: false,
      location: LOCATION,
      street: { name: 'Wattle Street' },
      georeference: { center: ORIGIN, rotation: 0, width: 2048, height: 2048 },
      providers: { geocoder: 'fake-geocoder', site: 'fake-site', imagery: 'fake-imagery' },
    });
    const front = fromLocalMetres(ORIGIN, { x: 25, y: 0 });
    expect(output.street.front_point?.lat).toBeCloseTo(front.lat, 6);
    expect(output.street.front_point?.lng).toBeCloseTo(front.lng, 6);

    const key = 'media/org-1/test/job-1/frontage-reference.jpg';
    expect(output.reference_image).toMatchObject({
      s3_key: key,
      content_type: 'image/jpeg',
      width: 2048,
      height: 2048,
    });
    const stored = media.objects.get(key);
    expect(stored?.contentType).toBe('image/jpeg');
    const meta = await sharp(stored?.body).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 2048, 2048]);
  });

  it('falls back to north with no confidence and no front point when the site has no streets', async () => {
    const { ports } = portsFor({ ...SITE, streets: [] });
    const output = await detectFrontageStep(detectEvent, ports);
    expect(output).toMatchObject({
      bearing: 0,
      direction: 'north',
      reso_direction_faces: 'North',
      rear_bearing: 180,
      rear_direction: 'south',
      winter_sun_hours: { front: 9.9, rear: 0, date: '06-21', latitude: ORIGIN.lat },
      confidence: 0,
      method: 'default',
    });
    expect(output.street.front_point).toBeNull();
  });
});

describe('editFrontageStep', () => {
  async function parentOutput(): Promise<StoredFrontageOutput> {
    return detectFrontageStep(detectEvent, portsFor(SITE).ports);
  }

  it("re-renders at the caller's bearing, keeping the parent's location, street and geocoder", async () => {
    const parent = await parentOutput();
    const { siteSource, imagery, media, ports } = portsFor(SITE);
    const output = await editFrontageStep(
      {
        job: stepJob({ job_id: 'job-2', job_type: 'frontage_edit' }),
        input: { direction: 200 },
        parent: { input: { address: ADDRESS }, output: parent },
      },
      ports,
    );

    expect(output).toEqual({
      ...parent,
      bearing: 200,
      direction: 'south',
      reso_direction_faces: 'South',
      rear_bearing: 20,
      rear_direction: 'north',
      // Recomputed for the new bearing at the parent's latitude: a south front gets no winter sun.
      winter_sun_hours: { front: 0, rear: 9.9, date: '06-21', latitude: ORIGIN.lat },
      confidence: 1,
      method: 'manual',
      edited: true,
      reference_image: expect.objectContaining({ s3_key: 'media/org-1/test/job-2/frontage-edit.jpg' }),
      georeference: { ...parent.georeference, center: ORIGIN },
    });
    expect(siteSource.requests.map((r) => r.origin)).toEqual([ORIGIN]);
    expect(imagery.requests.map((r) => r.center)).toEqual([ORIGIN]);
    expect(media.objects.has('media/org-1/test/job-2/frontage-edit.jpg')).toBe(true);
  });

  it('centres the image on the given point but asks for the site around the property', async () => {
    const parent = await parentOutput();
    const { siteSource, imagery, ports } = portsFor(SITE);
    const center = { lat: -33.8797, lng: 151.1985 };
    const output = await editFrontageStep(
      {
        job: stepJob({ job_id: 'job-2', job_type: 'frontage_edit' }),
        input: { direction: 45, center_lat: center.lat, center_lng: center.lng },
        parent: { input: { address: ADDRESS }, output: parent },
      },
      ports,
    );
    expect(siteSource.requests.map((r) => r.origin)).toEqual([ORIGIN]);
    expect(imagery.requests.map((r) => r.center)).toEqual([center]);
    expect(output.georeference.center).toEqual(center);
    expect([output.bearing, output.direction]).toEqual([45, 'north-east']);
    expect(output).toMatchObject({
      reso_direction_faces: 'Northeast',
      rear_bearing: 225,
      rear_direction: 'south-west',
      // The sun's path is the property's, not the image centre's.
      winter_sun_hours: { front: 8.1, rear: 1.8, date: '06-21', latitude: ORIGIN.lat },
    });
  });
});
