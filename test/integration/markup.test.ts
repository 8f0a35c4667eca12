// Markup V2 on the local stack: generate → edit in each style with annotations; the images download
// from their URLs and their pixels show the boundary where it was asked for (outline on the polygon,
// blur/darken outside it only); every invalid input gets its documented 4xx.
import { beforeAll, describe, expect, it } from 'vitest';
import { distanceToOutline, labelPoint, pointInPolygon } from '../../functions/domain/geometry/polygon.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import {
  decode,
  download,
  luminance,
  meanDifference,
  meanLuminance,
  type Pixels,
} from '../support/image-probe.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
let key: string;
let otherKey: string;

const generate = (body: unknown, k = key) =>
  call<Json>(stack.url, 'POST', '/v2/markup/generate', { key: k, body });
const edit = (jobId: string, body: unknown, k = key) =>
  call<Json>(stack.url, 'POST', `/v2/markup/jobs/${jobId}/edit`, { key: k, body });

const ADDRESS = '10 Wattle Street, Ultimo NSW 2007';
let markup: Json;
let source: Pixels;

beforeAll(async () => {
  const org = await newOrganization(stack);
  key = await org.key('live');
  otherKey = await (await newOrganization(stack)).key('live');
  const accepted = await generate({ address: ADDRESS, options: { front_direction: 195, style: 'darken' } });
  expect(accepted.status).toBe(202);
  markup = await waitForJob(stack.url, key, accepted.body.data.job_id);
  expect(markup.status, JSON.stringify(markup.error)).toBe('completed');
  source = await decode(await download(markup.output.image.url));
});

describe('markup generation', () => {
  it('renders a 3840x2160 aerial with its georeference and a suggested boundary around the centre', () => {
    const out = markup.output;
    expect(markup.job_type).toBe('markup_v2');
    expect(markup.input.options).toEqual({
      orientation: 'bottom',
      style: 'darken',
      zoom: 'standard',
      front_direction: 195,
    });
    expect(out.image).toMatchObject({ content_type: 'image/jpeg', width: 3840, height: 2160 });
    expect([source.width, source.height]).toEqual([3840, 2160]);
    // Front at the bottom: the top of the image looks the opposite way (195 - 180).
    expect(out.georeference).toMatchObject({ rotation: 15, width: 3840, height: 2160 });
    expect(out.georeference.meters_per_pixel).toBeGreaterThan(0.01);
    expect(out.style).toBe('darken');
    const ring = out.suggested_boundary as { x: number; y: number }[];
    expect(ring.length).toBeGreaterThanOrEqual(4);
    expect(pointInPolygon({ x: 0.5, y: 0.5 }, ring)).toBe(true);
    for (const p of ring) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(1);
    }
    expect(out.detected_front_direction.direction).toMatch(/north|south|east|west/);
    expect(out.providers).toEqual({
      geocoder: 'offline-gazetteer',
      site: 'offline-synthetic',
      imagery: 'offline-synthetic-render',
    });
  });

  it('puts the front where orientation says: the lot extends away from the street on the other side', async () => {
    // With the detected front bearing, a bottom-oriented lot is deeper than wide on screen (a street
    // frontage along the bottom), a left-oriented one wider than deep.
    const bearing = markup.output.detected_front_direction.bearing;
    const spans = async (orientation: string) => {
      const job = await waitForJob(
        stack.url,
        key,
        (await generate({ address: ADDRESS, options: { orientation, front_direction: bearing } })).body.data
          .job_id,
      );
      const ring = job.output.suggested_boundary as { x: number; y: number }[];
      const w = (Math.max(...ring.map((p) => p.x)) - Math.min(...ring.map((p) => p.x))) * 3840;
      const h = (Math.max(...ring.map((p) => p.y)) - Math.min(...ring.map((p) => p.y))) * 2160;
      return { w, h, rotation: job.output.georeference.rotation };
    };
    const bottom = await spans('bottom');
    const left = await spans('left');
    expect(bottom.h).toBeGreaterThan(bottom.w);
    expect(left.w).toBeGreaterThan(left.h);
    expect((left.rotation - bottom.rotation + 360) % 360).toBe(270);
  });

  it('covers more ground for a wider zoom', async () => {
    const mpp = async (zoom: string) =>
      (
        await waitForJob(
          stack.url,
          key,
          (
            await generate({ address: ADDRESS, options: { zoom } })
          ).body.data.job_id,
        )
      ).output.georeference.meters_per_pixel as number;
    const [close, standard, wide] = [await mpp('close'), await mpp('standard'), await mpp('wide')];
    expect(close).toBeLessThan(standard);
    expect(standard).toBeLessThan(wide);
  });

  it('skips the geocoder with options.lat/lng', async () => {
    const job = await waitForJob(
      stack.url,
      key,
      (
        await generate({
          address: '12 Example Road, Notarealplace QLD 4000',
          options: { lat: -27.47, lng: 153.02 },
        })
      ).body.data.job_id,
    );
    expect(job.status).toBe('completed');
    expect(job.output.location.provider).toBe('caller');
  });
});

/** Sample points on a grid, split by where they fall relative to the boundary (pixels). */
function samples(
  ring: { x: number; y: number }[],
  margin: number,
  exclude: (p: { x: number; y: number }) => boolean,
) {
  const inside: { x: number; y: number }[] = [];
  const outside: { x: number; y: number }[] = [];
  for (let y = 20; y < 2160; y += 36) {
    for (let x = 20; x < 3840; x += 36) {
      const p = { x, y };
      if (exclude(p) || distanceToOutline(p, ring) < margin) continue;
      (pointInPolygon(p, ring) ? inside : outside).push(p);
    }
  }
  return { inside, outside };
}

describe('markup edit', () => {
  const annotations = [
    { type: 'label', text: 'Subject property', position: { x: 0.2, y: 0.06 }, size: 'large' },
    { type: 'measurement', from: { x: 0.6, y: 0.06 }, to: { x: 0.9, y: 0.06 } },
    { type: 'area' },
  ];
  let ring: { x: number; y: number }[];
  let areaLabel: { x: number; y: number };
  // Annotations sit in the top band and on the area label point; pixel checks leave those out.
  const underAnnotation = (p: { x: number; y: number }) =>
    p.y < 0.14 * 2160 || Math.hypot(p.x - areaLabel.x, p.y - areaLabel.y) < 260;

  beforeAll(() => {
    ring = (markup.output.suggested_boundary as { x: number; y: number }[]).map((p) => ({
      x: p.x * 3840,
      y: p.y * 2160,
    }));
    areaLabel = labelPoint(ring);
  });

  const runEdit = async (options: Json) => {
    const accepted = await edit(markup.job_id, {
      boundary_polygon: markup.output.suggested_boundary,
      text_annotations: annotations,
      options,
    });
    expect(accepted.status, accepted.text).toBe(202);
    const job = await waitForJob(stack.url, key, accepted.body.data.job_id);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    return { job, image: await decode(await download(job.output.image.url)) };
  };

  it('outline: strokes the polygon in the chosen colour and width and leaves the photo untouched', async () => {
    const { job, image } = await runEdit({
      style: 'outline',
      compositor: { outline_color: '#FF00FF', outline_width: 10 },
    });
    expect([image.width, image.height]).toEqual([3840, 2160]);
    expect(job.output.style).toBe('outline');
    expect(job.output.compositor).toEqual({
      outline_color: '#FF00FF',
      outline_width: 10,
      blur_radius: 20,
      darken_amount: 0.5,
    });
    const magenta = (p: { x: number; y: number }) => {
      const [r, g, b] = image.rgb(p.x, p.y);
      return r > 200 && g < 70 && b > 200;
    };
    for (let i = 0; i < ring.length; i += 1) {
      const a = ring[i]!;
      const b = ring[(i + 1) % ring.length]!;
      for (const t of [0.3, 0.5, 0.7]) {
        const on = { x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t };
        if (underAnnotation(on)) continue;
        expect(magenta(on), `edge ${i} at ${t}`).toBe(true);
        // 20 px off the edge on either side is photo again, not stroke.
        const len = Math.hypot(b.x - a.x, b.y - a.y);
        const n = { x: -(b.y - a.y) / len, y: (b.x - a.x) / len };
        expect(magenta({ x: on.x + 20 * n.x, y: on.y + 20 * n.y })).toBe(false);
        expect(magenta({ x: on.x - 20 * n.x, y: on.y - 20 * n.y })).toBe(false);
      }
    }
    const { inside, outside } = samples(ring, 16, underAnnotation);
    expect(meanDifference(image, source, inside)).toBeLessThan(3);
    expect(meanDifference(image, source, outside)).toBeLessThan(3);
  });

  it('darken: darkens outside the boundary by darken_amount and leaves the inside as it was', async () => {
    // No style given: the markup's own style (darken) is the default.
    const { job, image } = await runEdit({ compositor: { darken_amount: 0.7 } });
    expect(job.output.style).toBe('darken');
    expect(job.input.options.style).toBe('darken');
    const { inside, outside } = samples(ring, 16, underAnnotation);
    expect(inside.length).toBeGreaterThan(50);
    expect(meanDifference(image, source, inside)).toBeLessThan(3);
    const ratio = meanLuminance(image, outside) / meanLuminance(source, outside);
    expect(ratio).toBeGreaterThan(0.25);
    expect(ratio).toBeLessThan(0.35);
  });

  it('blur: blurs outside the boundary only', async () => {
    const { job, image } = await runEdit({ style: 'blur', compositor: { blur_radius: 30 } });
    expect(job.output.style).toBe('blur');
    const { inside, outside } = samples(ring, 16, underAnnotation);
    expect(meanDifference(image, source, inside)).toBeLessThan(3);
    expect(meanDifference(image, source, outside)).toBeGreaterThan(5);
    // Local contrast (neighbouring pixels' difference) drops outside, not inside.
    const contrast = (img: Pixels, points: { x: number; y: number }[]) =>
      points.reduce(
        (s, p) => s + Math.abs(luminance(img.rgb(p.x, p.y)) - luminance(img.rgb(p.x + 2, p.y))),
        0,
      ) / points.length;
    expect(contrast(image, outside)).toBeLessThan(0.5 * contrast(source, outside));
    expect(contrast(image, inside)).toBeGreaterThan(0.8 * contrast(source, inside));
  });

  it('draws the annotations and reports the texts it drew, with computed length and area', async () => {
    const { job, image } = await runEdit({ style: 'outline' });
    const drawn = job.output.annotations as Json[];
    expect(drawn.map((a) => a.type)).toEqual(['label', 'measurement', 'area']);
    expect(drawn[0]!.text).toBe('Subject property');
    const mpp = markup.output.georeference.meters_per_pixel;
    expect(drawn[1]!.text).toBe(`${(0.3 * 3840 * mpp).toFixed(1)} m`);
    expect(drawn[2]!.text).toMatch(/^[\d,]+ m²$/);
    const area = Number(drawn[2]!.text.replace(/[^\d]/g, ''));
    expect(Math.abs(area - job.output.boundary.area_m2)).toBeLessThanOrEqual(1);
    expect(job.output.boundary.perimeter_m).toBeGreaterThan(0);
    // Something legible was drawn where each annotation is: the label's box is dark, its text light.
    const label = { x: 0.2 * 3840, y: 0.06 * 2160 };
    const column = Array.from({ length: 60 }, (_, i) => image.rgb(label.x - 150 + i * 5, label.y));
    expect(Math.min(...column.map(luminance))).toBeLessThan(60);
    expect(Math.max(...column.map(luminance))).toBeGreaterThan(200);
    expect(job.output.source_image.url).toMatch(/markup\.jpg/);
  });
});

describe('markup bad input', () => {
  const square = [
    { x: 0.4, y: 0.4 },
    { x: 0.6, y: 0.4 },
    { x: 0.6, y: 0.6 },
    { x: 0.4, y: 0.6 },
  ];
  const paths = (res: { body: Json }) => (res.body.error.details ?? []).map((d: Json) => d.path);
  const messages = (res: { body: Json }) =>
    (res.body.error.details ?? []).map((d: Json) => d.message).join(' | ');

  it.each([
    ['no address', {}, 'address'],
    ['bad orientation', { address: ADDRESS, options: { orientation: 'north' } }, 'options.orientation'],
    ['bad style', { address: ADDRESS, options: { style: 'glow' } }, 'options.style'],
    ['bad zoom', { address: ADDRESS, options: { zoom: 'huge' } }, 'options.zoom'],
    [
      'front_direction over 360',
      { address: ADDRESS, options: { front_direction: 361 } },
      'options.front_direction',
    ],
    [
      'front_direction negative',
      { address: ADDRESS, options: { front_direction: -5 } },
      'options.front_direction',
    ],
    ['lat without lng', { address: ADDRESS, options: { lat: -33.8 } }, 'options.lng'],
    ['unknown option', { address: ADDRESS, options: { scale: 2 } }, 'options.scale'],
    ['unknown field', { address: ADDRESS, polygon: [] }, 'polygon'],
  ])('generate: %s → 400 naming %s', async (_label, body, path) => {
    const res = await generate(body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(paths(res)).toContain(path);
  });

  const long = (n: number) => 'x'.repeat(n);
  it.each([
    ['no boundary', {}, 'boundary_polygon', /required/i],
    ['two vertices', { boundary_polygon: square.slice(0, 2) }, 'boundary_polygon', /3/],
    [
      '501 vertices',
      {
        boundary_polygon: Array.from({ length: 501 }, (_, i) => ({
          x: 0.5 + 0.3 * Math.cos((2 * Math.PI * i) / 501),
          y: 0.5 + 0.3 * Math.sin((2 * Math.PI * i) / 501),
        })),
      },
      'boundary_polygon',
      /500/,
    ],
    [
      'vertex outside 0-1',
      { boundary_polygon: [...square.slice(0, 3), { x: 1.2, y: 0.5 }] },
      'boundary_polygon[3].x',
      /1/,
    ],
    [
      'self-intersecting (bow tie)',
      { boundary_polygon: [square[0], square[2], square[1], square[3]] },
      'boundary_polygon',
      /self-intersecting/,
    ],
    [
      'no area (collinear)',
      {
        boundary_polygon: [
          { x: 0.1, y: 0.1 },
          { x: 0.2, y: 0.2 },
          { x: 0.3, y: 0.3 },
        ],
      },
      'boundary_polygon',
      /self-intersecting|area/,
    ],
    [
      'repeated vertex',
      { boundary_polygon: [square[0], square[1], square[1], square[2]] },
      'boundary_polygon[2]',
      /repeats/,
    ],
    [
      'empty label text',
      {
        boundary_polygon: square,
        text_annotations: [{ type: 'label', text: '', position: { x: 0.5, y: 0.5 } }],
      },
      'text_annotations[0].text',
      /1-200/,
    ],
    [
      '201-character label',
      {
        boundary_polygon: square,
        text_annotations: [{ type: 'label', text: long(201), position: { x: 0.5, y: 0.5 } }],
      },
      'text_annotations[0].text',
      /1-200/,
    ],
    [
      'undrawable character',
      {
        boundary_polygon: square,
        text_annotations: [{ type: 'label', text: 'Lot 中', position: { x: 0.5, y: 0.5 } }],
      },
      'text_annotations[0].text',
      /cannot draw/,
    ],
    [
      'control character',
      {
        boundary_polygon: square,
        text_annotations: [{ type: 'label', text: 'a\nb', position: { x: 0.5, y: 0.5 } }],
      },
      'text_annotations[0].text',
      /cannot draw/,
    ],
    [
      'unknown annotation type',
      { boundary_polygon: square, text_annotations: [{ type: 'arrow', text: 'x' }] },
      'text_annotations[0].type',
      /.+/,
    ],
    [
      'label without position',
      { boundary_polygon: square, text_annotations: [{ type: 'label', text: 'x' }] },
      'text_annotations[0].position',
      /.+/,
    ],
    [
      'measurement of zero length',
      {
        boundary_polygon: square,
        text_annotations: [{ type: 'measurement', from: square[0], to: square[0] }],
      },
      'text_annotations[0].to',
      /differ/,
    ],
    [
      'bad annotation colour',
      { boundary_polygon: square, text_annotations: [{ type: 'area', color: 'red' }] },
      'text_annotations[0].color',
      /hex/,
    ],
    [
      '51 annotations',
      { boundary_polygon: square, text_annotations: Array.from({ length: 51 }, () => ({ type: 'area' })) },
      'text_annotations',
      /50/,
    ],
    ['bad style', { boundary_polygon: square, options: { style: 'glow' } }, 'options.style', /.+/],
    [
      'bad outline colour',
      { boundary_polygon: square, options: { compositor: { outline_color: '#12345' } } },
      'options.compositor.outline_color',
      /hex/,
    ],
    [
      'outline_width 0',
      { boundary_polygon: square, options: { compositor: { outline_width: 0 } } },
      'options.compositor.outline_width',
      /.+/,
    ],
    [
      'outline_width 21',
      { boundary_polygon: square, options: { compositor: { outline_width: 21 } } },
      'options.compositor.outline_width',
      /.+/,
    ],
    [
      'blur_radius 4',
      { boundary_polygon: square, options: { compositor: { blur_radius: 4 } } },
      'options.compositor.blur_radius',
      /.+/,
    ],
    [
      'blur_radius 51',
      { boundary_polygon: square, options: { compositor: { blur_radius: 51 } } },
      'options.compositor.blur_radius',
      /.+/,
    ],
    [
      'darken_amount 0.05',
      { boundary_polygon: square, options: { compositor: { darken_amount: 0.05 } } },
      'options.compositor.darken_amount',
      /.+/,
    ],
    [
      'darken_amount 0.95',
      { boundary_polygon: square, options: { compositor: { darken_amount: 0.95 } } },
      'options.compositor.darken_amount',
      /.+/,
    ],
    [
      'unknown compositor option',
      { boundary_polygon: square, options: { compositor: { glow: 1 } } },
      'options.compositor.glow',
      /.+/,
    ],
  ])('edit: %s → 400 naming %s', async (_label, body, path, message) => {
    const res = await edit(markup.job_id, body);
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(paths(res)).toContain(path);
    expect(messages(res)).toMatch(message);
  });

  it('accepts a ring closed by repeating its first vertex', async () => {
    const res = await edit(markup.job_id, { boundary_polygon: [...square, square[0]] });
    expect(res.status).toBe(202);
    const job = await waitForJob(stack.url, key, res.body.data.job_id);
    expect(job.output.boundary_polygon).toEqual(square);
  });

  it('refuses parents that are unknown, foreign, of another type or not completed', async () => {
    const body = { boundary_polygon: square };
    expect((await edit('00000000-0000-7000-8000-000000000000', body)).status).toBe(404);
    const foreign = await edit(markup.job_id, body, otherKey);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error.code).toBe('NOT_FOUND');

    const frontage = await call<Json>(stack.url, 'POST', '/v1/property-frontage/detect', {
      key,
      body: { address: ADDRESS },
    });
    const wrongType = await edit(frontage.body.data.job_id, body);
    expect(wrongType.status).toBe(409);
    expect(wrongType.body.error.code).toBe('INVALID_PARENT_JOB');

    const failed = await waitForJob(
      stack.url,
      key,
      (await generate({ address: '3 Nowhere Lane, Fakesuburb VIC 3000' })).body.data.job_id,
    );
    expect(failed.status).toBe('failed');
    expect(failed.error.code).toBe('ADDRESS_NOT_FOUND');
    const notReady = await edit(failed.job_id, body);
    expect(notReady.status).toBe(409);
    expect(notReady.body.error.code).toBe('PARENT_JOB_FAILED');
    expect(notReady.body.error.message).toContain('ADDRESS_NOT_FOUND');
  });
});
