// Stages the generated empty rooms and writes small before/after pairs to docs/images/ (for the
// README) plus a contact sheet to /tmp/staging-preview.png, to look at the results by eye.
// Run: node --import tsx scripts/staging-preview.ts
import sharp from 'sharp';
import { OfflineStager } from '../functions/media/staging/offline-stager.ts';
import { EMPTY_ROOMS, renderEmptyRoom } from '../test/support/empty-room-photo.ts';

const stager = new OfflineStager();
const cases = [
  { room: 0, roomType: 'living', style: 'modern' },
  { room: 1, roomType: 'bedroom', style: 'scandinavian' },
  { room: 3, roomType: 'office', style: 'industrial' },
] as const;
const tiles: Buffer[] = [];
for (const c of cases) {
  const spec = EMPTY_ROOMS[c.room]!;
  const before = await renderEmptyRoom(spec);
  const started = Date.now();
  const out = await stager.stage({
    image: before.image,
    roomType: c.roomType,
    stylePrompt: c.style,
    seed: 1,
  });
  console.log(`${spec.name} ${c.roomType}/${c.style}: ${Date.now() - started} ms, ${out.items.join(', ')}`);
  const pair = await sharp({ create: { width: 808, height: 270, channels: 3, background: '#ffffff' } })
    .composite([
      { input: await sharp(before.image).resize(400, 270, { fit: 'fill' }).toBuffer(), left: 0, top: 0 },
      { input: await sharp(out.image).resize(400, 270, { fit: 'fill' }).toBuffer(), left: 408, top: 0 },
    ])
    .jpeg({ quality: 80 })
    .toBuffer();
  await sharp(pair).toFile(`docs/images/staging-${c.roomType}-before-after.jpg`);
  tiles.push(pair);
}
await sharp({ create: { width: 808, height: 810, channels: 3, background: '#000' } })
  .composite(tiles.map((t, i) => ({ input: t, left: 0, top: i * 270 })))
  .png()
  .toFile('/tmp/staging-preview.png');
