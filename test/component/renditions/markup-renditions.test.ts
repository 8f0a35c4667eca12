// The markup edit's renditions as a job makes them, checked on their decoded pixels, not on the numbers
// the code used to cut them: the parent aerial is flat grey, the boundary is drawn magenta and the labels
// are white text on dark boxes, the only pure magenta and near-white pixels anywhere (a frame's blurred
// continuation is darkened, never that bright). So every social file must show the whole magenta ring and
// all the white text clear of its edges, in the same proportions as the edit itself; the portal file must
// show the ring and no text at all; and the detector must find the text in the labelled edit, or it could
// not fail.
import exifr from 'exifr';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  type EditMarkupEvent,
  editMarkup,
  type StoredMarkupOutput,
} from '../../../functions/jobs/markup/steps.ts';
import type { StoredRenditions } from '../../../functions/jobs/shared/still-renditions.ts';
import { labelFont } from '../../../functions/media/markup/label-font.ts';
import { fakeMediaStore, resolvedLocation, SYNTHETIC_PROVENANCE, stepJob } from '../../support/fakes.ts';

const WIDTH = 3840;
const HEIGHT = 2160;
const ORIGIN = { lat: -33.8795, lng: 151.1982 };
const BOUNDARY = [
  { x: 0.36, y: 0.3 },
  { x: 0.66, y: 0.32 },
  { x: 0.64, y: 0.72 },
  { x: 0.34, y: 0.7 },
];

async function parent() {
  const jpeg = await sharp({
    create: { width: WIDTH, height: HEIGHT, channels: 3, background: { r: 128, g: 128, b: 128 } },
  })
    .jpeg({ quality: 95 })
    .toBuffer();
  const key = 'media/org-1/test/markup-job/markup.jpg';
  const output: StoredMarkupOutput = {
    image: { s3_key: key, content_type: 'image/jpeg', size_bytes: jpeg.length, width: WIDTH, height: HEIGHT },
    georeference: { center: ORIGIN, meters_per_pixel: 0.05, rotation: 0, width: WIDTH, height: HEIGHT },
    suggested_boundary: null,
    orientation: 'bottom',
    front_direction: 0,
    zoom: 'standard',
    style: 'outline',
    detected_front_direction: null,
    location: resolvedLocation(ORIGIN),
    providers: { geocoder: 'fake-geocoder', site: 'fake-site', imagery: 'fake-imagery' },
    boundary_visible_fraction: null,
    boundary_source: null,
    imagery: { ...SYNTHETIC_PROVENANCE, attribution: 'Imagery © Example Aerial' },
  };
  return { output, media: fakeMediaStore({ [key]: jpeg }) };
}

function event(
  output: StoredMarkupOutput,
  renditions: EditMarkupEvent['input']['renditions'],
): EditMarkupEvent {
  return {
    job: stepJob({ job_id: 'edit-job', job_type: 'markup_v2_edit' }),
    input: {
      boundary_polygon: BOUNDARY,
      text_annotations: [
        { type: 'label', text: 'Subject property', position: { x: 0.22, y: 0.5 } },
        { type: 'area', text: '1,200 m²' },
        { type: 'measurement', from: BOUNDARY[3]!, to: BOUNDARY[2]! },
      ],
      options: {
        style: 'outline',
        compositor: { outline_color: '#FF00FF', outline_width: 14, blur_radius: 20, darken_amount: 0.5 },
      },
      renditions,
    },
    parent: { job_id: 'markup-job', output },
  };
}

interface Found {
  readonly count: number;
  readonly box?: { left: number; top: number; right: number; bottom: number };
}

/** The pixels a test counts, with their bounding box. */
async function find(file: Buffer, match: (r: number, g: number, b: number) => boolean) {
  const { data, info } = await sharp(file).raw().toBuffer({ resolveWithObject: true });
  let count = 0;
  let left = Infinity;
  let top = Infinity;
  let right = -1;
  let bottom = -1;
  for (let y = 0; y < info.height; y++)
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * info.channels;
      if (!match(data[i]!, data[i + 1]!, data[i + 2]!)) continue;
      count++;
      left = Math.min(left, x);
      top = Math.min(top, y);
      right = Math.max(right, x);
      bottom = Math.max(bottom, y);
    }
  const found: Found = count ? { count, box: { left, top, right, bottom } } : { count };
  return { ...found, width: info.width, height: info.height };
}

const magenta = (r: number, g: number, b: number) => r > 190 && g < 80 && b > 190;
const white = (r: number, g: number, b: number) => r > 225 && g > 225 && b > 225;

describe('markup edit renditions', () => {
  it('cuts each social shape around the whole boundary and every label, and makes the portal file from the twin without labels', async () => {
    const { output: markup, media } = await parent();
    const output = await editMarkup(
      event(markup, ['portal', 'web', 'social_square', 'social_portrait', 'social_story']),
      { media, labelFont: labelFont() },
    );
    const renditions = output.image.renditions as StoredRenditions;
    const body = (key: string) => media.objects.get(key)!.body;

    // The edit itself: the ring and the text are where the detector looks, or the test could not fail.
    const edit = body(output.image.s3_key);
    const [ring, text] = await Promise.all([find(edit, magenta), find(edit, white)]);
    expect(ring.count).toBeGreaterThan(10_000);
    expect(text.count).toBeGreaterThan(2_000);
    const ringAspect = (ring.box!.right - ring.box!.left) / (ring.box!.bottom - ring.box!.top);

    for (const [name, size] of [
      ['social_square', [1080, 1080]],
      ['social_portrait', [1080, 1350]],
      ['social_story', [1080, 1920]],
    ] as const) {
      const file = renditions[name]!;
      expect(file).toMatchObject({ content_type: 'image/jpeg', width: size[0], height: size[1] });
      const jpeg = body(file.s3_key);
      expect(file.size_bytes).toBe(jpeg.length);
      const meta = await sharp(jpeg).metadata();
      expect([meta.format, meta.width, meta.height, meta.space]).toEqual(['jpeg', ...size, 'srgb']);
      const [r, t] = await Promise.all([find(jpeg, magenta), find(jpeg, white)]);
      for (const found of [r, t]) {
        // Clear of every edge: nothing of the ring or the labels was cut.
        expect(found.box!.left, name).toBeGreaterThan(3);
        expect(found.box!.top, name).toBeGreaterThan(3);
        expect(found.box!.right, name).toBeLessThan(size[0] - 4);
        expect(found.box!.bottom, name).toBeLessThan(size[1] - 4);
      }
      // The same shapes in the same proportions: a ring cut short or a label cut off would change these.
      // The ring is the ruler: the edit scaled as the ring was shows how much text there should be.
      const aspect = (r.box!.right - r.box!.left) / (r.box!.bottom - r.box!.top);
      expect(aspect / ringAspect, name).toBeCloseTo(1, 1);
      const scale = (r.box!.right - r.box!.left) / (ring.box!.right - ring.box!.left);
      const scaled = await sharp(edit)
        .resize(Math.round(WIDTH * scale))
        .jpeg({ quality: 88 })
        .toBuffer();
      const [scaledRing, scaledText] = await Promise.all([find(scaled, magenta), find(scaled, white)]);
      const expected = scaledText.count / scaledRing.count;
      expect(t.count / r.count / expected, name).toBeGreaterThan(0.85);
      expect(t.count / r.count / expected, name).toBeLessThan(1.2);
    }

    // Portal: the ring but no text, from the twin, within the portals' limits, with only the copyright kept.
    const portal = renditions.portal!;
    expect(portal.source).toBe('text_free_twin');
    const portalJpeg = body(portal.s3_key);
    const meta = await sharp(portalJpeg).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.space).toBe('srgb');
    expect(meta.width).toBeGreaterThanOrEqual(1200);
    expect(meta.width).toBeLessThanOrEqual(3000);
    expect(meta.width! / meta.height!).toBeGreaterThanOrEqual(4 / 3 - 0.01);
    expect(meta.width! / meta.height!).toBeLessThanOrEqual(3 / 2 + 0.01);
    expect(portalJpeg.length).toBeLessThan(10 * 1024 * 1024);
    const [portalRing, portalText] = await Promise.all([find(portalJpeg, magenta), find(portalJpeg, white)]);
    expect(portalRing.count).toBeGreaterThan(1_000);
    expect(portalText.count).toBe(0);
    const xmp = await exifr.parse(portalJpeg, { xmp: true, tiff: false, exif: false });
    expect(JSON.stringify(xmp)).toContain('Imagery © Example Aerial');

    // Web: WebP and AVIF at each srcset width, sizes and bytes as stored.
    expect(renditions.web!.map((f) => [f.format, f.width]).sort()).toEqual(
      [
        ['avif', 400],
        ['avif', 1024],
        ['avif', 2048],
        ['webp', 400],
        ['webp', 1024],
        ['webp', 2048],
      ].sort(),
    );
    for (const file of renditions.web!) {
      const data = body(file.s3_key);
      const decoded = await sharp(data).metadata();
      expect([decoded.format === 'heif' ? 'avif' : decoded.format, decoded.width, decoded.height]).toEqual([
        file.format,
        file.width,
        Math.round((file.width! * HEIGHT) / WIDTH),
      ]);
      expect(file.size_bytes).toBe(data.length);
    }
  });

  it('uses the edit itself as the portal source when it has no labels, and makes nothing unasked', async () => {
    const { output: markup, media } = await parent();
    const plain = await editMarkup(
      { ...event(markup, ['portal']), input: { ...event(markup, ['portal']).input, text_annotations: [] } },
      { media, labelFont: labelFont() },
    );
    expect((plain.image.renditions as StoredRenditions).portal?.source).toBe('original');
    expect(Object.keys(plain.image.renditions as StoredRenditions)).toEqual(['portal']);

    const none = await editMarkup(event(markup, undefined), { media, labelFont: labelFont() });
    expect(none.image).not.toHaveProperty('renditions');
  });

  it('refuses a portal file of imagery licensed for no portal use before anything is made', async () => {
    const { output: markup, media } = await parent();
    const restricted = {
      ...markup,
      imagery: {
        ...markup.imagery!,
        source: 'amazon-location-satellite' as const,
        licence: { store: false, print: false, portal: false },
      },
    };
    const before = media.objects.size;
    await expect(
      editMarkup(event(restricted, ['portal']), { media, labelFont: labelFont() }),
    ).rejects.toMatchObject({
      name: 'LICENCE_RESTRICTED',
    });
    expect(media.objects.size).toBe(before);
    // Without portal, the same edit is made.
    await expect(
      editMarkup(event(restricted, ['web']), { media, labelFont: labelFont() }),
    ).resolves.toBeDefined();
  });
});
