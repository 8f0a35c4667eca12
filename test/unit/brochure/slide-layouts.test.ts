// Every layout of every slide type, in the landscape slide and in every social shape, with short,
// typical and absurdly long text and brand colours from white to black: every text line, image and
// shape lies inside the slide and inside its own box, nothing is cut mid-word, and every text colour
// passes WCAG AA on what it is drawn on. The social shapes also keep their photos above the text, a
// story's words out of the app's bars, and the headline and logo at sizes a phone can show.
import { describe, expect, it } from 'vitest';
import { contrastRatio } from '../../../functions/media/brochure/colour.ts';
import { SLIDE_LAYOUTS } from '../../../functions/media/brochure/layout-rules.ts';
import {
  featureList,
  layoutSlide,
  type SlideContent,
  type SlideLayoutResult,
  socialFrame,
} from '../../../functions/media/brochure/slide-layouts.ts';
import { slideFont } from '../../../functions/media/brochure/text-fit.ts';
import {
  type Box,
  BROCHURE_SLIDE_SIZE,
  BROCHURE_SLIDE_TYPES,
  type SceneElement,
  type SlideShape,
  SOCIAL_SLIDE_SHAPES,
} from '../../../functions/media/remotion/brochure-scene.ts';

const LONG_WORDS =
  'Architect-designed residence with sweeping harbour views, wide entertaining terraces, a heated plunge pool, separate guest quarters, climate-controlled wine cellar, ';
const TEXTS = {
  short: {
    title: 'Home',
    description: 'Quiet.',
    price: '$1m',
    name: 'Jo Li',
    address: '1 A Street, Ultimo NSW 2007',
  },
  typical: {
    title: 'A light-filled family home',
    description:
      'Four bedrooms\nTwo bathrooms\nNorth-facing terrace and pool\nDouble garage\nWalk to the light rail and cafes',
    price: 'Auction Saturday 14 June',
    name: 'Olivia Harrington',
    address: '27 Wattle Street, Ultimo NSW 2007',
  },
  long: {
    title: `${LONG_WORDS}${LONG_WORDS}`,
    description: LONG_WORDS.repeat(30),
    price: 'Contact agent for a price guide; expressions of interest close Friday 27 June at 5 pm',
    name: 'Alexandra Konstantinopoulou-Wetherington the Third of Kirribilli',
    address: 'Unit 1203, 1-15 Extraordinarily Long Boulevard Extension North, Bonnyrigg Heights NSW 2177',
  },
} as const;
/** Small print of each length: one line, a typical agency's, and one past what three lines hold. */
const DISCLAIMERS = {
  short: 'Price guide only.',
  typical:
    'All information contained herein is gathered from sources we believe to be reliable. However we cannot guarantee its accuracy and interested persons should rely on their own enquiries.',
  long: LONG_WORDS.repeat(6),
} as const;
const COLOURS = [
  { primary: '#1F3A5F', secondary: '#C9A227' },
  { primary: '#FFFFFF', secondary: '#FFFF00' },
  { primary: '#000000', secondary: '#111111' },
  { primary: '#FFD700', secondary: '#FFA500' },
  { primary: '#777777', secondary: '#888888' },
  { primary: '#E30613', secondary: '#00A651' },
];

function inside(inner: Box, outer: Box, tolerance = 0.5): boolean {
  return (
    inner.x >= outer.x - tolerance &&
    inner.y >= outer.y - tolerance &&
    inner.x + inner.w <= outer.x + outer.w + tolerance &&
    inner.y + inner.h <= outer.y + outer.h + tolerance
  );
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

/** The extent of a text element's glyph lines (ascender to descender). */
function inkBox(e: Extract<SceneElement, { kind: 'text' }>): Box {
  const font = slideFont(e.weight);
  const left = Math.min(...e.lines.map((l) => l.x));
  const top = Math.min(...e.lines.map((l) => l.baseline)) - font.ascender * e.size;
  return {
    x: left,
    y: top,
    w: Math.max(...e.lines.map((l) => l.x + l.width)) - left,
    h: Math.max(...e.lines.map((l) => l.baseline)) - font.descender * e.size - top,
  };
}

const SLIDE: Box = { x: 0, y: 0, w: BROCHURE_SLIDE_SIZE.width, h: BROCHURE_SLIDE_SIZE.height };

/** What a text element is drawn on: the last opaque rect before it that contains its lines. */
function backdrop(elements: readonly SceneElement[], index: number, box: Box, background: string): string {
  for (let i = index - 1; i >= 0; i -= 1) {
    const e = elements[i]!;
    if (e.kind === 'rect' && (e.opacity ?? 1) === 1 && inside(box, e, 1)) return e.fill;
    if (e.kind === 'image' && inside(box, e, 1)) throw new Error('text drawn straight onto an image');
  }
  return background;
}

const cases = BROCHURE_SLIDE_TYPES.flatMap((type) =>
  SLIDE_LAYOUTS[type].flatMap((layout) =>
    (Object.keys(TEXTS) as (keyof typeof TEXTS)[]).flatMap((length) =>
      [0, 1, 2].map((variant) => ({ type, layout, length, variant })),
    ),
  ),
);

/**
 * The slide's content for a case: its text, the colours, and (variant 0) six photos, a logo and a
 * headshot; variants 0 and 2 (one photo, no logo) carry a disclaimer and licence numbers, variant 1 none.
 */
function caseContent(
  { type, layout, length, variant }: (typeof cases)[number],
  colours: SlideContent['colours'],
): SlideContent {
  const t = TEXTS[length];
  return {
    type,
    layout,
    address: t.address,
    title: t.title,
    description: t.description,
    propertyDescription: t.description,
    price: t.price,
    agent: {
      name: t.name,
      phone: '0412 345 678',
      email: 'someone@example.com.au',
      agency: `${t.name} Realty`,
      ...(variant === 1 ? {} : { licence: '1234567', agencyLicence: '20001234' }),
    },
    ...(variant === 1 ? {} : { disclaimer: DISCLAIMERS[length] }),
    colours,
    photoCount: variant === 0 ? 6 : 1,
    ...(variant === 0 ? { logo: { width: 900, height: 200 } } : {}),
    hasHeadshot: variant === 0,
  };
}

/**
 * Where small print may go: inside the slide's side margins (the gallery's 48 px, the others' 96 px; the
 * social shapes': out of the app's bars), ending 32 px above the foot.
 */
function smallPrintFrame(shape: SlideShape): Box {
  if (shape === 'landscape') return { x: 48, y: 0, w: SLIDE.w - 96, h: SLIDE.h - 32 };
  const f = socialFrame(shape);
  return { x: f.m, y: f.safeTop, w: f.w - 2 * f.m, h: Math.min(f.h - 32, f.safeBottom) - f.safeTop };
}

/**
 * The disclaimer, when the slide has one: drawn (or reported cut), inside the small-print frame, at the
 * foot under every other text block. That it overlaps no other text, no photo or logo, and reads on its
 * backdrop, legibilityProblems checks as for any text.
 */
function disclaimerProblems(result: SlideLayoutResult, content: SlideContent, shape: SlideShape): string[] {
  const drawn = result.elements.filter((e) => e.kind === 'text' && e.role === 'disclaimer');
  if (!content.disclaimer) return drawn.length === 0 ? [] : ['a disclaimer drawn without one'];
  if (drawn.length !== 1) return [`${drawn.length} disclaimers drawn`];
  const e = drawn[0] as Extract<SceneElement, { kind: 'text' }>;
  const ink = inkBox(e);
  const problems: string[] = [];
  if (!inside(ink, smallPrintFrame(shape)))
    problems.push(`disclaimer ${JSON.stringify(ink)} outside the frame`);
  if (e.truncated !== result.truncated.includes('disclaimer'))
    problems.push('disclaimer cut but not reported');
  if (!e.truncated && e.text !== content.disclaimer) problems.push('disclaimer text changed');
  for (const other of result.elements)
    if (other.kind === 'text' && other !== e && inkBox(other).y > ink.y)
      problems.push(`${other.role} below the disclaimer`);
  return problems;
}

/**
 * Every element inside the slide, every text line inside its box and made of whole words, every text
 * colour AA on its backdrop, no text over another or over a photo or the logo, truncation reported.
 * Each check adds what it found to `problems` (thousands of checks a case: one expect() for each would
 * cost more than the layouts they check), and the case expects none.
 */
function legibilityProblems(result: SlideLayoutResult, slide: Box, length: keyof typeof TEXTS): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: () => string) => {
    if (!ok) problems.push(problem());
  };
  const texts = result.elements.filter((e) => e.kind === 'text');
  check(texts.length > 0, () => 'no text');
  result.elements.forEach((element, i) => {
    if (element.kind === 'path') {
      check(inside(element.bounds, slide), () => `path ${i} outside the slide`);
      return;
    }
    check(
      inside(element, slide),
      () => `${element.kind} ${i} ${JSON.stringify(element).slice(0, 80)} outside the slide`,
    );
    if (element.kind !== 'text') return;
    const font = slideFont(element.weight);
    // Never cut mid-word: each line is made of whole words of the source (an ellipsis aside), or of a
    // word with its trailing punctuation dropped.
    const words = new Set(element.text.split(/\s+/).flatMap((w) => [w, w.replace(/[,;:.\-–—]+$/, '')]));
    for (const line of element.lines) {
      const lineBox = {
        x: line.x,
        y: line.baseline - font.ascender * element.size,
        w: line.width,
        h: (font.ascender - font.descender) * element.size,
      };
      check(inside(lineBox, element), () => `${element.role}: "${line.text}" outside its box`);
      for (const word of line.text
        .replace(/\u2026$/, '')
        .split(' ')
        .filter(Boolean)) {
        check(words.has(word), () => `${element.role}: "${word}" is not a whole word of the text`);
      }
    }
    // The ink's extent (a text box can be wider than the tag it sits on; its lines are not).
    const on = backdrop(result.elements, i, inkBox(element), result.background);
    const large = element.size >= 24 || (element.weight === 'bold' && element.size >= 18.67);
    const ratio = contrastRatio(element.color, on);
    check(ratio >= (large ? 3 : 4.5), () => `${element.role} ${element.color} on ${on}: contrast ${ratio}`);
  });
  // No two text blocks overlap, and no text runs into the logo plate or a photo.
  const inks = texts.map((e) => ({ role: e.role, box: inkBox(e) }));
  const solids = result.elements.filter((e) => e.kind === 'image' && e.image !== 'map');
  for (const [i, a] of inks.entries()) {
    for (const b of inks.slice(i + 1)) check(!overlaps(a.box, b.box), () => `${a.role} overlaps ${b.role}`);
    for (const s of solids) check(!overlaps(a.box, s as Box), () => `${a.role} overlaps an image`);
  }
  for (const slot of result.slots) check(slot.w > 0 && slot.h > 0, () => `slot ${slot.name} is empty`);
  if (length === 'long') check(result.truncated.length > 0, () => 'long text not reported truncated');
  if (length === 'short')
    check(result.truncated.length === 0, () => `short text reported truncated: ${result.truncated}`);
  return problems;
}

const slideBox = (shape: SlideShape): Box =>
  shape === 'landscape' ? SLIDE : { x: 0, y: 0, w: socialFrame(shape).w, h: socialFrame(shape).h };

describe('slide layouts', () => {
  it.each(cases)(
    '$type / $layout / $length text (variant $variant) stays inside its boxes and legible',
    (c) => {
      for (const colours of c.variant === 0 ? COLOURS.slice(0, 3) : COLOURS.slice(3)) {
        const content = caseContent(c, colours);
        const result = layoutSlide(content);
        expect(
          [
            ...legibilityProblems(result, slideBox('landscape'), c.length),
            ...disclaimerProblems(result, content, 'landscape'),
          ],
          JSON.stringify(colours),
        ).toEqual([]);
      }
    },
  );

  it('never repeats a photo and reports the ones it shows in reading order', () => {
    const result = layoutSlide({
      type: 'gallery',
      layout: 'gallery-grid',
      address: TEXTS.typical.address,
      agent: {},
      colours: COLOURS[0]!,
      photoCount: 9,
      hasHeadshot: false,
    });
    expect(result.photosUsed).toEqual([0, 1, 2, 3, 4, 5]);
    expect(new Set(result.slots.map((s) => s.name)).size).toBe(result.slots.length);
  });
});

const socialCases = SOCIAL_SLIDE_SHAPES.flatMap((shape) => cases.map((c) => ({ ...c, shape })));

describe('social slide layouts', () => {
  it.each(socialCases)(
    '$shape: $type / $layout / $length text (variant $variant) stays inside its boxes and legible',
    ({ shape, ...c }) => {
      const frame = socialFrame(shape);
      for (const colours of c.variant === 0 ? COLOURS.slice(0, 3) : COLOURS.slice(3)) {
        const content = caseContent(c, colours);
        const result = layoutSlide(content, shape);
        expect(
          [
            ...legibilityProblems(result, slideBox(shape), c.length),
            ...disclaimerProblems(result, content, shape),
          ],
          JSON.stringify(colours),
        ).toEqual([]);
        const texts = result.elements.filter((e) => e.kind === 'text');
        const images = result.elements.filter((e) => e.kind === 'image');
        // Text and the logo keep to the frame's text band: on a story, out of the app's bars.
        for (const e of texts) {
          const ink = inkBox(e);
          expect(ink.y >= frame.safeTop && ink.y + ink.h <= frame.safeBottom, `${e.role} in a bar`).toBe(
            true,
          );
        }
        const logo = images.find((e) => e.image === 'logo');
        if (logo) {
          expect(logo.y >= frame.safeTop && logo.y + logo.h <= frame.safeBottom, 'logo in a bar').toBe(true);
          // A 900x200 wordmark at least a fifth of its size: still legible on a phone.
          expect(logo.w, 'logo too small').toBeGreaterThanOrEqual(180);
        } else expect(c.variant).not.toBe(0);
        // Photos are stacked above the words, never beside them.
        for (const photo of images.filter((e) => e.image.startsWith('photo'))) {
          for (const e of texts)
            expect(inkBox(e).y, `${e.role} beside a photo`).toBeGreaterThanOrEqual(photo.y + photo.h);
        }
        // The headline is set large enough to read at a third of the slide's size.
        const headline = texts.find((e) => e.role === 'title' || e.role === 'name');
        expect(headline, 'no headline').toBeDefined();
        expect(headline!.size).toBeGreaterThanOrEqual(40);
        expect(Math.min(...texts.map((e) => e.size))).toBeGreaterThanOrEqual(24);
      }
    },
  );

  it('never repeats a photo in any shape and turns a tall gallery', () => {
    for (const shape of SOCIAL_SLIDE_SHAPES) {
      for (const layout of SLIDE_LAYOUTS.gallery) {
        const result = layoutSlide(
          {
            type: 'gallery',
            layout,
            address: TEXTS.typical.address,
            agent: {},
            colours: COLOURS[0]!,
            photoCount: 9,
            hasHeadshot: false,
          },
          shape,
        );
        expect(new Set(result.photosUsed).size).toBe(result.photosUsed.length);
        expect(new Set(result.slots.map((s) => s.name)).size).toBe(result.slots.length);
        const photos = result.elements.filter((e) => e.kind === 'image');
        // In the story, the strip's photos are one above another, the hero above the others.
        if (shape === 'social_story' && layout !== 'gallery-grid')
          expect(photos[0]!.w).toBeGreaterThan(photos[0]!.h);
      }
    }
  });

  it('leaves the landscape slide as it was when no shape is given', () => {
    const content = caseContent(
      { type: 'cover', layout: 'cover-full-bleed', length: 'typical', variant: 0 },
      COLOURS[0]!,
    );
    expect(layoutSlide(content, 'landscape')).toEqual(layoutSlide(content));
  });
});

describe("featureList: the features slide's lines from the text it is given", () => {
  it('takes one feature per line or per bullet, without the list marks', () => {
    expect(featureList('- North-facing terrace\n- Solar-heated pool\n\n* Two bathrooms.')).toEqual([
      'North-facing terrace',
      'Solar-heated pool',
      'Two bathrooms',
    ]);
    expect(featureList('Four bedrooms • Two bathrooms • Pool')).toEqual([
      'Four bedrooms',
      'Two bathrooms',
      'Pool',
    ]);
  });

  it('takes one per ";" when the text is a list', () => {
    expect(featureList('Four bedrooms; two bathrooms; north-facing terrace; pool')).toEqual([
      'Four bedrooms',
      'two bathrooms',
      'north-facing terrace',
      'pool',
    ]);
  });

  it('takes prose one sentence at a time, a semicolon inside a sentence kept', () => {
    const prose =
      'Set behind an established garden, this light-filled home pairs character with a modern extension. ' +
      'Four bedrooms and two bathrooms flow out to a north-facing terrace. ' +
      'Walk to Central Park and the cafes of Harris Street; the CBD is ten minutes away.';
    expect(featureList(prose)).toEqual([
      'Set behind an established garden, this light-filled home pairs character with a modern extension',
      'Four bedrooms and two bathrooms flow out to a north-facing terrace',
      'Walk to Central Park and the cafes of Harris Street; the CBD is ten minutes away',
    ]);
  });

  it('gives nothing for no text', () => {
    expect(featureList(undefined)).toEqual([]);
    expect(featureList('')).toEqual([]);
  });
});
