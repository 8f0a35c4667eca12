// Makes the README's renditions picture through the markup steps themselves: a 4K markup of the offline
// scene, its labelled edit, and the edit's portal file (from the twin without labels) and three social
// files side by side at one height, as a person would see them. The sheet goes to docs/images/; the
// full-size files to /tmp/renditions-preview/.
// Run: node --import tsx scripts/renditions-preview.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { markupStepPorts, memoryMedia } from '../bench/aerial-fixture.ts';
import { resolveCompositor } from '../functions/jobs/markup/schema.ts';
import { editMarkup, generateMarkup } from '../functions/jobs/markup/steps.ts';
import type { StoredRenditions } from '../functions/jobs/shared/still-renditions.ts';
import { labelFont } from '../functions/media/markup/label-font.ts';

const out = '/tmp/renditions-preview';
mkdirSync(out, { recursive: true });
const media = await memoryMedia();
const ports = markupStepPorts(media);
const job = (id: string, type: string) => ({
  job_id: id,
  org_id: 'preview',
  mode: 'test' as const,
  job_type: type,
  webhook_url: null,
});
const position = { lat: -33.8795, lng: 151.1982 };
const address = '10 Wattle Street, Ultimo NSW 2007';
const markup = await generateMarkup(
  {
    job: job('markup', 'markup_v2'),
    address,
    options: { orientation: 'bottom', zoom: 'standard', style: 'outline', front_direction: 90 },
    location: {
      ...position,
      formatted_address: address,
      precision: 'rooftop',
      provider: 'preview',
      confidence: 1,
    } as never,
  },
  ports,
);
const edit = await editMarkup(
  {
    job: job('edit', 'markup_v2_edit'),
    input: {
      boundary_polygon: markup.suggested_boundary!,
      text_annotations: [
        { type: 'area' },
        { type: 'label', text: '10 Wattle Street', position: { x: 0.5, y: 0.12 } },
      ] as never,
      options: {
        style: 'darken',
        compositor: resolveCompositor({ outline_color: '#FFD23F', outline_width: 8 }),
      },
      renditions: ['portal', 'social_square', 'social_portrait', 'social_story'],
    },
    parent: { job_id: 'markup', output: markup },
  },
  { media, labelFont: labelFont() },
);
const renditions = edit.image.renditions as StoredRenditions;
const HEIGHT = 540;
const GAP = 24;
const files = [
  ['edit', edit.image.s3_key],
  ['portal', renditions.portal!.s3_key],
  ['social_square', renditions.social_square!.s3_key],
  ['social_portrait', renditions.social_portrait!.s3_key],
  ['social_story', renditions.social_story!.s3_key],
] as const;
const tiles = await Promise.all(
  files.map(async ([name, key]) => {
    const body = await media.get(key);
    writeFileSync(`${out}/${name}.jpg`, body);
    const tile = await sharp(body).resize({ height: HEIGHT }).toBuffer({ resolveWithObject: true });
    return { input: tile.data, width: tile.info.width };
  }),
);
const width = tiles.reduce((sum, t) => sum + t.width, 0) + GAP * (tiles.length + 1);
let left = GAP;
const sheet = await sharp({
  create: { width, height: HEIGHT + 2 * GAP, channels: 3, background: '#f2f2f2' },
})
  .composite(
    tiles.map((t) => {
      const placed = { input: t.input, top: GAP, left };
      left += t.width + GAP;
      return placed;
    }),
  )
  .jpeg({ quality: 82 })
  .toBuffer();
const sheetPath = 'docs/images/renditions-markup.jpg';
writeFileSync(
  sheetPath,
  await sharp(sheet)
    .resize({ width: Math.min(width, 1920) })
    .jpeg({ quality: 80 })
    .toBuffer(),
);
console.log(`wrote ${sheetPath} and ${out}/`, renditions.portal?.source);
