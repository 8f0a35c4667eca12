// PrepareDroneFootage with renditions and branding, on the synthetic site (the scene preparation is real;
// nothing renders): the batch is the 16:9 video, the 9:16 story and each of them again with the end card,
// in the order shared/video-renditions.ts plans; the story flies the same path through its own lens; the
// branded renders run the card's frames after the whole flight; the logo is fetched once through the
// stage's image port and stored, the renderer only sees the stored copy.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { PrepareFootageEvent } from '../../../functions/jobs/drone/steps.ts';
import { prepareFootage } from '../../../functions/jobs/drone/steps.ts';
import type { RenderBatch } from '../../../functions/jobs/shared/render.ts';
import { slideFonts } from '../../../functions/media/brochure/text-fit.ts';
import { SyntheticNadirImagery } from '../../../functions/media/imagery/offline-nadir/synthetic-nadir-imagery.ts';
import type { FetchedImage } from '../../../functions/media/images/fetch-image.ts';
import type { AerialSceneProps } from '../../../functions/media/remotion/aerial-compositions.ts';
import { END_CARD_SECONDS } from '../../../functions/media/remotion/end-card.ts';
import { SyntheticSiteSource } from '../../../functions/media/site/synthetic-site.ts';
import { fakeLocationProviders, fakeMediaStore, resolvedLocation, stepJob } from '../../support/fakes.ts';

const job = stepJob({ job_id: 'j1', org_id: 'org', mode: 'test', job_type: 'drone_footage' });
const LOGO_URL = 'https://brand.example/logo.png';

describe('PrepareDroneFootage with renditions and branding', () => {
  it('plans the video, its story and the branded version of each as one batch', async () => {
    const logo = await sharp({ create: { width: 200, height: 80, channels: 4, background: '#C9A227' } })
      .png()
      .toBuffer();
    const fetched: string[] = [];
    const fetchImage = async (url: string): Promise<FetchedImage> => {
      fetched.push(url);
      return { url, bytes: logo, format: 'png', contentType: 'image/png', width: 200, height: 80 };
    };
    const media = fakeMediaStore();
    const event: PrepareFootageEvent = {
      job,
      input: {
        address: '10 Wattle Street, Ultimo NSW 2007',
        options: { style: 'front_right_approach', duration: 3 },
        renditions: ['social_story'],
        branding: { agency_logo_url: LOGO_URL, agency_name: 'Example Realty', primary_color: '#1F3A5F' },
      },
      location: resolvedLocation({ lat: -33.882, lng: 151.2 }),
    };
    const prepared = await prepareFootage(event, {
      providers: fakeLocationProviders({
        site: new SyntheticSiteSource(),
        imagery: new SyntheticNadirImagery(),
      }),
      media,
      clock: { now: () => new Date('2026-11-27T00:00:00Z') },
      renderScale: 0.5,
      sceneSource: { additionsFor: async () => undefined },
      slideFonts: slideFonts(),
      fetchImage,
    });

    const renders = (prepared.request as RenderBatch).renders;
    expect(renders.map((r) => [r.composition, r.outputKey])).toEqual([
      ['AerialFootage', 'media/org/test/j1/drone-footage.mp4'],
      ['AerialFootage', 'media/org/test/j1/drone-footage-branded.mp4'],
      ['AerialFootageStory', 'media/org/test/j1/drone-footage-social_story.mp4'],
      ['AerialFootageStory', 'media/org/test/j1/drone-footage-social_story-branded.mp4'],
    ]);
    expect(prepared.plan).toEqual([
      { shape: 'main', width: 960, height: 540, branded: false },
      { shape: 'main', width: 960, height: 540, branded: true },
      { shape: 'social_story', width: 540, height: 960, branded: false },
      { shape: 'social_story', width: 540, height: 960, branded: true },
    ]);
    // The poster's render is the unbranded 16:9 one.
    expect(prepared.main).toEqual(renders[0]);
    const props = renders.map((r) => r.inputProps as AerialSceneProps);
    const flight = 3 * 30;
    // The same flight for all four; the story through its own lens, limited per frame.
    for (const p of props) expect(p.camera).toEqual({ kind: 'path', style: 'front_right_approach' });
    expect(props[0]!.verticalFovDeg).toBeUndefined();
    expect(props[2]!.verticalFovDeg).toBeGreaterThan(46);
    expect(props[2]!.skyCap).toMatchObject({ topDeg: 84 });
    expect(props[3]!.verticalFovDeg).toBe(props[2]!.verticalFovDeg);
    // Unbranded: the flight alone; branded: the card's frames after it, laid out for each frame's shape.
    expect(props.map((p) => p.durationInFrames)).toEqual([
      flight,
      flight + END_CARD_SECONDS * 30,
      flight,
      flight + END_CARD_SECONDS * 30,
    ]);
    expect(props[0]!.endCard).toBeUndefined();
    expect(props[2]!.endCard).toBeUndefined();
    expect(props[1]!.endCard).toMatchObject({ frames: END_CARD_SECONDS * 30, background: '#1F3A5F' });
    expect(props[3]!.endCard!.logo!.left).not.toBe(props[1]!.endCard!.logo!.left);
    // The branded renders may take longer, by the card's frames.
    expect(renders[1]!.timeoutSeconds).toBeGreaterThan(renders[0]!.timeoutSeconds);
    // The logo: fetched once by the step, stored, and the renderer given the stored copy's URL.
    expect(fetched).toEqual([LOGO_URL]);
    expect(media.objects.has('media/org/test/j1/end-card-logo')).toBe(true);
    expect(props[1]!.endCard!.logo!.src).not.toContain('brand.example');
  }, 120_000);
});
