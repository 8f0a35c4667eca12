import { writeFileSync } from 'node:fs';
import sharp from 'sharp';
import { EMPTY_ROOMS, renderEmptyRoom } from '../test/support/empty-room-photo.ts';
import { OfflineStager } from '../functions/media/staging/offline-stager.ts';
const stager = new OfflineStager();
const types = ['living', 'bedroom', 'dining', 'office'] as const;
const styles = ['modern', 'scandinavian', 'industrial', 'coastal'];
const tiles: Buffer[] = [];
for (const [i, spec] of EMPTY_ROOMS.entries()) {
  const r = await renderEmptyRoom(spec);
  const t = Date.now();
  const out = await stager.stage({ image: r.image, roomType: types[i]!, stylePrompt: styles[i], seed: 1 });
  console.log(spec.name, Date.now() - t, 'ms', out.items.join(','), out.width, out.height, out.format);
  tiles.push(await sharp(out.image).resize(600, 400, { fit: 'fill' }).toBuffer());
}
await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#000' } }).composite(tiles.map((t, i) => ({ input: t, left: (i % 2) * 600, top: Math.floor(i / 2) * 400 }))).png().toFile('/tmp/st/staged.png');
