import { describe, expect, it } from 'vitest';
import { virtualStagingRequest } from '../../../functions/jobs/staging/schema.ts';
import { resolveRoomType } from '../../../functions/media/staging/room-types.ts';
import { resolveStyle } from '../../../functions/media/staging/staging-styles.ts';

describe('room type and style resolution', () => {
  it.each([
    ['bedroom', 'bedroom', 'exact'],
    ['Master Bedroom', 'bedroom', 'synonym'],
    ['lounge room', 'living', 'synonym'],
    ['Alfresco patio', 'outdoor', 'synonym'],
    ['Ensuite', 'bathroom', 'synonym'],
    ['Study nook', 'office', 'synonym'],
    ['Meals area', 'dining', 'synonym'],
    ['garage', 'living', 'fallback'],
  ])('%s -> %s (%s)', (text, used, match) => {
    expect(resolveRoomType(text)).toEqual({ requested: text, used, match });
  });

  it('picks the style named first and defaults to modern', () => {
    expect(resolveStyle('Coastal hamptons with a scandi touch').used).toBe('coastal');
    expect(resolveStyle('warm and cosy')).toEqual({ used: 'modern', match: 'default' });
  });

  it('refuses non-photo URLs and over-long style prompts at request time', () => {
    expect(
      virtualStagingRequest.safeParse({ image_url: 'https://x.example/a.jpg', room_type: 'bed' }).success,
    ).toBe(true);
    expect(
      virtualStagingRequest.safeParse({ image_url: 'https://x.example/a.gif', room_type: 'bed' }).success,
    ).toBe(false);
    expect(
      virtualStagingRequest.safeParse({ image_url: 'ftp://x.example/a.jpg', room_type: 'bed' }).success,
    ).toBe(false);
    // Not a URL at all: reported as an issue, not thrown by the extension check.
    const relative = virtualStagingRequest.safeParse({ image_url: 'room.jpg', room_type: 'bed' });
    expect(relative.success).toBe(false);
    expect(relative.error?.issues.map((i) => i.path.join('.'))).toEqual(['image_url']);
    expect(
      virtualStagingRequest.safeParse({
        image_url: 'https://x.example/a.jpg',
        room_type: 'bed',
        options: { style_prompt: 'x'.repeat(501) },
      }).success,
    ).toBe(false);
  });
});
