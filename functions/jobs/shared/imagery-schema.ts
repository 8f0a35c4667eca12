// The request fields of the caller's own imagery and parcel (`imagery`, `boundary`), taken by markup,
// frontage detection and the listing kit, and the output fields every output made from imagery carries
// (`imagery` provenance, the picture's georeference with its homography). One definition, so the three
// routes and the kit's children accept exactly the same thing and the OpenAPI document shows it once.
import { z } from 'zod';
import {
  AUSTRALIA_BOUNDS,
  latitude,
  longitude,
  requireBothOrNeither,
  urlField,
} from '../../core/schemas/common.ts';
import { geoPoint } from '../../core/schemas/outputs.ts';
import { firstSelfIntersection, polygonArea, signedArea } from '../../domain/geometry/polygon.ts';
import { toLocalMetres } from '../../media/geo/local-metric.ts';
import { CAMERA_LIMITS } from '../../media/imagery/caller/photo-pose.ts';
import { CALLER_IMAGERY_SOURCES, PROVIDER_IMAGERY_SOURCES } from '../../media/imagery/provenance.ts';

/** Every bound of the imagery and boundary fields, once. */
const IMAGERY_LIMITS = {
  imageUrl: { max: 2048 },
  /** The span of a georeferenced picture's bounds or corners, and of a parcel. */
  maxExtentM: { imagery: 20_000, parcel: 2_000 },
  boundaryPositions: { max: 5_000 },
  boundaryPolygons: { max: 20 },
  attribution: { max: 300 },
} as const;

/** imagery.camera's ranges: the ones a photo's own values are held to (CAMERA_POSE_INVALID). */
const camera = CAMERA_LIMITS;

const latLng = z
  .strictObject({ lat: latitude, lng: longitude })
  .meta({ id: 'LatLng', description: "A position in WGS 84 (GDA2020) degrees, within Australia's extent." });

const imageUrl = urlField({ protocol: /^https?$/, max: IMAGERY_LIMITS.imageUrl.max }).meta({
  description:
    "URL of the picture. The stage's customer-image rules apply (https; no private, link-local or cloud-metadata addresses): a URL it would not fetch is a 422 URL_NOT_ALLOWED before anything is made.",
});

const capturedAt = z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })]).meta({
  description:
    "When the imagery was captured (ISO 8601 date or date-time). Wins over the file's own date (EXIF DateTimeOriginal, TIFF DateTime).",
  examples: ['2026-03-14'],
});

const attribution = z.string().trim().min(1).max(IMAGERY_LIMITS.attribution.max).meta({
  description:
    'Attribution your imagery licence asks you to show (e.g. "Imagery © Nearmap"). Returned in the output\'s imagery.attribution; never drawn into the picture.',
});

const callerLicence = z
  .strictObject({
    print: z.boolean().optional().meta({ description: 'The imagery may be printed; default true.' }),
    portal: z
      .boolean()
      .optional()
      .meta({ description: 'The imagery may be published on listing portals; default true.' }),
  })
  .meta({
    description:
      'What your licence for this imagery allows, when it is less than everything. A listing kit leaves pictures out of its print deck (print: false) and makes no portal-safe edit from them (portal: false), reporting LICENCE_RESTRICTED instead.',
  });

/** Metres between the extreme points of a set of positions. */
function spanM(points: readonly { lat: number; lng: number }[]): number {
  const origin = points[0]!;
  const local = points.map((p) => toLocalMetres(origin, p));
  const xs = local.map((p) => p.x);
  const ys = local.map((p) => p.y);
  return Math.hypot(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
}

const bounds = z
  .strictObject({ north_west: latLng, south_east: latLng })
  .superRefine((b, ctx) => {
    if (!(b.north_west.lat > b.south_east.lat))
      ctx.addIssue({
        code: 'custom',
        path: ['south_east', 'lat'],
        message: 'must be south of north_west.lat',
      });
    if (!(b.north_west.lng < b.south_east.lng))
      ctx.addIssue({
        code: 'custom',
        path: ['south_east', 'lng'],
        message: 'must be east of north_west.lng',
      });
    if (spanM([b.north_west, b.south_east]) > IMAGERY_LIMITS.maxExtentM.imagery)
      ctx.addIssue({
        code: 'custom',
        message: `spans more than ${IMAGERY_LIMITS.maxExtentM.imagery / 1000} km: send the orthophoto of the property`,
      });
  })
  .meta({
    description:
      'Ground position of the outer corners of a north-up picture: the top-left corner of its top-left pixel (north_west) and the bottom-right corner of its bottom-right pixel (south_east).',
  });

const corners = z
  .array(latLng)
  .length(4)
  .superRefine((c, ctx) => {
    const origin = c[0]!;
    const local = c.map((p) => toLocalMetres(origin, p));
    if (firstSelfIntersection(local) || polygonArea(local) < 1) {
      ctx.addIssue({
        code: 'custom',
        message: 'must be four distinct corners of a quadrilateral, in order around it',
      });
      return;
    }
    // Clockwise seen from above with north up is a negative signed area in east/north metres.
    if (signedArea(local) > 0)
      ctx.addIssue({
        code: 'custom',
        message:
          'must run clockwise from the top-left pixel (top-left, top-right, bottom-right, bottom-left); these run anticlockwise, as a mirrored picture would',
      });
    if (spanM(c) > IMAGERY_LIMITS.maxExtentM.imagery)
      ctx.addIssue({
        code: 'custom',
        message: `span more than ${IMAGERY_LIMITS.maxExtentM.imagery / 1000} km: send the orthophoto of the property`,
      });
  })
  .meta({
    description:
      "Ground position of the picture's four outer corners, clockwise from the top-left pixel's top-left corner: for a turned (not north-up) orthophoto.",
  });

const cameraOverride = z
  .strictObject({
    lat: latitude.optional().meta({ description: 'Latitude of the camera (give with lng).' }),
    lng: longitude.optional().meta({ description: 'Longitude of the camera (give with lat).' }),
    height_m: z.number().min(camera.height_m.min).max(camera.height_m.max).optional().meta({
      description: "Height of the camera above the property's ground, metres (DJI: RelativeAltitude).",
    }),
    yaw_deg: z.number().min(camera.yaw_deg.min).max(camera.yaw_deg.max).optional().meta({
      description: 'Compass heading of the camera, degrees clockwise from north (DJI: GimbalYawDegree).',
    }),
    pitch_deg: z.number().min(camera.pitch_deg.min).max(camera.pitch_deg.max).optional().meta({
      description:
        'Angle of the camera below the horizon, -90 (straight down) to 0 (DJI: GimbalPitchDegree).',
    }),
    roll_deg: z.number().min(camera.roll_deg.min).max(camera.roll_deg.max).optional().meta({
      description:
        'Roll of the camera, degrees, positive right side down (DJI: GimbalRollDegree); default 0.',
    }),
    horizontal_fov_deg: z
      .number()
      .min(camera.horizontal_fov_deg.min)
      .max(camera.horizontal_fov_deg.max)
      .optional()
      .meta({
        description:
          "Horizontal field of view of the photo, degrees. Given here, it describes an ideal lens: the photo's own lens calibration is then not applied.",
      }),
  })
  .superRefine(requireBothOrNeither('lat', 'lng'))
  .meta({
    id: 'DroneCamera',
    description:
      "The camera that took the photo, for photos without DJI XMP or to correct it: a field given here wins over the photo's.",
  });

const common = {
  image_url: imageUrl,
  captured_at: capturedAt.optional(),
  attribution: attribution.optional(),
  licence: callerLicence.optional(),
};

const orthophotoImagery = z
  .strictObject({
    type: z.literal('orthophoto'),
    ...common,
    bounds: bounds.optional(),
    corners: corners.optional(),
  })
  .superRefine((value, ctx) => {
    if (value.bounds && value.corners)
      ctx.addIssue({
        code: 'custom',
        path: ['corners'],
        message: 'give bounds (north-up) or corners (turned), not both',
      });
  })
  .meta({
    id: 'OrthophotoImagery',
    description:
      "A top-down photo of the property: a GeoTIFF (tie point and pixel scale, or a model transformation, in EPSG:4326, EPSG:3857, or the GDA2020 or GDA94 MGA zones 49-56), or a JPEG, PNG or WebP with bounds or corners. A georeference given here wins over the file's.",
  });

const dronePhotoImagery = z
  .strictObject({
    type: z.literal('drone_photo'),
    ...common,
    camera: cameraOverride.optional(),
  })
  .meta({
    id: 'DronePhotoImagery',
    description:
      "A drone photo of the property. Its camera comes from its XMP (DJI's drone-dji: GPS latitude and longitude, relative altitude, gimbal yaw, pitch and roll, calibrated focal length) and EXIF (focal length and its 35 mm equivalent, or the sensor size of common drone cameras); `camera` gives or corrects it. The parcel is projected through that camera onto flat ground at the take-off height.",
  });

const callerImagery = z.discriminatedUnion('type', [orthophotoImagery, dronePhotoImagery]).meta({
  id: 'CallerImagery',
  description:
    "Your own imagery of the listing, drawn on instead of the stage's imagery: the output is your picture, with the parcel boundary placed on it. Failures inside the job: IMAGERY_NOT_GEOREFERENCED (no georeference in the file and none given), CAMERA_POSE_MISSING (no pose in the XMP and no camera), CAMERA_POSE_INVALID (a pose value in the XMP or EXIF outside the range imagery.camera takes, named), BOUNDARY_NOT_IN_IMAGE (your parcel lies outside the picture), UNSUPPORTED_IMAGE (not a picture the service reads, including a GeoTIFF in a coordinate system it does not support, named), IMAGE_DOWNLOAD_FAILED.",
});
export type CallerImageryInput = z.infer<typeof callerImagery>;

// ---------------------------------------------------------------------------------------------------------
// The parcel: GeoJSON in WGS 84 (RFC 7946), positions [longitude, latitude(, altitude)].

const position = z
  .array(z.number())
  .min(2)
  .max(3)
  .superRefine((p, ctx) => {
    const [lng, lat] = p as [number, number];
    if (
      !(
        lat >= AUSTRALIA_BOUNDS.minLat &&
        lat <= AUSTRALIA_BOUNDS.maxLat &&
        lng >= AUSTRALIA_BOUNDS.minLng &&
        lng <= AUSTRALIA_BOUNDS.maxLng
      )
    )
      ctx.addIssue({
        code: 'custom',
        message: `[${p.join(', ')}] is not a [longitude, latitude] within Australia's extent (GeoJSON puts longitude first)`,
      });
  });

const ring = z
  .array(position)
  .min(4)
  .meta({ description: 'A closed linear ring: at least four positions, the last equal to the first.' });
const polygonCoordinates = z.array(ring).min(1);

const polygon = z.strictObject({
  type: z.literal('Polygon'),
  coordinates: polygonCoordinates,
  bbox: z.array(z.number()).optional(),
});
const multiPolygon = z.strictObject({
  type: z.literal('MultiPolygon'),
  coordinates: z
    .array(polygonCoordinates)
    .min(1)
    .max(IMAGERY_LIMITS.boundaryPolygons.max, {
      error: (issue) =>
        `has ${(issue.input as unknown[]).length} polygons; a parcel's MultiPolygon has at most ${IMAGERY_LIMITS.boundaryPolygons.max} (send the parcel, not the suburb)`,
    }),
  bbox: z.array(z.number()).optional(),
});
const geometry = z.discriminatedUnion('type', [polygon, multiPolygon]);

/** The outer rings of a boundary geometry as latitude/longitude rings (closing position dropped). */
export function boundaryRings(boundary: z.infer<typeof parcelBoundary>): { lat: number; lng: number }[][] {
  const g = boundary.type === 'Feature' ? boundary.geometry : boundary;
  const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
  return polygons.map((rings) => {
    const outer = rings[0]!.map(([lng, lat]) => ({ lat: lat!, lng: lng! }));
    const first = outer[0]!;
    const last = outer[outer.length - 1]!;
    return first.lat === last.lat && first.lng === last.lng ? outer.slice(0, -1) : outer;
  });
}

// Told apart by `type`, so a refusal is the matching shape's own (a union of shapes can only say that
// none matched: "Invalid input" for a MultiPolygon of 1,000 parts).
const parcelBoundary = z
  .discriminatedUnion('type', [
    polygon,
    multiPolygon,
    z.strictObject({
      type: z.literal('Feature'),
      geometry,
      properties: z.record(z.string(), z.unknown()).nullable().optional(),
      id: z.union([z.string(), z.number()]).optional(),
      bbox: z.array(z.number()).optional(),
    }),
  ])
  .superRefine((value, ctx) => {
    const g = value.type === 'Feature' ? value.geometry : value;
    const polygons = g.type === 'Polygon' ? [g.coordinates] : g.coordinates;
    const count = polygons.flat(2).length;
    if (count > IMAGERY_LIMITS.boundaryPositions.max) {
      ctx.addIssue({
        code: 'custom',
        message: `has ${count} positions; at most ${IMAGERY_LIMITS.boundaryPositions.max}`,
      });
      return;
    }
    // Every position must be in Australia first (the position schema says so); then each outer ring is checked.
    if (polygons.flat(2).some((p) => !position.safeParse(p).success)) return;
    const rings = boundaryRings(value as z.infer<typeof parcelBoundary>);
    rings.forEach((r, i) => {
      const where = g.type === 'Polygon' ? 'the outer ring' : `polygon ${i}'s outer ring`;
      const local = r.map((p) => toLocalMetres(r[0]!, p));
      const crossing = local.length >= 3 ? firstSelfIntersection(local) : undefined;
      if (crossing) {
        ctx.addIssue({
          code: 'custom',
          message: `${where} crosses itself (edges ${crossing[0]} and ${crossing[1]}); a parcel is a simple polygon`,
        });
        return;
      }
      if (local.length < 3 || polygonArea(local) < 1) {
        ctx.addIssue({ code: 'custom', message: `${where} encloses less than 1 m²` });
        return;
      }
      if (spanM(r) > IMAGERY_LIMITS.maxExtentM.parcel)
        ctx.addIssue({
          code: 'custom',
          message: `${where} spans more than ${IMAGERY_LIMITS.maxExtentM.parcel / 1000} km: send the parcel, not the suburb`,
        });
    });
  })
  .meta({
    id: 'ParcelBoundary',
    description:
      "Your parcel from your cadastre subscription: a GeoJSON Polygon or MultiPolygon (or a Feature holding one) in WGS 84 / GDA2020, positions [longitude, latitude]. Used instead of the site source's parcel, with or without imagery. Holes are ignored; of a MultiPolygon the largest part is drawn.",
  });
export type ParcelBoundaryInput = z.infer<typeof parcelBoundary>;

/** Lot identifiers as the states' cadastres write them: "5//DP123456" (NSW), "5RP123456" (Queensland), "1\\TP12345" (Victoria). */
export const LOT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9/\\ .-]{0,62}[A-Za-z0-9]$/;

export const parcelReference = z
  .strictObject({
    lot_id: z
      .string()
      .regex(
        LOT_ID_PATTERN,
        'lot_id must be a lot and plan such as "5//DP123456": letters, digits, /, \\, space, dot and dash (2-64)',
      )
      .meta({
        description:
          'The lot as the state\'s cadastre names it: NSW "5//DP123456", Queensland "5RP123456", Victoria "1\\TP12345".',
      }),
  })
  .meta({
    id: 'ParcelReference',
    description:
      "The property's lot, named instead of found from the address point: its polygon comes from the stage's cadastre sources (the output's boundary_source says which) and its centre locates the property unless options.lat/lng are given. Give boundary or parcel, not both.",
  });

/** The request fields the imagery-aware routes add (give boundary or parcel, not both: `notBoth`). */
export const imageryRequestFields = {
  imagery: callerImagery.optional(),
  boundary: parcelBoundary.optional(),
  parcel: parcelReference.optional(),
};

// ---------------------------------------------------------------------------------------------------------
// Outputs

export const imageryProvenanceOutput = z
  .object({
    source: z.string().meta({
      description: `Where the picture's imagery came from: the name of one of the stage's imagery sources (the deployed stages' \`nsw-imagery\`; an organization's own subscription by the name it registered), one of the built-in sources (${PROVIDER_IMAGERY_SOURCES.join(', ')}), or your own ${CALLER_IMAGERY_SOURCES.join(' / ')}.`,
    }),
    synthetic: z
      .boolean()
      .meta({ description: 'True for generated scenes: the picture is not a photograph of the property.' }),
    captured_at: z.string().nullable().meta({
      description:
        "When the imagery was captured (ISO 8601; a date-time without an offset is the camera's local time); null when the source does not say.",
    }),
    attribution: z.string().nullable().meta({
      description:
        'Text to show beside the picture where the licence asks for it; never drawn into the picture (listing portals forbid text on photos).',
    }),
    licence: z
      .object({
        store: z.boolean().meta({ description: 'The picture may be kept.' }),
        print: z.boolean().meta({ description: 'The picture may be printed.' }),
        portal: z.boolean().meta({ description: 'The picture may be published on a listing portal.' }),
      })
      .meta({
        description:
          "What the imagery's licence allows (the stage's statement for provider sources; yours for your own).",
      }),
    ground_sample_distance_m: z.number().optional().meta({
      description:
        "Ground metres per pixel the source really delivered (provider photographs only). Larger than the picture's meters_per_pixel when the frame was upsampled past the source's resolution (`upsampled: true`).",
    }),
    upsampled: z.boolean().optional().meta({
      description:
        "True when the picture is finer than the source's own resolution: enlarged, not more detailed.",
    }),
    verified: z.boolean().optional().meta({
      description:
        "False while the stage's operators have not yet checked this source against its live service.",
    }),
    tried: z
      .array(z.object({ source: z.string(), reason: z.string() }))
      .optional()
      .meta({
        description:
          'Sources tried before the one that served, each with why it could not (a timeout, an error answer, a blank picture).',
      }),
  })
  .meta({
    id: 'ImageryProvenance',
    description: "Where the output's imagery came from and what its licence allows.",
  });

export const pictureGeoreference = {
  kind: z.enum(['nadir', 'perspective']).optional().meta({
    description: 'nadir: a top-down picture (affine); perspective: a photo seen through its camera.',
  }),
  origin: geoPoint.optional().meta({ description: "The point image_to_ground's metres are measured from." }),
  image_to_ground: z.array(z.number()).length(9).optional().meta({
    description:
      '3x3 homography, row-major, from pixels (x right, y down, from the top-left corner of the image) to metres east and north of origin: [X, Y, W] = H·[x, y, 1], east = X/W, north = Y/W; W <= 0 means the pixel shows sky. Lengths and areas on a perspective photo are measured through it.',
  }),
  lens: z
    .object({
      fx: z.number(),
      fy: z.number(),
      cx: z.number(),
      cy: z.number(),
      k1: z.number(),
      k2: z.number(),
      p1: z.number(),
      p2: z.number(),
      k3: z.number(),
    })
    .optional()
    .meta({
      description:
        "The photo's lens distortion (Brown-Conrady, in pixels of this image), when its calibration was applied: undistort a pixel before image_to_ground.",
    }),
};

export const droneCameraOutput = z
  .object({
    lat: z.number(),
    lng: z.number(),
    height_m: z.number(),
    yaw_deg: z.number(),
    pitch_deg: z.number(),
    roll_deg: z.number(),
    horizontal_fov_deg: z.number(),
    sources: z.record(z.string(), z.string()).meta({
      description:
        'Where each value came from: request (imagery.camera), xmp:<DJI field>, exif:<field>, or a default.',
    }),
    lens_calibration: z.string().meta({
      description:
        "Whether the photo's lens calibration (DJI DewarpData) was applied: applied, not in the photo, already removed by the camera, or not applied: unreadable.",
    }),
  })
  .meta({ id: 'DroneCameraUsed', description: 'The camera the drone photo was projected through, as used.' });

export const parcelPolygonOutput = z
  .object({
    type: z.literal('Polygon'),
    coordinates: z.array(z.array(z.array(z.number()).length(2))),
  })
  .meta({
    id: 'ParcelPolygon',
    description:
      "The cadastre lot's outline as GeoJSON ([longitude, latitude], WGS 84 / GDA2020), when boundary_source is a cadastre lot.",
  });

const lotLicence = z.object({ store: z.boolean(), print: z.boolean(), portal: z.boolean() });

export const boundarySource = z
  .discriminatedUnion('kind', [
    z.object({
      kind: z.enum(['caller', 'site']).meta({
        description: "caller: the request's boundary; site: the site source's parcel.",
      }),
      provider: z.string(),
      synthetic: z
        .boolean()
        .meta({ description: 'True when the site source made the parcel up (offline synthetic).' }),
    }),
    z.object({
      kind: z
        .literal('cadastre')
        .meta({ description: "cadastre: the lot from a state's (or your) cadastre." }),
      provider: z.string().meta({ description: 'The cadastre source it came from ("nsw-cadastre").' }),
      lot_id: z.string().meta({ description: 'The lot as the cadastre names it ("5//DP123456").' }),
      match: z.enum(['contains', 'nearest', 'lot_id']).meta({
        description:
          "contains: the address point is inside the lot; nearest: the point fell on a road or in no lot, and this is the nearest lot within 15 m (check it); lot_id: the request's parcel.lot_id.",
      }),
      distance_m: z.number().meta({ description: 'Metres from the address point to the lot (0 inside it).' }),
      licence: lotLicence.meta({
        description: "What the cadastre's licence allows (CC BY 4.0: everything, with attribution).",
      }),
      attribution: z
        .string()
        .meta({ description: 'Text to show where the boundary is shown, as the licence asks.' }),
      synthetic: z.literal(false),
      verified: z.boolean().optional().meta({
        description:
          "False while the stage's operators have not yet checked the source against its live service.",
      }),
    }),
    z.object({
      kind: z.literal('none').meta({ description: 'none: no boundary could be suggested; reason says why.' }),
      reason: z
        .enum(['NO_CADASTRE', 'NOT_COVERED', 'NO_LOT_AT_POINT', 'CADASTRE_UNAVAILABLE', 'LOT_NOT_FOUND'])
        .meta({
          description:
            'NO_CADASTRE: the stage lists no cadastre source; NOT_COVERED: none covers the property; NO_LOT_AT_POINT: no lot within 15 m of the address point; CADASTRE_UNAVAILABLE: the sources failed (try again later); LOT_NOT_FOUND: no source has parcel.lot_id.',
        }),
      message: z.string(),
      tried: z.array(z.object({ source: z.string(), reason: z.string() })).optional(),
    }),
  ])
  .nullable()
  .meta({
    description:
      'Where suggested_boundary came from: your boundary, a cadastre lot, the site source, or none with the reason; null on jobs made before lots were looked up.',
  });
