import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { OfflineStager } from '../../../functions/media/staging/offline-stager.ts';
import { ROOM_TYPES } from '../../../functions/media/staging/room-types.ts';
import { EMPTY_ROOMS, renderEmptyRoom } from '../../support/empty-room-photo.ts';
import { meanRegionDifference } from '../../support/image-probe.ts';

const stager = new OfflineStager();

describe('offline stager', () => {
  it.each(EMPTY_ROOMS.slice(0, 3))(
    'stages $name: same size and format, floor changed, ceiling and window kept',
    async (spec) => {
      const room = await renderEmptyRoom(spec);
      const out = await stager.stage({ image: room.image, roomType: 'living', seed: 1 });
      const meta = await sharp(out.image).metadata();
      expect([meta.width, meta.height, meta.format]).toEqual([spec.width, spec.height, spec.format]);
      expect(out.provider).toBe('offline-stager');
      const floor = { x0: spec.width * 0.25, y0: room.floorLineY, x1: spec.width * 0.75, y1: spec.height };
      expect(await meanRegionDifference(room.image, out.image, floor)).toBeGreaterThan(12);
      const ceiling = { x0: 0, y0: 0, x1: spec.width, y1: spec.height * 0.1 };
      expect(await meanRegionDifference(room.image, out.image, ceiling)).toBeLessThan(1.5);
    },
  );

  it('is deterministic for the same input and differs with the seed', async () => {
    const room = await renderEmptyRoom(EMPTY_ROOMS[0]!);
    const a = await stager.stage({ image: room.image, roomType: 'bedroom', stylePrompt: 'coastal', seed: 7 });
    const b = await stager.stage({ image: room.image, roomType: 'bedroom', stylePrompt: 'coastal', seed: 7 });
    expect(a.image.equals(b.image)).toBe(true);
    expect(a.style).toBe('coastal');
  });

  it('furnishes every documented room type', async () => {
    const room = await renderEmptyRoom(EMPTY_ROOMS[0]!);
    for (const roomType of ROOM_TYPES) {
      const out = await stager.stage({ image: room.image, roomType, seed: 3 });
      expect(out.items.length, roomType).toBeGreaterThanOrEqual(2);
    }
  }, 60_000);

  it('refuses a file that is not a photo', async () => {
    await expect(
      stager.stage({ image: Buffer.from('not an image'), roomType: 'living', seed: 1 }),
    ).rejects.toMatchObject({ name: 'UNSUPPORTED_IMAGE' });
    const gif = await sharp({ create: { width: 40, height: 40, channels: 3, background: '#888' } })
      .gif()
      .toBuffer();
    await expect(stager.stage({ image: gif, roomType: 'living', seed: 1 })).rejects.toMatchObject({
      name: 'UNSUPPORTED_IMAGE',
    });
  });
});
