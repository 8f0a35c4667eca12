// A brochure slide with renditions end to end on the local stack: one cover asks for web, social_story
// and print, and its PNG comes back with each of them (fresh URLs like every output): the web files are
// WebP and AVIF at 1024 and 400 px, the story a 1080x1920 PNG laid out again for its shape, print a
// one-sheet PDF trimmed to the slide's area of an A4 landscape page with 3 mm bleed; every picture is
// sRGB and decodes at the size the output states. The usage record counts the renditions.
import { writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { PDFDocument, PDFName } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { A4_LANDSCAPE } from '../../functions/media/brochure/slide-pdf.ts';
import { sampleRequests } from '../../scripts/brochure/sample-data.ts';
import { type SampleServer, startSampleServer } from '../../scripts/brochure/sample-server.ts';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { download } from '../support/image-probe.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
// A slide and its story render one after another in the step's worker, on a shared, loaded machine.
const JOB_TIMEOUT_MS = 150_000;
const PT_PER_MM = 72 / 25.4;
let key: string;
let server: SampleServer;

beforeAll(async () => {
  key = await (await newOrganization(stack)).key('live');
  server = await startSampleServer();
}, 60_000);

afterAll(async () => {
  await server?.close();
});

/** A PDF page box as [x1, y1, x2, y2] points. */
function pageBox(pdf: PDFDocument, name: string): number[] {
  const value = pdf.getPage(0).node.get(PDFName.of(name)) as unknown as {
    asArray(): { asNumber(): number }[];
  };
  return value.asArray().map((n) => n.asNumber());
}

describe('brochure slide renditions', () => {
  it(
    'a cover with web, social_story and print: each made, at its size, format and colour space',
    async () => {
      const request = sampleRequests(server.base).find((r) => r.slide.type === 'cover')!;
      const accepted = await call<Json>(stack.url, 'POST', '/v1/brochure-slides/generate', {
        key,
        body: { ...request, renditions: ['web', 'social_story', 'print'] },
      });
      expect(accepted.status, accepted.text).toBe(202);
      const job = await waitForJob(stack.url, key, accepted.body.data.job_id, JOB_TIMEOUT_MS);
      expect(job.status, JSON.stringify(job.error)).toBe('completed');
      const out = job.output;
      const renditions = out.png.renditions;
      expect(Object.keys(renditions).sort()).toEqual(['print', 'social_story', 'web']);
      expect(out.pdf.renditions).toBeUndefined();
      const keep = process.env.BROCHURE_SLIDES_DIR;

      // The slide itself, as without renditions.
      const slide = await sharp(await download(out.png.url)).metadata();
      expect([slide.format, slide.width, slide.height, slide.space]).toEqual(['png', 1920, 1080, 'srgb']);

      // web: WebP and AVIF at the srcset widths the 1920 px slide reaches, each decoding as stated.
      expect(renditions.web.map((f: Json) => `${f.format} ${f.width}`).sort()).toEqual([
        'avif 1024',
        'avif 400',
        'webp 1024',
        'webp 400',
      ]);
      for (const file of renditions.web) {
        const bytes = await download(file.url);
        const meta = await sharp(bytes).metadata();
        expect(meta.format === 'heif' ? 'avif' : meta.format, file.url).toBe(file.format);
        expect([meta.width, meta.height, meta.space]).toEqual([
          file.width,
          Math.round((file.width * 9) / 16),
          'srgb',
        ]);
        expect(file.height).toBe(meta.height);
        expect(file.size_bytes).toBe(bytes.length);
        expect(file.content_type).toBe(`image/${file.format}`);
      }

      // social_story: the slide laid out again for 9:16, not a cut of the landscape slide.
      const story = renditions.social_story;
      expect(story).toMatchObject({
        content_type: 'image/png',
        width: 1080,
        height: 1920,
        fit: 'relaid_out',
      });
      const storyBytes = await download(story.url);
      if (keep) writeFileSync(path.join(keep, 'cover-social_story.png'), storyBytes);
      expect(story.size_bytes).toBe(storyBytes.length);
      const storyMeta = await sharp(storyBytes).metadata();
      expect([storyMeta.format, storyMeta.width, storyMeta.height, storyMeta.space]).toEqual([
        'png',
        1080,
        1920,
        'srgb',
      ]);
      // Photo above, brand panel with text below: the halves differ, and neither is blank.
      const half = async (top: number) =>
        sharp(storyBytes).extract({ left: 0, top, width: 1080, height: 960 }).stats();
      for (const stats of [await half(0), await half(960)])
        expect(Math.max(...stats.channels.map((c) => c.stdev))).toBeGreaterThan(15);

      // print: one sheet; its trim is the slide's area of the A4 landscape page (297 mm, the A4 page's
      // width, by 167 mm), the bleed 3 mm outside it on every side, the crop marks outside that.
      const print = renditions.print;
      expect(print.content_type).toBe('application/pdf');
      const printBytes = await download(print.url);
      expect(print.size_bytes).toBe(printBytes.length);
      expect(printBytes.subarray(0, 5).toString()).toBe('%PDF-');
      const sheet = await PDFDocument.load(printBytes);
      expect(sheet.getPageCount()).toBe(1);
      const [tx1, ty1, tx2, ty2] = pageBox(sheet, 'TrimBox') as [number, number, number, number];
      const [bx1, by1, bx2, by2] = pageBox(sheet, 'BleedBox') as [number, number, number, number];
      expect(tx2 - tx1).toBeCloseTo(A4_LANDSCAPE.width, 1);
      expect((tx2 - tx1) / PT_PER_MM).toBeCloseTo(297, 1);
      expect(ty2 - ty1).toBeCloseTo((A4_LANDSCAPE.width * 1080) / 1920, 1);
      for (const bleed of [tx1 - bx1, ty1 - by1, bx2 - tx2, by2 - ty2])
        expect(bleed / PT_PER_MM).toBeCloseTo(3, 2);
      const { width, height } = sheet.getPage(0).getSize();
      expect(width).toBeGreaterThan(bx2 - bx1);
      expect(height).toBeGreaterThan(by2 - by1);
      // The A4 PDF it was made from is unchanged: one A4 landscape page.
      const a4 = await PDFDocument.load(await download(out.pdf.url));
      expect(a4.getPage(0).getSize()).toEqual({ width: A4_LANDSCAPE.width, height: A4_LANDSCAPE.height });
    },
    JOB_TIMEOUT_MS + 60_000,
  );
});
