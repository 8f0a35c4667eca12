// A PNG as a PDF image without decoding it. A PDF image stream compressed with FlateDecode and a PNG
// predictor (PDF 32000-1 §7.4.4.4, /Predictor 15) holds exactly what a PNG's IDAT chunks hold: zlib
// data of rows that each start with their filter byte. So an opaque, non-interlaced 8-bit grey or RGB
// PNG (what sharp writes for the print deck's bleed) goes into the PDF as its own compressed bytes.
// pdf-lib's embedPng instead inflates the PNG and deflates the pixels again, both in JavaScript: about
// 0.16 s for each 1920×1080 slide of a print deck on a 2-core EPYC (docs/benchmarks.md). Any other PNG
// (alpha, palette, 16-bit, interlaced) goes through embedPng.
import type { PDFDocument, PDFRef } from 'pdf-lib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface PassThrough {
  readonly width: number;
  readonly height: number;
  readonly colours: 1 | 3;
  readonly data: Buffer;
}

/** The PNG's size, colours and concatenated IDAT data when it can go into a PDF as it is, else undefined. */
export function pngPassThrough(png: Uint8Array): PassThrough | undefined {
  const bytes = Buffer.from(png.buffer, png.byteOffset, png.byteLength);
  if (bytes.length < 33 || !bytes.subarray(0, 8).equals(SIGNATURE)) return undefined;
  let header: { width: number; height: number; colourType: number } | undefined;
  const idat: Buffer[] = [];
  for (let at = 8; at + 12 <= bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (data.length !== length) return undefined;
    if (type === 'IHDR') {
      const [depth, colourType, compression, filter, interlace] = data.subarray(8, 13);
      if (depth !== 8 || compression !== 0 || filter !== 0 || interlace !== 0) return undefined;
      if (colourType !== 0 && colourType !== 2) return undefined;
      header = { width: data.readUInt32BE(0), height: data.readUInt32BE(4), colourType };
    } else if (type === 'tRNS') {
      return undefined; // a transparent colour: pdf-lib makes its mask
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      break;
    }
    at += 12 + length;
  }
  if (!header || idat.length === 0) return undefined;
  return {
    width: header.width,
    height: header.height,
    colours: header.colourType === 2 ? 3 : 1,
    data: Buffer.concat(idat),
  };
}

/** The PNG as an image XObject of `doc`, its compressed rows copied when possible (see above). */
export async function embedPngImage(doc: PDFDocument, png: Uint8Array): Promise<PDFRef> {
  const image = pngPassThrough(png);
  if (!image) return (await doc.embedPng(png)).ref;
  const stream = doc.context.stream(image.data, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: image.width,
    Height: image.height,
    ColorSpace: image.colours === 3 ? 'DeviceRGB' : 'DeviceGray',
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: image.colours, BitsPerComponent: 8, Columns: image.width },
  });
  return doc.context.register(stream);
}
