// The markup image steps with fake ports: generate frames the lot at the centre of a 3840x2160 aerial with
// its front toward `orientation`, suggests the lot as the boundary and reports the detected frontage;
// edit composites the boundary onto the parent's aerial and measures it from the georeference.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { SiteModel } from '../../../functions/domain/geo-types.ts';
import {
  type EditMarkupEvent,
  editMarkup,
  type GenerateMarkupEvent,
  generateMarkup,
  type StoredMarkupOutput,
} from '../../../functions/jobs/markup/steps.ts';
import { fromLocalMetres } from '../../../functions/media/geo/local-metric.ts';
import { labelFont } from '../../../functions/media/markup/label-font.ts';
import { NO_OWN_IMAGERY } from '../../../functions/media/providers/imagery/own-imagery.ts';
import {
  fakeLocationProviders,
  fakeMediaStore,
  fakeNadirImagery,
  fakeSiteSource,
  lotBesideStreet,
  noImageryFetch,
  resolvedLocation,
  SYNTHETIC_PROVENANCE,
  stepJob,
} from '../../support/fakes.ts';

const ORIGIN = { lat: -33.8795, lng: 151.1982 };
const LOCATION = resolvedLocation(ORIGIN);

/** A 20 x 30 m lot east of the origin (centroid 10 m east), Wattle Street 15 m further east, north-south. */
const SITE: SiteModel = lotBesideStreet(ORIGIN, { lotCentreX: 10, streetX: 35, streetHalfLength: 150 });

const generateEvent: GenerateMarkupEvent = {
  job: stepJob({ job_type: 'markup_v2' }),
  address: '27 Wattle Street, Ultimo NSW 2007',
  options: { orientation: 'bottom', zoom: 'standard', style: 'outline', front_direction: 90 },
  location: LOCATION,
};

function generatePorts(site: SiteModel, channels: 3 | 4 = 3) {
  const imagery = fakeNadirImagery({ channels });
  const media = fakeMediaStore();
  const providers = fakeLocationProviders({ site: fakeSiteSource(site), imagery });
  return {
    imagery,
    media,
    ports: { providers, media, fetchImagery: noImageryFetch, ownImagery: NO_OWN_IMAGERY },
  };
}

describe('generateMarkup', () => {
  it('centres the lot, turns its front (east) to the bottom and suggests it as the boundary', async () => {
    const { imagery, media, ports } = generatePorts(SITE);
    const output = await generateMarkup(generateEvent, ports);

    const [request] = imagery.requests;
    expect(request).toMatchObject({ width: 3840, height: 2160, rotationDeg: 270 });
    const centroid = fromLocalMetres(ORIGIN, { x: 10, y: 0 });
    expect(request?.center.lat).toBeCloseTo(centroid.lat, 7);
    expect(request?.center.lng).toBeCloseTo(centroid.lng, 7);

    // West is up, so the lot's east edge (toward the street) lies below the centre and its north edge right.
    const [sw, se, ne, nw] = output.suggested_boundary ?? [];
    expect(output.suggested_boundary).toHaveLength(4);
    for (const east of [se, ne]) expect(east?.y).toBeGreaterThan(0.5);
    for (const west of [sw, nw]) expect(west?.y).toBeLessThan(0.5);
    for (const north of [ne, nw]) expect(north?.x).toBeGreaterThan(0.5);
    for (const south of [sw, se]) expect(south?.x).toBeLessThan(0.5);

    expect(output).toMatchObject({
      orientation: 'bottom',
      front_direction: 90,
      zoom: 'standard',
      style: 'outline',
      detected_front_direction: { bearing: 90, direction: 'east', confidence: 0.95 },
      location: LOCATION,
      georeference: { width: 3840, height: 2160, rotation: 270 },
      providers: { geocoder: 'fake-geocoder', site: 'fake-site', imagery: 'fake-imagery' },
      image: { s3_key: 'media/org-1/test/job-1/markup.jpg', content_type: 'image/jpeg', width: 3840 },
    });
    const meta = await sharp(media.objects.get('media/org-1/test/job-1/markup.jpg')?.body).metadata();
    expect([meta.format, meta.width, meta.height, meta.channels]).toEqual(['jpeg', 3840, 2160, 3]);
  });

  it('centres on the geocode with no suggested boundary or frontage when the site knows no lot or street', async () => {
    const { imagery, media, ports } = generatePorts({ ...SITE, parcels: [], streets: [] }, 4);
    const output = await generateMarkup(generateEvent, ports);
    expect(imagery.requests[0]?.center.lat).toBeCloseTo(ORIGIN.lat, 9);
    expect(imagery.requests[0]?.center.lng).toBeCloseTo(ORIGIN.lng, 9);
    expect(output.suggested_boundary).toBeNull();
    expect(output.detected_front_direction).toBeNull();
    // RGBA imagery is stored as an RGB JPEG all the same.
    const meta = await sharp(media.objects.get('media/org-1/test/job-1/markup.jpg')?.body).metadata();
    expect([meta.width, meta.height, meta.channels]).toEqual([3840, 2160, 3]);
  });
});

describe('editMarkup', () => {
  // A small aerial keeps the test fast: 960x540 px at 0.2 m/px is 192 x 108 m of ground.
  const WIDTH = 960;
  const HEIGHT = 540;
  const GREY = { r: 128, g: 128, b: 128 };

  async function parentMarkup() {
    const jpeg = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: GREY } })
      .jpeg({ quality: 95 })
      .toBuffer();
    const key = 'media/org-1/test/markup-job/markup.jpg';
    const output: StoredMarkupOutput = {
      image: {
        s3_key: key,
        content_type: 'image/jpeg',
        size_bytes: jpeg.length,
        width: WIDTH,
        height: HEIGHT,
      },
      georeference: { center: ORIGIN, meters_per_pixel: 0.2, rotation: 0, width: WIDTH, height: HEIGHT },
      suggested_boundary: null,
      orientation: 'bottom',
      front_direction: 0,
      zoom: 'standard',
      style: 'outline',
      detected_front_direction: null,
      location: LOCATION,
      providers: { geocoder: 'fake-geocoder', site: 'fake-site', imagery: 'fake-imagery' },
      boundary_visible_fraction: null,
      boundary_source: null,
      imagery: SYNTHETIC_PROVENANCE,
    };
    return { output, media: fakeMediaStore({ [key]: jpeg }) };
  }

  const BOUNDARY = [
    { x: 0.4, y: 0.4 },
    { x: 0.6, y: 0.4 },
    { x: 0.6, y: 0.6 },
    { x: 0.4, y: 0.6 },
  ];

  function editEvent(
    output: StoredMarkupOutput,
    input: Partial<EditMarkupEvent['input']> = {},
  ): EditMarkupEvent {
    return {
      job: stepJob({ job_id: 'edit-job', job_type: 'markup_v2_edit' }),
      input: {
        boundary_polygon: BOUNDARY,
        options: {
          style: 'outline',
          compositor: { outline_color: '#FF0000', outline_width: 20, blur_radius: 20, darken_amount: 0.5 },
        },
        ...input,
      },
      parent: { job_id: 'markup-job', output },
    };
  }

  async function pixel(jpeg: Buffer | undefined, x: number, y: number) {
    const { data, info } = await sharp(jpeg).raw().toBuffer({ resolveWithObject: true });
    const i = (y * info.width + x) * info.channels;
    return [data[i]!, data[i + 1]!, data[i + 2]!];
  }

  it("outlines the boundary on the parent's aerial and measures it from the georeference", async () => {
    const { output: parent, media } = await parentMarkup();
    const output = await editMarkup(
      editEvent(parent, {
        text_annotations: [{ type: 'measurement', from: BOUNDARY[3]!, to: BOUNDARY[2]! }],
      }),
      { media, labelFont: labelFont() },
    );

    // 0.2 of 192 m by 0.2 of 108 m.
    expect(output.boundary).toEqual({ area_m2: 829.4, perimeter_m: 120 });
    expect(output.annotations).toEqual([expect.objectContaining({ type: 'measurement', text: '38.4 m' })]);
    expect(output).toMatchObject({
      image: { s3_key: 'media/org-1/test/edit-job/markup-edit.jpg', width: WIDTH, height: HEIGHT },
      source_image: parent.image,
      markup_job_id: 'markup-job',
      style: 'outline',
      boundary_polygon: BOUNDARY,
      georeference: parent.georeference,
    });
    const edited = media.objects.get('media/org-1/test/edit-job/markup-edit.jpg')?.body;
    const [r, g, b] = await pixel(edited, 0.4 * WIDTH, 0.5 * HEIGHT);
    expect(r).toBeGreaterThan(200);
    expect(Math.max(g!, b!)).toBeLessThan(80);
    expect(await pixel(edited, 100, 100)).toEqual([128, 128, 128].map((v) => expect.closeTo(v, -1)));
  });

  it('darkens the ground outside the boundary and leaves the inside as it was', async () => {
    const { output: parent, media } = await parentMarkup();
    await editMarkup(
      editEvent(parent, {
        options: {
          style: 'darken',
          compositor: { outline_color: '#FFFFFF', outline_width: 6, blur_radius: 20, darken_amount: 0.5 },
        },
      }),
      { media, labelFont: labelFont() },
    );
    const edited = media.objects.get('media/org-1/test/edit-job/markup-edit.jpg')?.body;
    const [outside] = await pixel(edited, 100, 100);
    const [inside] = await pixel(edited, WIDTH / 2, HEIGHT / 2);
    expect(outside).toBeCloseTo(64, -1);
    expect(inside).toBeCloseTo(128, -1);
  });
});
