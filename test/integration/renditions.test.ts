// Renditions on the local stack: a markup and a labelled edit asked for portal, web and social files;
// every file downloads from its URL and decodes to the size and format the job says; the labelled edit's
// portal file comes from its text-free twin; usage counts each rendition once; bad names are a 400 naming
// the value, before any job is made.
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { download } from '../support/image-probe.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
let key: string;
let markup: Json;
let edit: Json;

const ADDRESS = '12 Wattle Street, Ultimo NSW 2007';

beforeAll(async () => {
  key = await (await newOrganization(stack)).key('live');
  const accepted = await call<Json>(stack.url, 'POST', '/v2/markup/generate', {
    key,
    body: {
      address: ADDRESS,
      options: { front_direction: 90 },
      renditions: ['portal', 'web', 'social_story'],
    },
  });
  expect(accepted.status, accepted.text).toBe(202);
  markup = await waitForJob(stack.url, key, accepted.body.data.job_id);
  expect(markup.status, JSON.stringify(markup.error)).toBe('completed');
  const edited = await call<Json>(stack.url, 'POST', `/v2/markup/jobs/${markup.job_id}/edit`, {
    key,
    body: {
      boundary_polygon: markup.output.suggested_boundary,
      text_annotations: [{ type: 'label', text: 'Subject property', position: { x: 0.3, y: 0.5 } }],
      renditions: ['portal', 'social_square'],
    },
  });
  expect(edited.status, edited.text).toBe(202);
  edit = await waitForJob(stack.url, key, edited.body.data.job_id);
  expect(edit.status, JSON.stringify(edit.error)).toBe('completed');
}, 120_000);

async function fetched(file: Json) {
  expect(file.url).toMatch(/^http/);
  expect(Date.parse(file.expires_at)).toBeGreaterThan(Date.now());
  const body = await download(file.url);
  expect(body.length).toBe(file.size_bytes);
  return { body, meta: await sharp(body).metadata() };
}

describe('renditions', () => {
  it('gives the markup image each rendition asked for, as files that match what the job says', async () => {
    const renditions = markup.output.image.renditions;
    expect(Object.keys(renditions).sort()).toEqual(['portal', 'social_story', 'web']);
    expect(renditions.portal.source).toBe('original');
    const portal = await fetched(renditions.portal);
    expect([portal.meta.format, portal.meta.space]).toEqual(['jpeg', 'srgb']);
    expect(portal.meta.width! / portal.meta.height!).toBeGreaterThanOrEqual(4 / 3 - 0.01);
    expect(portal.meta.width! / portal.meta.height!).toBeLessThanOrEqual(3 / 2 + 0.01);
    expect(renditions.social_story).toMatchObject({ width: 1080, height: 1920, content_type: 'image/jpeg' });
    const story = await fetched(renditions.social_story);
    expect([story.meta.width, story.meta.height, story.meta.space]).toEqual([1080, 1920, 'srgb']);
    expect(renditions.web).toHaveLength(6);
    for (const file of renditions.web) {
      const { meta } = await fetched(file);
      expect(meta.width).toBe(file.width);
      expect(meta.format === 'heif' ? 'avif' : meta.format).toBe(file.format);
    }
  });

  it("makes the labelled edit's portal file from its twin without the labels", async () => {
    const { portal, social_square } = edit.output.image.renditions;
    expect(portal.source).toBe('text_free_twin');
    await fetched(portal);
    expect(social_square).toMatchObject({ width: 1080, height: 1080 });
    await fetched(social_square);
    // The edit names its source image without the source's renditions.
    expect(edit.output.source_image).not.toHaveProperty('renditions');
  });

  it('counts each rendition once in the usage report', async () => {
    const deadline = Date.now() + 15_000;
    let totals: Json;
    do {
      totals = (await call<Json>(stack.url, 'GET', '/v1/usage', { key })).body.data.totals;
    } while (totals.jobs < 2 && Date.now() < deadline);
    // markup: portal, web, social_story; edit: portal, social_square.
    expect(totals.renditions).toBe(5);
    expect(totals.by_rendition.portal.count).toBe(2);
    expect(totals.by_rendition.web.count).toBe(1);
  });

  it('refuses an unknown rendition, one the kind does not make, and a repeated one, naming the value', async () => {
    for (const [renditions, says] of [
      [['banner'], "'banner' is not a rendition"],
      [['print'], "'print' is not made for markup images"],
      [['web', 'web'], "'web' is named twice"],
    ] as const) {
      const res = await call<Json>(stack.url, 'POST', '/v2/markup/generate', {
        key,
        body: { address: ADDRESS, renditions },
      });
      expect(res.status, res.text).toBe(400);
      expect(res.body.error.code).toBe('VALIDATION_ERROR');
      expect(res.text).toContain(says);
    }
  });

  it('refuses an end card logo the stage would not fetch (the metadata service) with a 422 before anything is made', async () => {
    const res = await call<Json>(stack.url, 'POST', `/v2/markup/jobs/${edit.job_id}/video`, {
      key,
      body: {
        renditions: ['social_story'],
        branding: { agency_logo_url: 'https://169.254.169.254/latest/logo.png' },
      },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('URL_NOT_ALLOWED');
    expect(res.text).toContain('branding.agency_logo_url');
  });
});
