// The `portal` rendition: the still as Australian property portals (realestate.com.au, Domain) take a
// listing photo: made from the caller's text-free twin of the picture (the portals refuse photos with
// text, logos or watermarks on them), landscape, sRGB JPEG within the size limits below, and no metadata
// but the orientation, the copyright line and, for a virtually staged room, its disclosure.
import type { Point } from '../../domain/geo-types.ts';
import { type FittedFrame, frameFit, framePicture, type RawPicture } from '../markup/frame-fit.ts';
import {
  CONTENT_TYPES,
  decodeUpright,
  type EncodedImage,
  type FrameMapping,
  mappingOf,
  RenditionError,
} from './encoded-image.ts';

/**
 * What the portal file must meet, in one place. The rule against text on the photo is the portals' own:
 * realestate.com.au's acceptable use policy forbids text, overlays and watermarks on listing photos (as
 * summarised for agents at https://help.propertynow.com.au/en/article/common-listing-rules-and-breaches-1dmaaw),
 * and Domain removes "breach images" with logos or watermarks
 * (https://help.domain.com.au/hc/en-us/articles/360012121513-Breach-listings-images-and-URLs). Neither
 * portal publishes pixel or byte limits that we could find, so the numbers are the service's own
 * conservative choice, inside what listing-photo uploaders commonly accept: landscape between 4:3 and 3:2
 * (the shapes portal galleries are laid out for), 1200 to 3000 px across, under 10 MB.
 */
export const PORTAL_LIMITS = {
  /** The long side (the width: the file is always landscape) at most, in pixels. */
  maxLongSide: 3000,
  /** The long side at least; a smaller source is enlarged up to `maxUpscale` to reach it. */
  minLongSide: 1200,
  /** Enlarging further than this only shows blur at a larger size: such a source is refused. */
  maxUpscale: 2,
  /** The file's size at most, in bytes (10 MB in decimal megabytes, the smaller reading). */
  maxBytes: 10_000_000,
  /** Width / height at least (4:3): squarer sources are extended, never cut to it. */
  minAspect: 4 / 3,
  /** Width / height at most (3:2): wider sources are cut around the subject, or extended when it spans. */
  maxAspect: 3 / 2,
} as const;

/** JPEG qualities tried in turn until the file is under `maxBytes` (the first almost always is). */
const QUALITIES = [88, 80, 72, 64, 56] as const;

/** Pixels per inch written in the file: a neutral value for software that reads it. */
const DENSITY = 72;

export interface PortalMetadata {
  /** The copyright line, e.g. "© 2026 Example Realty". */
  readonly copyright?: string;
  /** The virtual staging disclosure, for a room that was virtually staged. */
  readonly disclosure?: string;
}

export interface PortalImage extends EncodedImage {
  readonly format: 'jpeg';
  /** How the source filled the portal's shape: as it is, cut around the subject, or extended. */
  readonly fit: FittedFrame['kind'];
  /** Text-free source coordinates (0-1) to coordinates in this file. */
  readonly mapping: FrameMapping;
  /** Output pixels per source pixel (above 1: the source was enlarged to reach `minLongSide`). */
  readonly scale: number;
}

export interface PortalPlan {
  readonly fit: FittedFrame;
  readonly width: number;
  readonly height: number;
  readonly scale: number;
}

/**
 * The portal file's shape and size for a `width` x `height` source keeping `subject` in view: a
 * landscape source between 4:3 and 3:2 as it is; a wider one cut to 3:2 around the subject (or extended
 * to 3:2 when the subject spans it); a landscape one squarer than 4:3 likewise to 4:3; a square or portrait
 * one always extended to 4:3 over its blurred continuation (cutting it to landscape would lose half of it).
 * Then scaled to the size limits: down to `maxLongSide`, or up to `minLongSide` but never beyond
 * `maxUpscale`; a source that would need more is refused with a RenditionError.
 */
export function portalPlan(width: number, height: number, subject: readonly Point[]): PortalPlan {
  const { minAspect, maxAspect, maxLongSide, minLongSide, maxUpscale } = PORTAL_LIMITS;
  const aspect = width / height;
  const tolerance = 1e-3;
  let fit: FittedFrame;
  if (aspect >= minAspect - tolerance && aspect <= maxAspect + tolerance)
    fit = { kind: 'same', toFrame: (p) => p };
  else {
    const frameAspect = aspect > maxAspect ? maxAspect : minAspect;
    fit = frameFit(width, height, frameAspect, 1, subject, { crop: aspect > 1 });
  }
  const natural =
    fit.kind === 'crop'
      ? fit.crop!
      : fit.kind === 'same'
        ? { width, height }
        : aspect > minAspect
          ? { width, height: width / maxAspect }
          : { width: height * minAspect, height };
  let scale = Math.min(1, maxLongSide / natural.width);
  if (natural.width * scale < minLongSide) scale = minLongSide / natural.width;
  if (scale > maxUpscale + 1e-9)
    throw new RenditionError(
      'portal',
      `the text-free source is ${width}x${height} px; the portals need at least ${minLongSide} px across, which would enlarge it ${scale.toFixed(1)}x (at most ${maxUpscale}x is allowed). Send a larger source.`,
    );
  const outWidth = Math.round(natural.width * scale);
  const outHeight = Math.round((outWidth * natural.height) / natural.width);
  return { fit, width: outWidth, height: outHeight, scale: outWidth / natural.width };
}

/** EXIF ASCII text: libvips writes it as 7-bit, so the XMP copy carries the exact text. */
function portalExif(metadata: PortalMetadata) {
  const ifd0: Record<string, string> = { Orientation: '1' };
  if (metadata.copyright) ifd0.Copyright = metadata.copyright;
  if (metadata.disclosure) ifd0.ImageDescription = metadata.disclosure;
  // ColorSpace 1 declares the pixels sRGB; libvips would otherwise write 65535 (uncalibrated).
  return { IFD0: ifd0, IFD2: { ColorSpace: '1' } };
}

const xmlText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const altText = (tag: string, text: string) =>
  `<${tag}><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(text)}</rdf:li></rdf:Alt></${tag}>`;

/** The copyright and disclosure as Dublin Core rights and description, or nothing when there are none. */
export function portalXmp(metadata: PortalMetadata): string | undefined {
  const fields = [
    metadata.copyright ? altText('dc:rights', metadata.copyright) : '',
    metadata.disclosure ? altText('dc:description', metadata.disclosure) : '',
  ].join('');
  if (!fields) return undefined;
  return `<?xpacket begin="\ufeff" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/">${fields}</rdf:Description></rdf:RDF></x:xmpmeta><?xpacket end="w"?>`;
}

/**
 * The portal file from the text-free source (a file, or its pixels already decoded). `pictureSize` is
 * the finished picture's: the source must be its twin (the same shape), or the subject's coordinates
 * would not point at the same places.
 */
export async function portalImage(
  textFree: Buffer | RawPicture,
  pictureSize: { readonly width: number; readonly height: number },
  subject: readonly Point[],
  metadata: PortalMetadata,
): Promise<PortalImage> {
  const pixels = Buffer.isBuffer(textFree) ? await decodeUpright(textFree) : textFree;
  const sourceAspect = pixels.width / pixels.height;
  if (Math.abs(sourceAspect / (pictureSize.width / pictureSize.height) - 1) > 0.01)
    throw new RenditionError(
      'portal',
      `the text-free source is ${pixels.width}x${pixels.height} px but the picture is ${pictureSize.width}x${pictureSize.height} px: it must be the same picture without its labels.`,
    );
  const plan = portalPlan(pixels.width, pixels.height, subject);
  const framed = await framePicture(pixels, plan.fit, plan.width, plan.height);
  const xmp = portalXmp(metadata);
  for (const quality of QUALITIES) {
    let pipeline = framed.clone().withExif(portalExif(metadata)).withDensity(DENSITY);
    if (xmp) pipeline = pipeline.withXmp(xmp);
    const { data, info } = await pipeline.jpeg({ quality }).toBuffer({ resolveWithObject: true });
    if (data.length <= PORTAL_LIMITS.maxBytes)
      return {
        format: 'jpeg',
        contentType: CONTENT_TYPES.jpeg,
        width: info.width,
        height: info.height,
        bytes: data.length,
        data,
        fit: plan.fit.kind,
        mapping: mappingOf(plan.fit),
        scale: plan.scale,
      };
  }
  throw new RenditionError(
    'portal',
    `the file stays over ${PORTAL_LIMITS.maxBytes} bytes even at JPEG quality ${QUALITIES.at(-1)}.`,
  );
}
