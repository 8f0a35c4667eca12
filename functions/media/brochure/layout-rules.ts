// How `slide.layout_description` steers a slide's layout: a few documented phrase rules, tried in
// order, turn the free text into one of the layouts that slide type has. Nothing matched, or a match
// the slide type has no layout for, falls back to the type's default; the output says which layout
// ran and why (docs/readme/brochure.md lists the rules).
import type { BrochureSlideType } from '../remotion/brochure-scene.ts';

export const SLIDE_LAYOUTS = {
  cover: ['cover-full-bleed', 'cover-image-left', 'cover-image-right'],
  features: ['features-image-left', 'features-image-right', 'features-two-column'],
  gallery: ['gallery-hero-grid', 'gallery-grid', 'gallery-strip'],
  location: ['location-map-left', 'location-map-right', 'location-map-full'],
  agent: ['agent-portrait-left', 'agent-portrait-right', 'agent-centered'],
  content: ['content-image-right', 'content-image-left', 'content-text-only'],
} as const satisfies Record<BrochureSlideType, readonly string[]>;

export type SlideLayoutId = (typeof SLIDE_LAYOUTS)[BrochureSlideType][number];

/** What a phrase asks for, independent of the slide type. */
type LayoutIntent =
  | 'image-left'
  | 'image-right'
  | 'full-bleed'
  | 'two-column'
  | 'grid'
  | 'strip'
  | 'centered'
  | 'text-only';

/** The layout each slide type uses for an intent; a missing entry means "not available for this type". */
const INTENT_LAYOUTS: Record<BrochureSlideType, Partial<Record<LayoutIntent, SlideLayoutId>>> = {
  cover: {
    'full-bleed': 'cover-full-bleed',
    'image-left': 'cover-image-left',
    'image-right': 'cover-image-right',
    centered: 'cover-full-bleed',
  },
  features: {
    'image-left': 'features-image-left',
    'image-right': 'features-image-right',
    'two-column': 'features-two-column',
    'text-only': 'features-two-column',
  },
  gallery: {
    'full-bleed': 'gallery-hero-grid',
    grid: 'gallery-grid',
    strip: 'gallery-strip',
    'two-column': 'gallery-grid',
  },
  location: {
    'image-left': 'location-map-left',
    'image-right': 'location-map-right',
    'full-bleed': 'location-map-full',
  },
  agent: {
    'image-left': 'agent-portrait-left',
    'image-right': 'agent-portrait-right',
    centered: 'agent-centered',
  },
  content: {
    'image-left': 'content-image-left',
    'image-right': 'content-image-right',
    'text-only': 'content-text-only',
    'two-column': 'content-image-right',
  },
};

const PICTURE = '(?:image|images|photo|photos|picture|pictures|hero|map|headshot|portrait|gallery|visual)';
const SIDE_AFTER_PICTURE = new RegExp(String.raw`\b${PICTURE}\b[^,.;]*?\b(left|right)\b`);
const SIDE_BEFORE_PICTURE = new RegExp(String.raw`\b(left|right)\b[^,.;]*?\b${PICTURE}\b`);
const TEXT_SIDE = /\b(?:text|copy|details|description|words|content)\b[^,.;]*?\b(left|right)\b/;

interface LayoutRule {
  readonly name: string;
  /** The intent the phrase asks for, or undefined when the rule does not apply. */
  readonly match: (text: string) => LayoutIntent | undefined;
}

/** Tried in this order; the first that applies decides. */
const LAYOUT_RULES: readonly LayoutRule[] = [
  {
    name: 'text only',
    match: (t) =>
      /\b(?:text[- ]only|no (?:image|photo|picture)s?|without (?:an? )?(?:image|photo|picture)s?)\b/.test(t)
        ? 'text-only'
        : undefined,
  },
  {
    name: 'two columns',
    match: (t) => (/\b(?:two|2|double)[- ]?col(?:umn)?s?\b/.test(t) ? 'two-column' : undefined),
  },
  { name: 'grid', match: (t) => (/\b(?:grid|mosaic|tiles?|collage)\b/.test(t) ? 'grid' : undefined) },
  {
    name: 'strip',
    match: (t) =>
      /\b(?:strip|row|side[- ]by[- ]side|three across|panorama|columns of (?:images|photos))\b/.test(t)
        ? 'strip'
        : undefined,
  },
  {
    name: 'picture side',
    match: (t) => side(SIDE_AFTER_PICTURE.exec(t)?.[1] ?? SIDE_BEFORE_PICTURE.exec(t)?.[1], false),
  },
  { name: 'text side', match: (t) => side(TEXT_SIDE.exec(t)?.[1], true) },
  {
    name: 'full bleed',
    match: (t) =>
      /\b(?:full[- ]?(?:bleed|screen|width|page|frame)|edge[- ]to[- ]edge|background|large hero|big hero|hero)\b/.test(
        t,
      )
        ? 'full-bleed'
        : undefined,
  },
  {
    name: 'centered',
    match: (t) => (/\b(?:cent(?:er|re)d?|middle|symmetric(?:al)?)\b/.test(t) ? 'centered' : undefined),
  },
];

function side(value: string | undefined, opposite: boolean): LayoutIntent | undefined {
  if (!value) return undefined;
  const left = value === 'left' ? !opposite : opposite;
  return left ? 'image-left' : 'image-right';
}

export interface ChosenLayout {
  readonly id: SlideLayoutId;
  /** layout_description: a rule matched; default: none was given; fallback: given but not usable. */
  readonly source: 'layout_description' | 'default' | 'fallback';
  /** The rule that decided, or why the fallback ran. */
  readonly reason: string;
}

export function chooseLayout(type: BrochureSlideType, description: string | undefined): ChosenLayout {
  const fallbackId = SLIDE_LAYOUTS[type][0];
  if (description === undefined || description.trim() === '') {
    return { id: fallbackId, source: 'default', reason: 'no layout_description given' };
  }
  const text = description.toLowerCase().replace(/\s+/g, ' ');
  const unavailable: string[] = [];
  for (const rule of LAYOUT_RULES) {
    const intent = rule.match(text);
    if (!intent) continue;
    const id = INTENT_LAYOUTS[type][intent];
    if (id) return { id, source: 'layout_description', reason: `rule "${rule.name}" asked for ${intent}` };
    unavailable.push(`${intent} (rule "${rule.name}")`);
  }
  return {
    id: fallbackId,
    source: 'fallback',
    reason:
      unavailable.length > 0
        ? `a ${type} slide has no layout for ${unavailable.join(', ')}; used the default`
        : 'no layout rule matched the description; used the default',
  };
}
