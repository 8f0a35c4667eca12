import { describe, expect, it } from 'vitest';
import { brochureSlideRequest } from '../../../functions/jobs/brochure/schema.ts';
import { chooseLayout } from '../../../functions/media/brochure/layout-rules.ts';

describe('layout_description rules', () => {
  it.each([
    ['cover', 'large hero image left, text right', 'cover-image-left', 'layout_description'],
    ['cover', 'text on the left with the photo on the right', 'cover-image-right', 'layout_description'],
    ['cover', 'text left', 'cover-image-right', 'layout_description'],
    ['cover', 'full bleed photo', 'cover-full-bleed', 'layout_description'],
    ['features', 'two-column features', 'features-two-column', 'layout_description'],
    ['features', 'image on the right', 'features-image-right', 'layout_description'],
    ['gallery', 'a photo grid', 'gallery-grid', 'layout_description'],
    ['gallery', 'three across in a row', 'gallery-strip', 'layout_description'],
    ['location', 'map on the right', 'location-map-right', 'layout_description'],
    ['location', 'full-screen map', 'location-map-full', 'layout_description'],
    ['agent', 'centred', 'agent-centered', 'layout_description'],
    ['agent', 'headshot right', 'agent-portrait-right', 'layout_description'],
    ['content', 'text only, no images', 'content-text-only', 'layout_description'],
    ['content', 'something whimsical and bold', 'content-image-right', 'fallback'],
    ['gallery', 'text only', 'gallery-hero-grid', 'fallback'],
  ] as const)('%s: "%s" -> %s (%s)', (type, description, id, source) => {
    const chosen = chooseLayout(type, description);
    expect(chosen).toMatchObject({ id, source });
    expect(chosen.reason.length).toBeGreaterThan(0);
  });

  it('uses the default without a description', () => {
    expect(chooseLayout('cover', undefined)).toMatchObject({ id: 'cover-full-bleed', source: 'default' });
  });
});

describe('brochure slide request', () => {
  const base = {
    property: {
      address: '27 Wattle Street, Ultimo NSW 2007',
      images: ['https://img.example.com/a.jpg', 'https://img.example.com/b.jpg'],
    },
    slide: { type: 'gallery' },
  };

  it('accepts a minimal request and defaults branding', () => {
    const parsed = brochureSlideRequest.parse(base);
    expect(parsed.branding).toEqual({});
  });

  it('refuses selected_images that are not property images, naming the index', () => {
    const result = brochureSlideRequest.safeParse({
      ...base,
      slide: {
        type: 'gallery',
        selected_images: ['https://img.example.com/a.jpg', 'https://other.example.com/c.jpg'],
      },
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.path).toEqual(['slide', 'selected_images', 1]);
  });

  it.each(['red', '#12345', 'rgb(0,0,0)', '#GGGGGG'])('refuses the colour %s', (colour) => {
    expect(brochureSlideRequest.safeParse({ ...base, branding: { primary_color: colour } }).success).toBe(
      false,
    );
  });

  it('accepts #RGB and #RRGGBB', () => {
    expect(
      brochureSlideRequest.safeParse({
        ...base,
        branding: { primary_color: '#fc0', secondary_color: '#0E3B4A' },
      }).success,
    ).toBe(true);
  });

  it('refuses an unknown slide type and unknown fields', () => {
    expect(brochureSlideRequest.safeParse({ ...base, slide: { type: 'floorplan' } }).success).toBe(false);
    expect(brochureSlideRequest.safeParse({ ...base, slide: { type: 'cover', colour: 'x' } }).success).toBe(
      false,
    );
  });
});
