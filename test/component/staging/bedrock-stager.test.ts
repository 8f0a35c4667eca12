import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BedrockStager } from '../../../functions/media/staging/bedrock-stager.ts';
import { EMPTY_ROOMS, renderEmptyRoom } from '../../support/empty-room-photo.ts';

const config = {
  modelId: 'amazon.nova-canvas-v1:0',
  region: 'us-east-1',
  command: (input: object) => ({ input }),
};

function fakeClient(reply: (body: Record<string, unknown>) => unknown) {
  const calls: Array<Record<string, unknown>> = [];
  return {
    calls,
    send: async (command: { input: { body?: unknown } }) => {
      const body = JSON.parse(String(command.input.body)) as Record<string, unknown>;
      calls.push(body);
      const out = reply(body);
      if (out instanceof Error) throw out;
      return { body: new TextEncoder().encode(JSON.stringify(out)) };
    },
  };
}

describe('Bedrock stager (constructed responses; unverified against the real service)', () => {
  it('sends an INPAINTING request with a mask and returns the image at the input size and format', async () => {
    const room = await renderEmptyRoom(EMPTY_ROOMS[0]!);
    const reply = (
      await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#a08060' } })
        .png()
        .toBuffer()
    ).toString('base64');
    const client = fakeClient(() => ({ images: [reply], error: null }));
    const out = await new BedrockStager(client, config).stage({
      image: room.image,
      roomType: 'bedroom',
      stylePrompt: 'scandi',
      seed: 5,
    });
    const sent = client.calls[0] as {
      taskType: string;
      inPaintingParams: { text: string; maskImage: string };
    };
    expect(sent.taskType).toBe('INPAINTING');
    expect(sent.inPaintingParams.text).toContain('bedroom');
    const mask = await sharp(Buffer.from(sent.inPaintingParams.maskImage, 'base64'))
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(mask.data[0]).toBe(255); // ceiling kept
    expect(mask.data[mask.data.length - 1]).toBe(0); // floor repainted
    const meta = await sharp(out.image).metadata();
    expect([meta.width, meta.height, meta.format, out.provider]).toEqual([
      1200,
      800,
      'jpeg',
      'bedrock:amazon.nova-canvas-v1:0',
    ]);
  });

  it('maps content filtering, missing model access and throttling to actionable errors', async () => {
    const room = await renderEmptyRoom(EMPTY_ROOMS[3]!);
    const run = (reply: () => unknown) =>
      new BedrockStager(fakeClient(reply), config).stage({ image: room.image, roomType: 'living', seed: 1 });
    const named = (name: string, message: string) => Object.assign(new Error(message), { name });
    await expect(
      run(() => named('ValidationException', 'This request has been blocked by our content filters.')),
    ).rejects.toMatchObject({ name: 'STAGING_CONTENT_FILTERED' });
    await expect(
      run(() => ({ images: [], error: 'Some images were blocked by content filters' })),
    ).rejects.toMatchObject({ name: 'STAGING_CONTENT_FILTERED' });
    await expect(run(() => named('AccessDeniedException', 'no access'))).rejects.toMatchObject({
      name: 'STAGING_PROVIDER_ERROR',
      message: expect.stringContaining('model access'),
    });
    await expect(run(() => named('ThrottlingException', 'slow down'))).rejects.toMatchObject({
      name: 'TransientError',
    });
  });
});
