// The organization's own media passed back by URL (a listing kit's stills to its slides): the S3 media
// store knows its own presigned URLs by key, path-style and virtual-hosted, whatever their signature or the
// endpoint's port; a step reads such an object from the bucket (only under its own organization and mode)
// instead of downloading a URL that may have expired or, on the local stack, moved with a restart.
import { S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { S3MediaStore } from '../../../functions/adapters/s3/media-store.ts';
import type { BrandKitUse } from '../../../functions/core/brand-kits/resolve.ts';
import { withKitImages } from '../../../functions/jobs/shared/brand-kit-images.ts';
import { jobImageFetcher, ownMediaFetcher } from '../../../functions/jobs/shared/own-media-images.ts';
import { loadImageryOf } from '../../../functions/jobs/shared/property-imagery.ts';
import type { FetchedImage } from '../../../functions/media/images/fetch-image.ts';
import { fakeMediaStore, stepJob } from '../../support/fakes.ts';

const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'secret' };
const NOW = new Date('2026-11-30T04:00:00.000Z');
const KEY = 'media/acme/live/01a22aa6-8d52-79de-b65d-364010806088/drone-still.jpg';

describe('S3MediaStore.keyOf', () => {
  it('names the key of its own presigned URLs, path-style, whatever port the endpoint had', async () => {
    const local = (port: number) =>
      new S3MediaStore(
        new S3Client({
          region: 'ap-southeast-2',
          endpoint: `http://127.0.0.1:${port}`,
          forcePathStyle: true,
          credentials,
        }),
        'mediabucketbcbb02ba',
        3600,
      );
    const { url } = await local(43485).sign(KEY, NOW);
    expect(url).toContain('/mediabucketbcbb02ba/media/acme/live/');
    // The stack restarted: its emulator listens elsewhere, the stored URL still names the old port.
    expect(local(51234).keyOf(url)).toBe(KEY);
    expect(local(51234).keyOf(url.replace('mediabucketbcbb02ba', 'otherbucket'))).toBeUndefined();
  });

  it('names the key of a virtual-hosted URL of its bucket, and nothing of other URLs', async () => {
    const store = new S3MediaStore(
      new S3Client({ region: 'ap-southeast-2', credentials }),
      'prod-media-1a2b',
      3600,
    );
    const { url } = await store.sign(KEY, NOW);
    expect(new URL(url).hostname).toBe('prod-media-1a2b.s3.ap-southeast-2.amazonaws.com');
    expect(store.keyOf(url)).toBe(KEY);
    expect(store.keyOf(`https://prod-media-1a2b-evil.s3.amazonaws.com/${KEY}`)).toBeUndefined();
    expect(store.keyOf(`https://example.com/${KEY}`)).toBeUndefined();
    expect(store.keyOf('not a url')).toBeUndefined();
  });
});

describe('ownMediaFetcher', () => {
  const tenant = { orgId: 'acme', mode: 'live' as const };

  async function setup() {
    const jpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#336699' } })
      .jpeg()
      .toBuffer();
    const media = fakeMediaStore({
      [KEY]: jpeg,
      'media/acme/test/01a22aa6-0000-7000-8000-000000000000/still.jpg': jpeg,
      'media/acme/live/01a22aa6-0000-7000-8000-000000000001/notes.jpg': Buffer.from('not a picture'),
    });
    const downloaded: string[] = [];
    const fetch = async (url: string): Promise<FetchedImage> => {
      downloaded.push(url);
      throw new Error(`downloaded ${url}`);
    };
    return { media, downloaded, fetcher: ownMediaFetcher(fetch, media, tenant) };
  }

  it('reads the organization’s own media from the bucket, even by an expired URL', async () => {
    const { media, downloaded, fetcher } = await setup();
    const { url } = await media.sign(KEY, new Date('2026-01-01T00:00:00.000Z')); // long expired
    const image = await fetcher(url);
    expect(image).toMatchObject({ url, format: 'jpeg', width: 64, height: 48, contentType: 'image/jpeg' });
    expect(downloaded).toEqual([]);
  });

  it('downloads everything else: another mode’s or organization’s media, an object gone, a foreign URL', async () => {
    const { media, downloaded, fetcher } = await setup();
    const otherMode = (
      await media.sign('media/acme/test/01a22aa6-0000-7000-8000-000000000000/still.jpg', NOW)
    ).url;
    const otherOrg = (await media.sign('media/zenith/live/01a22aa6-0000-7000-8000-000000000000/x.jpg', NOW))
      .url;
    const gone = (await media.sign('media/acme/live/01a22aa6-0000-7000-8000-000000000002/gone.jpg', NOW)).url;
    for (const url of [otherMode, otherOrg, gone, 'https://example.com/front.jpg'])
      await expect(fetcher(url)).rejects.toThrow(`downloaded ${url}`);
    expect(downloaded).toHaveLength(4);
  });

  it('checks what it reads as a download would: a stored file that is not a picture is UNSUPPORTED_IMAGE', async () => {
    const { media, fetcher } = await setup();
    const { url } = await media.sign('media/acme/live/01a22aa6-0000-7000-8000-000000000001/notes.jpg', NOW);
    await expect(fetcher(url)).rejects.toMatchObject({ code: 'UNSUPPORTED_IMAGE' });
  });
});

describe('jobImageFetcher (the brochure’s and the videos’ end-card images)', () => {
  it('reads a brand kit’s kept copy and the organization’s own media from the bucket, and downloads the rest', async () => {
    const tenant = { orgId: 'acme', mode: 'live' as const };
    const png = await sharp({ create: { width: 40, height: 20, channels: 4, background: '#C9A227' } })
      .png()
      .toBuffer();
    const kitLogo = 'brand-kits/acme/live/bk_1/logo.png';
    const media = fakeMediaStore({ [KEY]: png, [kitLogo]: png });
    const downloaded: string[] = [];
    const kit: BrandKitUse = {
      id: 'bk_1',
      version: 1,
      logo: { key: kitLogo, content_type: 'image/png', width: 40, height: 20 },
    };
    const fetcher = jobImageFetcher(
      async (url) => {
        downloaded.push(url);
        return { url, bytes: png, format: 'png', contentType: 'image/png', width: 40, height: 20 };
      },
      media,
      tenant,
      kit,
    );
    const input: { branding?: { agency_logo_url?: string }; brand_kit: BrandKitUse } = { brand_kit: kit };
    const kitUrl = withKitImages(input).branding!.agency_logo_url!;
    // An end-card logo given as one of the organization's own outputs, by a URL signed long ago.
    const own = (await media.sign(KEY, new Date('2026-01-01T00:00:00.000Z'))).url;
    for (const url of [kitUrl, own, 'https://brand.example/logo.png'])
      expect(await fetcher(url)).toMatchObject({ url, width: 40, height: 20 });
    expect(downloaded).toEqual(['https://brand.example/logo.png']);
  });
});

describe('loadImageryOf (the caller’s own aerial picture, imagery.image_url)', () => {
  it('reads an orthophoto that is one of the organization’s own media from the bucket, and downloads others', async () => {
    const jpeg = await sharp({ create: { width: 400, height: 200, channels: 3, background: '#5a7a4a' } })
      .jpeg()
      .toBuffer();
    const media = fakeMediaStore({ [KEY]: jpeg });
    const downloaded: string[] = [];
    const fetchImagery = async (url: string): Promise<FetchedImage> => {
      downloaded.push(url);
      throw new Error(`downloaded ${url}`);
    };
    const job = stepJob({ job_id: 'j2', org_id: 'acme', mode: 'live', job_type: 'markup_generation' });
    const bounds = { north_west: { lat: -33.88, lng: 151.2 }, south_east: { lat: -33.881, lng: 151.202 } };
    // Signed long ago: the URL itself would no longer download.
    const own = (await media.sign(KEY, new Date('2026-01-01T00:00:00.000Z'))).url;
    const loaded = await loadImageryOf(
      { imagery: { type: 'orthophoto', image_url: own, bounds } },
      { fetchImagery, media },
      job,
    );
    expect(loaded).toMatchObject({ kind: 'orthophoto', georeferencedBy: 'bounds given in the request' });
    expect(downloaded).toEqual([]);
    // Another organization's job asks for the same URL: it is downloaded (and here fails), never read.
    const other = stepJob({ job_id: 'j3', org_id: 'zenith', mode: 'live', job_type: 'markup_generation' });
    await expect(
      loadImageryOf(
        { imagery: { type: 'orthophoto', image_url: own, bounds } },
        { fetchImagery, media },
        other,
      ),
    ).rejects.toThrow(`downloaded ${own}`);
    expect(downloaded).toEqual([own]);
  });
});
