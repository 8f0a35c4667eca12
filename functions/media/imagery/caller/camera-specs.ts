// Fields of view of DJI cameras whose photos do not give one through a focal length: thermal cameras that
// write no focal length at all, and lenses whose published field of view is not what a pinhole makes of
// their nominal focal length (the XT2's 9 mm thermal lens is published at 69° across; 9 mm on its 10.88 mm
// sensor would be 62°). The figures are DJI's published specifications. One EXIF model often covers several
// cameras of a payload (the H20T's infrared, wide and zoom cameras all write ZH20T); they are told apart by
// DJI's `drone-dji:ImageSource` where the photo has it, else by the photo's native size, else by its shape.
import { DEG } from '../../camera/camera-model.ts';

interface Lens {
  /** The nominal focal length, matched against the photo's EXIF FocalLength; absent: the camera writes none. */
  readonly focalMm?: number;
  /** Published horizontal field of view (along the photo's width). */
  readonly horizontalFovDeg: number;
  /** How the specification states it, for the output's `camera.sources`. */
  readonly stated: string;
}

interface CameraVariant {
  readonly name: string;
  readonly imageSource?: string;
  /** Native photo size. */
  readonly width: number;
  readonly height: number;
  /** Empty for a zoom lens: its field of view changes from photo to photo. */
  readonly lenses: readonly Lens[];
}

interface KnownCamera {
  readonly name: string;
  /** EXIF Model values (upper case). */
  readonly models: readonly string[];
  readonly variants: readonly CameraVariant[];
}

const lens = (focalMm: number | undefined, horizontalFovDeg: number): Lens => ({
  ...(focalMm !== undefined ? { focalMm } : {}),
  horizontalFovDeg,
  stated: `${horizontalFovDeg}° across`,
});

/** A lens published by its diagonal field of view, on a frame of the given shape. */
const diagonalLens = (focalMm: number, diagonalDeg: number, width: number, height: number): Lens => ({
  focalMm,
  horizontalFovDeg:
    (2 * Math.atan(Math.tan((diagonalDeg * DEG) / 2) * (width / Math.hypot(width, height)))) / DEG,
  stated: `DFOV ${diagonalDeg}°`,
});

// DJI specification, Zenmuse XT2: https://www.dji.com/zenmuse-xt2/specs
// Thermal: uncooled VOx, 17 µm pixels, 640×512 with 9/13/19/25 mm lenses (69°×56°, 45°×37°, 32°×26°,
// 25°×20°) or 336×256 with 9/13/19 mm (35°×27°, 25°×19°, 17°×13°); visual: 4000×3000, 8 mm, 57.12°×42.44°.
const XT2: KnownCamera = {
  name: 'Zenmuse XT2',
  models: ['XT2', 'ZENMUSEXT2'],
  variants: [
    {
      name: '640×512 thermal camera',
      width: 640,
      height: 512,
      lenses: [lens(9, 69), lens(13, 45), lens(19, 32), lens(25, 25)],
    },
    {
      name: '336×256 thermal camera',
      width: 336,
      height: 256,
      lenses: [lens(9, 35), lens(13, 25), lens(19, 17)],
    },
    { name: 'visual camera', width: 4000, height: 3000, lenses: [lens(8, 57.12)] },
  ],
};

// DJI specification, Zenmuse H20 series: https://www.dji.com/zenmuse-h20-series/specs
// H20T thermal: 640×512, 12 µm pixels, 13.5 mm, DFOV 40.6°; wide: 4056×3040, 4.5 mm, DFOV 82.9°; zoom:
// 5184×3888, 6.83-119.94 mm.
const H20_WIDE: CameraVariant = {
  name: 'wide camera',
  imageSource: 'WideCamera',
  width: 4056,
  height: 3040,
  lenses: [diagonalLens(4.5, 82.9, 4056, 3040)],
};
const H20_ZOOM: CameraVariant = {
  name: 'zoom camera',
  imageSource: 'ZoomCamera',
  width: 5184,
  height: 3888,
  lenses: [],
};
const H20T: KnownCamera = {
  name: 'Zenmuse H20T',
  models: ['ZH20T', 'ZENMUSEH20T'],
  variants: [
    {
      name: 'infrared camera',
      imageSource: 'InfraredCamera',
      width: 640,
      height: 512,
      lenses: [diagonalLens(13.5, 40.6, 640, 512)],
    },
    H20_WIDE,
    H20_ZOOM,
  ],
};
const H20: KnownCamera = {
  name: 'Zenmuse H20',
  models: ['ZH20', 'ZENMUSEH20'],
  variants: [H20_WIDE, H20_ZOOM],
};

// DJI specification, Mavic 2 Enterprise Dual: https://www.dji.com/mavic-2-enterprise/specs
// Thermal: uncooled VOx 160×120, photos 640×480, HFOV 57°, no focal length written; the visual camera
// (4056×3040) writes its own.
const FC2403: KnownCamera = {
  name: 'Mavic 2 Enterprise Dual',
  models: ['FC2403'],
  variants: [
    { name: 'thermal camera', width: 640, height: 480, lenses: [lens(undefined, 57)] },
    { name: 'visual camera', width: 4056, height: 3040, lenses: [] },
  ],
};

const CAMERAS: readonly KnownCamera[] = [XT2, H20T, H20, FC2403];

/** A nominal focal length written to a tenth of a millimetre, or rounded, still names its lens. */
const FOCAL_TOLERANCE_MM = 0.3;

export type SpecifiedFieldOfView =
  | { readonly kind: 'known'; readonly horizontalFovDeg: number; readonly source: string }
  /** The camera is known but not its lens: what the caller can choose from. */
  | { readonly kind: 'lens unknown'; readonly choices: string };

/** Which of a camera's cameras took a photo of this native size (and ImageSource, when written). */
function variantOf(
  camera: KnownCamera,
  imageSource: string | undefined,
  width: number,
  height: number,
): CameraVariant | undefined {
  const bySource = imageSource ? camera.variants.find((v) => v.imageSource === imageSource) : undefined;
  if (bySource) return bySource;
  const bySize = camera.variants.filter((v) => v.width === width && v.height === height);
  if (bySize.length === 1) return bySize[0];
  // A photo exported smaller keeps its shape; two cameras of one shape cannot be told apart by it.
  const byShape = camera.variants.filter((v) => Math.abs(v.width / v.height / (width / height) - 1) < 0.005);
  return byShape.length === 1 ? byShape[0] : undefined;
}

/**
 * The published field of view of the camera that took a photo `width` x `height` (as stored), for a camera
 * listed here; undefined when the camera, the variant or (given a focal length) the lens is not listed.
 */
export function specifiedFieldOfView(
  model: string | undefined,
  imageSource: string | undefined,
  focalLengthMm: number | undefined,
  width: number,
  height: number,
): SpecifiedFieldOfView | undefined {
  const key = model?.trim().toUpperCase().replace(/\s+/g, '');
  const camera = key ? CAMERAS.find((c) => c.models.includes(key)) : undefined;
  if (!camera) return undefined;
  const variant = variantOf(camera, imageSource, width, height);
  if (!variant || variant.lenses.length === 0) return undefined;
  const name = `${camera.name} ${variant.name}`;
  const known = (l: Lens) => ({
    kind: 'known' as const,
    horizontalFovDeg: l.horizontalFovDeg,
    source: `DJI specification (${name}${l.focalMm !== undefined && variant.lenses.length > 1 ? `, ${l.focalMm} mm lens` : ''}: ${l.stated})`,
  });
  if (focalLengthMm !== undefined && focalLengthMm > 0) {
    const match = variant.lenses.find(
      (l) => l.focalMm !== undefined && Math.abs(l.focalMm - focalLengthMm) <= FOCAL_TOLERANCE_MM,
    );
    return match ? known(match) : undefined;
  }
  if (variant.lenses.length === 1) return known(variant.lenses[0]!);
  return {
    kind: 'lens unknown',
    choices: `a ${name} writes no focal length; its lenses are ${variant.lenses
      .map((l) => `${l.focalMm} mm: ${l.horizontalFovDeg}°`)
      .join(', ')
      .replace(/, ([^,]*)$/, ' and $1')} across`,
  };
}
