// Request and output schemas of the Markup V2 endpoints, as /v1/openapi.json publishes them: generate,
// edit (boundary and annotations composited onto the aerial) and the reveal video.
import { z } from 'zod';
import { brandKitUsed, endCardBrandKitField } from '../../core/schemas/brand-kit.ts';
import {
  address,
  commonRequestFields,
  locationOptions,
  notBoth,
  requireBothOrNeither,
} from '../../core/schemas/common.ts';
import { geoPoint, mediaFile } from '../../core/schemas/outputs.ts';
import {
  endCardBranding,
  mediaWithRenditions,
  renditionsField,
  STILL_RENDITIONS,
  VIDEO_RENDITIONS,
  videoWithRenditions,
} from '../../core/schemas/renditions.ts';
import { firstSelfIntersection, polygonArea } from '../../domain/geometry/polygon.ts';
import { MARKUP_ORIENTATIONS, MARKUP_ZOOMS } from '../../media/markup/framing.ts';
import { LABEL_FONT_COVERAGE } from '../../media/markup/label-font-coverage.ts';
import {
  boundarySource,
  droneCameraOutput,
  imageryProvenanceOutput,
  imageryRequestFields,
  parcelPolygonOutput,
  pictureGeoreference,
} from '../shared/imagery-schema.ts';

export const MARKUP_STYLES = ['outline', 'blur', 'darken'] as const;
export type MarkupStyle = (typeof MARKUP_STYLES)[number];

/** Every bound and default of the markup endpoints, once. */
export const MARKUP_LIMITS = {
  polygonVertices: { min: 3, max: 500 },
  annotations: { max: 50 },
  text: { min: 1, max: 200 },
  outlineWidth: { min: 1, max: 20, default: 6 },
  blurRadius: { min: 5, max: 50, default: 20 },
  darkenAmount: { min: 0.1, max: 0.9, default: 0.5 },
  outlineColor: { default: '#FFFFFF' },
  videoDuration: { min: 5, max: 10, default: 7 },
} as const;

const hexColor = z
  .string()
  .regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, 'must be a hex colour such as #FFFFFF or #fc0')
  .meta({ description: 'Hex colour, #RGB or #RRGGBB.' });

const unit = z.number().min(0).max(1);
const normalizedPoint = z
  .strictObject({
    x: unit.meta({ description: '0 = left edge, 1 = right edge of the markup image.' }),
    y: unit.meta({ description: '0 = top edge, 1 = bottom edge of the markup image.' }),
  })
  .meta({ id: 'NormalizedPoint' });
export type NormalizedPoint = z.infer<typeof normalizedPoint>;

// ---------------------------------------------------------------------------------------------------------
// POST /v2/markup/generate

export const markupGenerateRequest = z
  .strictObject({
    address,
    options: z
      .strictObject({
        orientation: z.enum(MARKUP_ORIENTATIONS).default('bottom').meta({
          description:
            'Side of the frame the property front faces: bottom (default), left, top or right. The image is rotated so front_direction points there.',
        }),
        style: z.enum(MARKUP_STYLES).default('outline').meta({
          description:
            'How the boundary is applied by later edits that do not choose their own style: outline (default), blur or darken outside it.',
        }),
        zoom: z.enum(MARKUP_ZOOMS).default('standard').meta({
          description:
            'Ground covered: close (the lot fills ~60% of the frame height), standard (the lot with neighbours and the street, ~40%), wide (the block, ~20%).',
        }),
        front_direction: z.number().min(0).max(360).default(0).meta({
          description:
            'Compass bearing the property front faces, degrees (0 = north, clockwise); default 0. Use the bearing of a frontage detection, or the output detected_front_direction.',
        }),
        lat: locationOptions.shape.lat,
        lng: locationOptions.shape.lng,
      })
      .superRefine(requireBothOrNeither('lat', 'lng'))
      .default({ orientation: 'bottom', style: 'outline', zoom: 'standard', front_direction: 0 }),
    ...imageryRequestFields,
    renditions: renditionsField(STILL_RENDITIONS, 'markup images'),
    ...commonRequestFields,
  })
  .superRefine(notBoth('boundary', 'parcel'))
  .meta({
    id: 'MarkupGenerateRequest',
    description:
      "With `imagery` the markup is your own picture: an orthophoto turned and cropped to orientation and zoom (3840x2160), or a drone photo at its own size (up to 8192 px on the long side) with the parcel projected through its camera. With `boundary` your parcel is drawn instead of a cadastre lot (its centroid locates the property unless options.lat/lng are given); with `parcel` the cadastre's lot of that id. Without either, the lot at the address point from the stage's cadastre sources is the suggested boundary (boundary_source says which, or why there is none).",
  });
export type MarkupGenerateRequest = z.infer<typeof markupGenerateRequest>;

// ---------------------------------------------------------------------------------------------------------
// POST /v2/markup/jobs/{jobId}/edit

/** Characters the annotation font draws; anything else would come out as empty boxes. */
function undrawable(text: string): string[] {
  const missing = new Set<string>();
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    let lo = 0;
    let hi = LABEL_FONT_COVERAGE.length - 1;
    let found = false;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const [a, b] = LABEL_FONT_COVERAGE[mid]!;
      if (cp < a) hi = mid - 1;
      else if (cp > b) lo = mid + 1;
      else {
        found = true;
        break;
      }
    }
    if (!found || /\p{Cc}/u.test(ch)) missing.add(ch);
  }
  return [...missing];
}

export const annotationText = z
  .string()
  .superRefine((text, ctx) => {
    const length = [...text].length;
    if (text.trim().length === 0 || length < MARKUP_LIMITS.text.min || length > MARKUP_LIMITS.text.max) {
      ctx.addIssue({
        code: 'custom',
        message: `must be ${MARKUP_LIMITS.text.min}-${MARKUP_LIMITS.text.max} characters and not blank (got ${length})`,
      });
      return;
    }
    const missing = undrawable(text);
    if (missing.length > 0) {
      ctx.addIssue({
        code: 'custom',
        message: `contains characters the label font cannot draw: ${missing.map((c) => JSON.stringify(c)).join(', ')}`,
      });
    }
  })
  .meta({ description: 'One line of text, 1-200 characters (no control characters).' });

const ANNOTATION_SIZES = ['small', 'medium', 'large'] as const;
const LABEL_STYLES = ['boxed', 'outlined'] as const;

const appearance = {
  color: hexColor.optional().meta({ description: 'Text (and line) colour; default #FFFFFF.' }),
  size: z
    .enum(ANNOTATION_SIZES)
    .optional()
    .meta({ description: 'Text size: small, medium (default) or large; scales with the image.' }),
  label_style: z.enum(LABEL_STYLES).optional().meta({
    description:
      'boxed (default): text on a dark rounded box; outlined: text with a dark outline and no box. Both stay legible on any background.',
  }),
};

const labelAnnotation = z
  .strictObject({
    type: z.literal('label'),
    text: annotationText,
    position: normalizedPoint.meta({ description: 'Centre of the label.' }),
    ...appearance,
  })
  .meta({ id: 'LabelAnnotation', description: 'A text label centred on a point.' });

const measurementAnnotation = z
  .strictObject({
    type: z.literal('measurement'),
    from: normalizedPoint,
    to: normalizedPoint,
    text: annotationText.optional().meta({
      description:
        'Length text; default: the ground distance between the points from the markup georeference, e.g. "24.6 m".',
    }),
    ...appearance,
  })
  .superRefine((value, ctx) => {
    if (value.from.x === value.to.x && value.from.y === value.to.y) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: 'must differ from `from`' });
    }
  })
  .meta({
    id: 'MeasurementAnnotation',
    description: 'A line between two points with end ticks and its length written along it.',
  });

const areaAnnotation = z
  .strictObject({
    type: z.literal('area'),
    text: annotationText.optional().meta({
      description: 'Area text; default: the ground area inside boundary_polygon, e.g. "652 m²".',
    }),
    position: normalizedPoint.optional().meta({
      description: 'Centre of the label; default: the point deepest inside boundary_polygon.',
    }),
    ...appearance,
  })
  .meta({ id: 'AreaAnnotation', description: 'An area label, by default the boundary area at its centre.' });

const textAnnotation = z.discriminatedUnion('type', [labelAnnotation, measurementAnnotation, areaAnnotation]);
export type TextAnnotation = z.infer<typeof textAnnotation>;

/** Vertices 3-500; a closing vertex equal to the first (as GeoJSON rings have) is dropped. */
export const boundaryPolygon = z
  .array(normalizedPoint)
  .min(MARKUP_LIMITS.polygonVertices.min)
  .max(MARKUP_LIMITS.polygonVertices.max + 1)
  .transform((ring) => {
    const first = ring[0]!;
    const last = ring[ring.length - 1]!;
    return ring.length > 3 && first.x === last.x && first.y === last.y ? ring.slice(0, -1) : ring;
  })
  .superRefine((ring, ctx) => {
    if (ring.length > MARKUP_LIMITS.polygonVertices.max) {
      ctx.addIssue({
        code: 'custom',
        message: `must have at most ${MARKUP_LIMITS.polygonVertices.max} vertices (got ${ring.length})`,
      });
      return;
    }
    for (let i = 0; i < ring.length; i += 1) {
      const a = ring[i]!;
      const b = ring[(i + 1) % ring.length]!;
      if (a.x === b.x && a.y === b.y) {
        ctx.addIssue({
          code: 'custom',
          path: [(i + 1) % ring.length],
          message: `repeats vertex ${i}; remove the duplicate`,
        });
        return;
      }
    }
    const crossing = firstSelfIntersection(ring);
    if (crossing) {
      const [i, j] = crossing;
      ctx.addIssue({
        code: 'custom',
        message: `is self-intersecting: edge ${i}-${(i + 1) % ring.length} meets edge ${j}-${(j + 1) % ring.length}; the boundary must be a simple polygon`,
      });
      return;
    }
    if (polygonArea(ring) < 1e-6) {
      ctx.addIssue({ code: 'custom', message: 'encloses no area' });
    }
  })
  .meta({
    description:
      'The boundary as 3-500 vertices {x, y} in normalized image coordinates (0-1 from the top-left), in order around the outline; it must not cross itself. A last vertex equal to the first (a closed ring, as GeoJSON writes it) is dropped, hence up to 501 items.',
  });

const compositorOptions = z
  .strictObject({
    outline_color: hexColor.optional().meta({ description: 'Boundary stroke colour; default #FFFFFF.' }),
    outline_width: z
      .number()
      .min(MARKUP_LIMITS.outlineWidth.min)
      .max(MARKUP_LIMITS.outlineWidth.max)
      .optional()
      .meta({ description: 'Boundary stroke width in pixels of the 3840x2160 image, 1-20; default 6.' }),
    blur_radius: z
      .number()
      .min(MARKUP_LIMITS.blurRadius.min)
      .max(MARKUP_LIMITS.blurRadius.max)
      .optional()
      .meta({
        description:
          'blur style: Gaussian blur radius in pixels of the 3840x2160 image (standard deviation = radius / 2), 5-50; default 20.',
      }),
    darken_amount: z
      .number()
      .min(MARKUP_LIMITS.darkenAmount.min)
      .max(MARKUP_LIMITS.darkenAmount.max)
      .optional()
      .meta({
        description: 'darken style: share of brightness removed outside the boundary, 0.1-0.9; default 0.5.',
      }),
  })
  .meta({ id: 'MarkupCompositorOptions' });

export const markupEditRequest = z
  .strictObject({
    boundary_polygon: boundaryPolygon,
    text_annotations: z
      .array(textAnnotation)
      .max(MARKUP_LIMITS.annotations.max)
      .optional()
      .meta({
        description: `Up to ${MARKUP_LIMITS.annotations.max} annotations, drawn (and revealed) in order.`,
      }),
    options: z
      .strictObject({
        style: z
          .enum(MARKUP_STYLES)
          .optional()
          .meta({ description: "outline, blur or darken; default: the markup's options.style." }),
        compositor: compositorOptions.optional(),
      })
      .optional(),
    renditions: renditionsField(STILL_RENDITIONS, 'markup edits'),
    ...commonRequestFields,
  })
  .meta({ id: 'MarkupEditRequest' });
export type MarkupEditRequest = z.infer<typeof markupEditRequest>;

/** The compositor settings with every default applied: what an edit job records and renders. */
export interface ResolvedCompositor {
  readonly outline_color: string;
  readonly outline_width: number;
  readonly blur_radius: number;
  readonly darken_amount: number;
}

export function resolveCompositor(
  options: z.infer<typeof compositorOptions> | undefined,
): ResolvedCompositor {
  return {
    outline_color: (options?.outline_color ?? MARKUP_LIMITS.outlineColor.default).toUpperCase(),
    outline_width: options?.outline_width ?? MARKUP_LIMITS.outlineWidth.default,
    blur_radius: options?.blur_radius ?? MARKUP_LIMITS.blurRadius.default,
    darken_amount: options?.darken_amount ?? MARKUP_LIMITS.darkenAmount.default,
  };
}

// ---------------------------------------------------------------------------------------------------------
// POST /v2/markup/jobs/{jobId}/video

export const markupVideoRequest = z
  .strictObject({
    options: z
      .strictObject({
        duration: z
          .int()
          .min(MARKUP_LIMITS.videoDuration.min)
          .max(MARKUP_LIMITS.videoDuration.max)
          .default(MARKUP_LIMITS.videoDuration.default)
          .meta({ description: 'Video length in seconds, 5-10; default 7.' }),
      })
      .default({ duration: MARKUP_LIMITS.videoDuration.default }),
    renditions: renditionsField(
      VIDEO_RENDITIONS,
      'markup reveal videos',
      'Each is rendered again in its shape.',
    ),
    branding: endCardBranding.optional(),
    brand_kit_id: endCardBrandKitField('the video'),
    ...commonRequestFields,
  })
  .meta({ id: 'MarkupVideoRequest' });
export type MarkupVideoRequest = z.infer<typeof markupVideoRequest>;

// ---------------------------------------------------------------------------------------------------------
// Outputs

const markupGeoreference = z
  .object({
    center: geoPoint.meta({
      description:
        'Ground position of the image centre (of its bottom centre for a photo whose centre shows sky).',
    }),
    meters_per_pixel: z.number().meta({
      description: 'Ground metres per image pixel (at the centre only, for a perspective photo).',
    }),
    rotation: z.number().meta({
      description:
        'Compass bearing pointing to the top of the image (0 = north up, 90 = east up); at the centre only, for a perspective photo.',
    }),
    width: z.int(),
    height: z.int(),
    ...pictureGeoreference,
  })
  .meta({
    id: 'MarkupGeoreference',
    description:
      'How the picture lies on the ground. For a top-down picture (kind nadir), pixel (px, py) lies (px - width/2) * meters_per_pixel to the right and (height/2 - py) * meters_per_pixel above the centre, in a frame turned so that `rotation` is up. For a drone photo (kind perspective) the scale changes across the frame: use image_to_ground.',
  });

export const markupOutput = z
  .object({
    image: mediaWithRenditions.meta({
      description: 'The 3840x2160 top-down JPEG, property centred, front toward orientation.',
    }),
    georeference: markupGeoreference,
    suggested_boundary: z.array(normalizedPoint).nullable().meta({
      description:
        "The parcel boundary in normalized image coordinates, ready for boundary_polygon, clipped where it leaves the frame: your boundary, else the site source's parcel (never a synthetic parcel on your own imagery). Null when there is none, or none of it is in the picture.",
    }),
    boundary_visible_fraction: z.number().min(0).max(1).nullable().meta({
      description: "Share of the parcel's ground area inside the picture; null when there is no parcel.",
    }),
    boundary_source: boundarySource,
    parcel_polygon: parcelPolygonOutput.optional(),
    orientation: z.enum(MARKUP_ORIENTATIONS),
    front_direction: z.number(),
    zoom: z.enum(MARKUP_ZOOMS),
    style: z.enum(MARKUP_STYLES).meta({ description: 'The default style of edits of this markup.' }),
    detected_front_direction: z
      .object({
        bearing: z.int(),
        direction: z.string(),
        confidence: z.number(),
      })
      .nullable()
      .meta({
        description:
          'The frontage the site model suggests (as frontage detection finds it); null if unknown.',
      }),
    location: z.object({
      lat: z.number(),
      lng: z.number(),
      formatted_address: z.string(),
      precision: z.string(),
      provider: z.string(),
      confidence: z.number().min(0).max(1).optional().meta({
        description:
          'How sure the geocoder is that this is the property, 0-1 (the offline gazetteer knows localities, not streets: 0.3); 1 for caller coordinates.',
      }),
    }),
    providers: z.object({ geocoder: z.string(), site: z.string(), imagery: z.string() }),
    camera: droneCameraOutput.optional(),
    imagery: imageryProvenanceOutput,
  })
  .meta({ id: 'MarkupOutput' });

const drawnStyle = {
  text: z.string().meta({ description: 'The text as drawn (computed lengths and areas filled in).' }),
  color: z.string(),
  size: z.enum(ANNOTATION_SIZES),
  label_style: z.enum(LABEL_STYLES),
};
const drawnTextAnnotation = z.object({
  type: z.enum(['label', 'area']),
  position: normalizedPoint.meta({ description: 'The centre of the text.' }),
  ...drawnStyle,
});
const drawnMeasurement = z.object({
  type: z.literal('measurement'),
  from: normalizedPoint,
  to: normalizedPoint,
  ...drawnStyle,
});

export const markupEditOutput = z
  .object({
    image: mediaWithRenditions.meta({
      description: 'The composited JPEG, the size of the markup image, with the renditions asked for.',
    }),
    markup_job_id: z.uuid(),
    style: z.enum(MARKUP_STYLES),
    compositor: z.object({
      outline_color: z.string(),
      outline_width: z.number(),
      blur_radius: z.number(),
      darken_amount: z.number(),
    }),
    boundary_polygon: z.array(normalizedPoint),
    boundary: z.object({
      area_m2: z.number().meta({ description: 'Ground area inside the boundary, from the georeference.' }),
      perimeter_m: z.number(),
    }),
    source_image: mediaFile.meta({ description: 'The markup image the edit was composited on.' }),
    annotations: z
      .array(z.union([drawnTextAnnotation, drawnMeasurement]))
      .meta({ description: 'The annotations as drawn, in order, with every default settled.' }),
    georeference: markupGeoreference,
    imagery: imageryProvenanceOutput.optional().meta({
      description:
        "The markup's imagery provenance (absent on edits of markups made before it was recorded).",
    }),
  })
  .meta({ id: 'MarkupEditOutput' });

export const markupVideoOutput = z
  .object({
    video: videoWithRenditions.meta({
      description: 'H.264 MP4, with its branded version and renditions when asked for.',
    }),
    poster: mediaFile.meta({ description: 'JPEG of the final frame, the size of the video.' }),
    duration_seconds: z.number(),
    fps: z.int(),
    width: z.int(),
    height: z.int(),
    codec: z.literal('h264'),
    markup_job_id: z.uuid(),
    edit_job_id: z
      .uuid()
      .meta({ description: 'The edit whose boundary, style and annotations the video reveals.' }),
    renderer: z.string().meta({ description: 'remotion-local or remotion-lambda.' }),
    imagery: imageryProvenanceOutput.optional().meta({
      description: "The markup's imagery provenance (absent on videos of edits made before it was recorded).",
    }),
    brand_kit: brandKitUsed,
  })
  .meta({ id: 'MarkupVideoOutput' });
