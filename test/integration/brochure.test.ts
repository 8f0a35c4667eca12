// Brochure slides end to end on the local stack: sample photos, logo and headshot served from a
// loopback HTTP server are downloaded by the step (SSRF-checked), slides complete with a
// 1920x1080 PNG (rendered by the local still renderer in the step's worker) and a one-page A4 landscape
// PDF, and reports its layout; bad requests are refused (400/422) and an image that cannot be
// downloaded ends the job IMAGE_DOWNLOAD_FAILED naming the URL.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrochureSlideRequest } from '../../functions/jobs/brochure/schema.ts';
import { sampleRequests } from '../../scripts/brochure/sample-data.ts';
import { type SampleServer, startSampleServer } from '../../scripts/brochure/sample-server.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { download } from '../support/image-probe.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
// The machine is shared and loaded: a slide takes seconds alone, much longer behind other renders.
const JOB_TIMEOUT_MS = 90_000;
let key: string;
let server: SampleServer;
let requests: BrochureSlideRequest[];

beforeAll(async () => {
  key = await (await newOrganization(stack)).key('live');
  server = await startSampleServer();
  requests = sampleRequests(server.base);
}, 60_000);

afterAll(async () => {
  await server?.close();
});

const generate = (body: unknown) =>
  call<Json>(stack.url, 'POST', '/v1/brochure-slides/generate', { key, body });

async function generateAndWait(body: BrochureSlideRequest): Promise<Json> {
  const accepted = await generate(body);
  expect(accepted.status, accepted.text).toBe(202);
  const job = await waitForJob(stack.url, key, accepted.body.data.job_id, JOB_TIMEOUT_MS);
  if (job.completed_at) {
    const seconds = (Date.parse(job.completed_at) - Date.parse(job.created_at)) / 1000;
    console.log(`brochure_slide ${body.slide.type} ${job.status} in ${seconds} s`);
  }
  return job;
}

describe('brochure slides', () => {
  // One type through the stack's own route: the content slide, whose layout description chooses its
  // layout. Every type is rendered with its text checked in test/component/brochure/render-slides.test.ts,
  // and all six go through the stack as a listing kit's children in listing-kit.test.ts, where each one's
  // PNG and PDF are checked as here (and the location slide's map provider).
  const types = ['content'] as const;

  it.each(types)(
    '%s: completes with a 1920x1080 PNG and a one-page A4 landscape PDF',
    async (type) => {
      const request = requests.find((r) => r.slide.type === type)!;
      const job = await generateAndWait(request);
      expect(job.status, JSON.stringify(job.error)).toBe('completed');
      expect(job.job_type).toBe('brochure_slide');
      const out = job.output;
      expect(out.slide_type).toBe(type);
      expect(out.layout.id).toMatch(new RegExp(`^${type}-`));
      expect(out.layout).toMatchObject({ id: 'content-image-left', source: 'layout_description' });
      if (request.slide.selected_images) {
        for (const url of out.images_used) expect(request.slide.selected_images).toContain(url);
      }

      const png = await download(out.png.url);
      // Set BROCHURE_SLIDES_DIR to keep the slides for looking at.
      const keep = process.env.BROCHURE_SLIDES_DIR;
      if (keep) writeFileSync(path.join(keep, `${type}.png`), png);
      const meta = await sharp(png).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['png', 1920, 1080]);
      expect(out.png).toMatchObject({ content_type: 'image/png', width: 1920, height: 1080 });
      // Not a blank frame: a slide has photos or panels and text, so its pixels vary.
      const stats = await sharp(png).stats();
      expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(20);

      const pdfBytes = await download(out.pdf.url);
      expect(pdfBytes.subarray(0, 5).toString()).toBe('%PDF-');
      expect(out.pdf.content_type).toBe('application/pdf');
      const pdf = await PDFDocument.load(pdfBytes);
      expect(pdf.getPageCount()).toBe(1);
      const { width, height } = pdf.getPage(0).getSize();
      // A4 landscape: 297 x 210 mm = 841.89 x 595.28 pt.
      expect(width).toBeCloseTo(841.89, 1);
      expect(height).toBeCloseTo(595.28, 1);
    },
    JOB_TIMEOUT_MS + 30_000,
  );

  it('refuses selected_images that are not among property.images (400, naming the index)', async () => {
    const base = requests[2]!;
    const res = await generate({
      ...base,
      slide: {
        ...base.slide,
        selected_images: [base.property.images![0], `${server.base}/photos/other.jpg`],
      },
    });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body.error.details)).toContain('"path":"slide.selected_images[1]"');
  });

  it('refuses a colour that is not hex (400)', async () => {
    const base = requests[0]!;
    const res = await generate({ ...base, branding: { ...base.branding, primary_color: 'navy' } });
    expect(res.status, res.text).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(JSON.stringify(res.body.error.details)).toContain('branding.primary_color');
  });

  it('refuses an image URL on a private address (422, naming the field)', async () => {
    const base = requests[0]!;
    const res = await generate({
      ...base,
      branding: { ...base.branding, agency_logo_url: 'https://192.168.1.20/logo.png' },
    });
    expect(res.status, res.text).toBe(422);
    expect(res.body.error.code).toBe('URL_NOT_ALLOWED');
    expect(res.body.error.message).toContain('branding.agency_logo_url');
  });

  it(
    'fails the job IMAGE_DOWNLOAD_FAILED naming the URL of an image that is not there',
    async () => {
      const missing = `${server.base}/photos/missing.jpg`;
      const base = requests[0]!;
      const job = await generateAndWait({
        ...base,
        property: { ...base.property, images: [missing, ...base.property.images!] },
      });
      expect(job.status).toBe('failed');
      expect(job.error.code).toBe('IMAGE_DOWNLOAD_FAILED');
      expect(job.error.message).toContain(missing);
      expect(job.error.message).toContain('404');
    },
    JOB_TIMEOUT_MS + 30_000,
  );
});
