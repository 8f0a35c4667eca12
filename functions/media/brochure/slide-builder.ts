// The drawing vocabulary the slide layouts use: boxes, fitted text, image slots, logo plates and
// markers, collected into a display list. Every colour decision that involves text goes through the
// contrast rules here, so no layout can put unreadable text on a brand colour.
import type { Box, SceneElement } from '../remotion/brochure-scene.ts';
import { contrastRatio, mix, WCAG_AA } from './colour.ts';
import { type FitOptions, type FittedText, fitText, type SlideFonts, slideFonts } from './text-fit.ts';

/** A rectangle of the slide that a prepared image fills. */
export interface ImageSlot {
  readonly name: string;
  readonly w: number;
  readonly h: number;
  /** Which picture: a property photo by its index in the slide's photo list, the logo, headshot or map. */
  readonly source:
    | { readonly kind: 'photo'; readonly index: number }
    | { readonly kind: 'logo' | 'headshot' | 'map' };
}

export class SlideBuilder {
  readonly elements: SceneElement[] = [];
  readonly slots: ImageSlot[] = [];
  readonly truncated: string[] = [];
  /** The tinted panels standing in for missing photos: pictures, to the small print, not backgrounds. */
  readonly placeholders = new Set<SceneElement>();
  /** Location slides: where the property sits on the map slot, as shares of its size. */
  mapFocus: { x: number; y: number } | undefined;

  constructor(
    readonly background: string,
    /** The faces text is measured and drawn in (default: the packaged DejaVu Sans). */
    readonly fonts: SlideFonts = slideFonts(),
  ) {}

  rect(box: Box, fill: string, extra: { opacity?: number; radius?: number } = {}): void {
    this.elements.push({ kind: 'rect', ...round(box), fill, ...extra });
  }

  /** Fits `text` into the box and draws it; returns the fit (its usedHeight places what follows). */
  text(role: string, text: string, box: Box, colour: string, options: FitOptions): FittedText {
    const fitted = fitText(text, box, options, this.fonts);
    if (fitted.truncated && !this.truncated.includes(role)) this.truncated.push(role);
    this.elements.push({
      kind: 'text',
      role,
      ...box,
      text: fitted.text,
      size: fitted.size,
      weight: options.weight,
      color: colour,
      lines: fitted.lines,
      // The glyph outlines once read (drawn, sent to the renderer, written into the PDF): most of a fit's
      // cost, and many layouts are measured and then set aside.
      get d() {
        return fitted.d;
      },
      truncated: fitted.truncated,
    });
    return fitted;
  }

  image(
    name: string,
    box: Box,
    source: ImageSlot['source'],
    extra: { radius?: number; circle?: boolean } = {},
  ): void {
    const b = round(box);
    this.slots.push({ name, w: b.w, h: b.h, source });
    this.elements.push({ kind: 'image', image: name, ...b, ...extra });
  }

  path(d: string, fill: string, bounds: Box, stroke?: { colour: string; width: number }): void {
    this.elements.push({
      kind: 'path',
      d,
      fill,
      bounds,
      ...(stroke ? { stroke: stroke.colour, strokeWidth: stroke.width } : {}),
    });
  }

  /**
   * The agency logo on a white rounded plate (logos come in every colour and with or without
   * transparency; white is what they are designed for), scaled to fit `max` without distortion.
   * Returns the plate's box, or undefined without a logo.
   */
  logo(
    logo: { width: number; height: number } | undefined,
    max: Box,
    anchor: 'left' | 'right' | 'center' = 'left',
  ): Box | undefined {
    if (!logo) return undefined;
    const pad = Math.round(Math.min(max.h, max.w) * 0.16);
    const scale = Math.min((max.w - 2 * pad) / logo.width, (max.h - 2 * pad) / logo.height);
    const w = Math.round(logo.width * scale);
    const h = Math.round(logo.height * scale);
    const plate = {
      x:
        anchor === 'left'
          ? max.x
          : anchor === 'right'
            ? max.x + max.w - (w + 2 * pad)
            : max.x + (max.w - w - 2 * pad) / 2,
      y: max.y,
      w: w + 2 * pad,
      h: h + 2 * pad,
    };
    this.rect(plate, '#FFFFFF', { radius: 12 });
    this.image('logo', { x: plate.x + pad, y: plate.y + pad, w, h }, { kind: 'logo' });
    return plate;
  }

  /** A slot with no photo to put in it: a tinted panel with a simple house outline, not a hole. */
  emptyPhoto(box: Box, tint: string): void {
    this.rect(box, tint);
    this.placeholders.add(this.elements.at(-1)!);
    const s = Math.min(box.w, box.h) * 0.18;
    const cx = box.x + box.w / 2;
    const cy = box.y + box.h / 2;
    const d = `M${cx - s} ${cy}L${cx} ${cy - s}L${cx + s} ${cy}L${cx + s * 0.75} ${cy}L${cx + s * 0.75} ${cy + s * 0.8}L${cx - s * 0.75} ${cy + s * 0.8}L${cx - s * 0.75} ${cy}Z`;
    this.path(d, mix(tint, '#000000', 0.12), { x: cx - s, y: cy - s, w: 2 * s, h: 1.8 * s });
  }
}

const round = (b: Box): Box => ({
  x: Math.round(b.x),
  y: Math.round(b.y),
  w: Math.round(b.w),
  h: Math.round(b.h),
});

/** A softer variant of a text colour that still passes AA on the background, else the colour itself. */
export function mutedText(text: string, background: string, amount = 0.25): string {
  const softer = mix(text, background, amount);
  return contrastRatio(softer, background) >= WCAG_AA.body ? softer : text;
}

/** A map pin with its tip at (x, y): the drop shape in the brand colour with a white centre. */
export function pinPath(x: number, y: number, size: number): { outer: string; inner: string; bounds: Box } {
  const r = size / 2;
  const cy = y - size * 1.05;
  const outer = `M${x} ${y}C${x - r * 0.35} ${y - r * 0.6} ${x - r} ${cy + r * 0.55} ${x - r} ${cy}A${r} ${r} 0 1 1 ${x + r} ${cy}C${x + r} ${cy + r * 0.55} ${x + r * 0.35} ${y - r * 0.6} ${x} ${y}Z`;
  const ri = r * 0.42;
  const inner = `M${x - ri} ${cy}A${ri} ${ri} 0 1 0 ${x + ri} ${cy}A${ri} ${ri} 0 1 0 ${x - ri} ${cy}Z`;
  return { outer, inner, bounds: { x: x - r, y: cy - r, w: 2 * r, h: y - (cy - r) } };
}
