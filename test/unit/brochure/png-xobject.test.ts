// A PNG goes into a PDF as its own compressed rows (FlateDecode with a PNG predictor) when it is opaque
// 8-bit grey or RGB: the image a PDF reader decodes from the stream is the picture's pixels. Checked by
// decoding the stream the way the PDF specification says a reader does (inflate, then undo each row's
// PNG filter: §7.4.4.4 and PNG's filter types), against the pixels the PNG was made from.
import { inflateSync } from 'node:zlib';
import { type PDFDict, PDFDocument, PDFName, type PDFNumber, PDFRawStream, type PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { embedPngImage, pngPassThrough } from '../../../functions/media/brochure/png-xobject.ts';

/** Pixels with structure in both directions, so every PNG filter type gets used. */
function pixels(width: number, height: number, channels: number): Buffer {
  const data = Buffer.alloc(width * height * channels);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1)
      for (let c = 0; c < channels; c += 1)
        data[(y * width + x) * channels + c] = (x * (c + 3) + y * y * (c + 1) + ((x * y) % 17)) & 255;
  return data;
}

/** PNG's reconstruction of filtered rows (filter types 0-4), bpp bytes a pixel. */
function unfilter(filtered: Buffer, width: number, height: number, bpp: number): Buffer {
  const stride = width * bpp;
  const out = Buffer.alloc(stride * height);
  for (let y = 0; y < height; y += 1) {
    const type = filtered[y * (stride + 1)]!;
    for (let i = 0; i < stride; i += 1) {
      const raw = filtered[y * (stride + 1) + 1 + i]!;
      const a = i >= bpp ? out[y * stride + i - bpp]! : 0;
      const b = y > 0 ? out[(y - 1) * stride + i]! : 0;
      const c = i >= bpp && y > 0 ? out[(y - 1) * stride + i - bpp]! : 0;
      let predicted = 0;
      if (type === 1) predicted = a;
      else if (type === 2) predicted = b;
      else if (type === 3) predicted = (a + b) >> 1;
      else if (type === 4) {
        const p = a + b - c;
        const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)];
        predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      } else if (type !== 0) throw new Error(`filter type ${type}`);
      out[y * stride + i] = (raw + predicted) & 255;
    }
  }
  return out;
}

async function embedded(png: Buffer): Promise<{ dict: PDFDict; contents: Uint8Array }> {
  const doc = await PDFDocument.create();
  const ref: PDFRef = await embedPngImage(doc, png);
  doc.addPage([100, 100]).node.newXObject('Image', ref);
  // Through the saved bytes, as a reader gets them.
  const read = await PDFDocument.load(await doc.save());
  const stream = read.context.lookup(ref);
  if (!(stream instanceof PDFRawStream)) throw new Error('not a raw stream');
  return { dict: stream.dict, contents: stream.contents };
}

const num = (dict: PDFDict, key: string) => (dict.get(PDFName.of(key)) as PDFNumber).asNumber();

describe('a PNG as a PDF image', () => {
  it.each([
    ['RGB', 3, 'DeviceRGB'],
    ['grey', 1, 'DeviceGray'],
  ] as const)(
    'keeps an opaque %s PNG’s compressed rows, which decode to its pixels',
    async (_, channels, space) => {
      const [width, height] = [97, 61];
      const source = pixels(width, height, channels);
      const png = await sharp(source, { raw: { width, height, channels } })
        .toColourspace(channels === 1 ? 'b-w' : 'srgb')
        .png({ compressionLevel: 9, adaptiveFiltering: true })
        .toBuffer();
      expect(pngPassThrough(png)?.colours).toBe(channels);
      const { dict, contents } = await embedded(png);
      expect(dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('Image'));
      expect(dict.get(PDFName.of('ColorSpace'))).toBe(PDFName.of(space));
      expect([num(dict, 'Width'), num(dict, 'Height'), num(dict, 'BitsPerComponent')]).toEqual([
        width,
        height,
        8,
      ]);
      expect(dict.get(PDFName.of('Filter'))).toBe(PDFName.of('FlateDecode'));
      const parms = dict.get(PDFName.of('DecodeParms')) as PDFDict;
      expect([num(parms, 'Predictor'), num(parms, 'Colors'), num(parms, 'Columns')]).toEqual([
        15,
        channels,
        width,
      ]);
      const decoded = unfilter(inflateSync(contents), width, height, channels);
      expect(decoded.equals(source)).toBe(true);
    },
  );

  it('hands a PNG with alpha, a palette or 16 bits to pdf-lib, which decodes it', async () => {
    const [width, height] = [40, 30];
    const rgba = await sharp(pixels(width, height, 4), { raw: { width, height, channels: 4 } })
      .png()
      .toBuffer();
    const palette = await sharp(pixels(width, height, 3), { raw: { width, height, channels: 3 } })
      .png({ palette: true })
      .toBuffer();
    const sixteen = await sharp(pixels(width, height, 3), { raw: { width, height, channels: 3 } })
      .toColourspace('rgb16')
      .png()
      .toBuffer();
    for (const png of [rgba, palette, sixteen]) {
      expect(pngPassThrough(png)).toBeUndefined();
      const { dict } = await embedded(png);
      expect(dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('Image'));
      expect(dict.get(PDFName.of('DecodeParms'))).toBeUndefined();
    }
    // The RGBA one keeps its transparency as a soft mask.
    expect((await embedded(rgba)).dict.get(PDFName.of('SMask'))).toBeDefined();
    expect(pngPassThrough(Buffer.from('not a png at all, not at all'))).toBeUndefined();
  });
});
