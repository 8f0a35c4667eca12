// The listing kit request as the API validates it: each refusal is a 400 detail naming the field (through
// the same zod-issue mapping the routes use); the defaults and the pieces shared with the brochure and
// staging requests; and, at submit, what it hands its children under their own rules (the videos' end card).
import { describe, expect, it } from 'vitest';
import { zodDetails } from '../../../functions/api/http/validation.ts';
import type { ApiError } from '../../../functions/core/errors.ts';
import { listingKitOutput, listingKitRequest } from '../../../functions/jobs/listing-kit/schema.ts';
import { submitListingKit } from '../../../functions/jobs/listing-kit/submit.ts';
import { fakeJobPorts, fakeJobStore, withoutParams } from '../../support/fakes.ts';

const ADDRESS = '27 Wattle Street, Ultimo NSW 2007';

const room = { image_url: 'https://img.example.com/a.jpg', room_type: 'bedroom' };
const base = { address: ADDRESS, rooms: [room] };

/** The error.details a 400 would carry for this body ([] when it is valid). */
function details(body: Record<string, unknown>) {
  const result = listingKitRequest.safeParse(body);
  return result.success ? [] : zodDetails(result.error, 'body', body);
}

describe('listing kit request', () => {
  it('accepts a bare address, with the brochure’s branding default', () => {
    const parsed = listingKitRequest.parse({ address: ADDRESS });
    expect(parsed).toEqual({ address: ADDRESS, branding: {} });
  });

  it('accepts a full request', () => {
    expect(
      details({
        ...base,
        options: { lat: -33.88, lng: 151.2, front_direction: 359.5 },
        property: {
          price_display: '$1,250,000',
          description: 'Light.',
          images: ['https://img.example.com/x.jpg'],
        },
        branding: { agent_name: 'Olivia', agent_email: 'olivia@example.com', secondary_color: '#E0A43A' },
        include: [
          'frontage',
          'markup',
          'portal_safe',
          'drone_stills',
          'drone_footage',
          'brochure',
          'staging',
        ],
        webhook_url: 'https://hooks.example.com/kit',
        callback_metadata: { listing: 42 },
      }),
    ).toEqual([]);
  });

  it.each([
    [
      'a room without room_type',
      { rooms: [{ image_url: 'https://img.example.com/a.jpg' }] },
      'rooms[0].room_type',
      'is required',
    ],
    ['eleven rooms', { rooms: Array.from({ length: 11 }, () => room) }, 'rooms', '10'],
    ['an unknown asset group', { include: ['frontage', 'hologram'] }, 'include[1]', 'frontage'],
    ['a group twice', { include: ['markup', 'brochure', 'markup'] }, 'include', 'lists markup twice'],
    ['staging without rooms', { rooms: [], include: ['staging'] }, 'include', 'rooms'],
    ['an empty include', { include: [] }, 'include', ''],
    ['a front_direction of 360', { options: { front_direction: 360 } }, 'options.front_direction', '0-359'],
    ['lat without lng', { options: { lat: -33.8 } }, 'options.lng', 'together'],
    ['a latitude outside Australia', { options: { lat: 12, lng: 151 } }, 'options.lat', ''],
    ['an unknown property field', { property: { bedrooms: 3 } }, 'property.bedrooms', 'unknown field'],
    ['a bad brand colour', { branding: { primary_color: 'blue' } }, 'branding.primary_color', 'hex'],
    [
      'a room photo that is a PDF',
      { rooms: [{ ...room, image_url: 'https://img.example.com/a.pdf' }] },
      'rooms[0].image_url',
      'pdf',
    ],
    ['no address', { address: undefined }, 'address', 'is required'],
  ])('refuses %s, naming %s', (_name, overrides, path, message) => {
    const found = details({ ...base, ...overrides });
    expect(found.map((d) => d.path)).toContain(path);
    expect(found.find((d) => d.path === path)!.message).toContain(message);
  });
});

describe('listing kit output', () => {
  it('parses an output as the job view shows it (media presigned, deck and frontage)', () => {
    const file = {
      url: 'https://media.example.com/a.pdf',
      expires_at: '2026-11-25T22:00:00Z',
      content_type: 'application/pdf',
    };
    const parsed = listingKitOutput.safeParse({
      manifest: [
        {
          role: 'slide_cover',
          job_id: 'j1',
          job_type: 'brochure_slide',
          status: 'completed',
          png: file,
          pdf: file,
        },
        {
          role: 'markup_edit',
          job_id: null,
          job_type: 'markup_v2_edit',
          status: 'failed',
          error: { code: 'DEPENDENCY_FAILED', message: 'the markup it is made from failed' },
        },
      ],
      brochure_deck: { pdf: file, pages: 6, print: { pdf: file, pages: 6, bleed_mm: 3 } },
      frontage: {
        bearing: 45,
        direction: 'north-east',
        reso_direction_faces: 'Northeast',
        winter_sun_hours: { front: 8.1, rear: 1.8, date: '06-21', latitude: -33.88 },
      },
      partial: true,
    });
    expect(parsed.error?.issues ?? []).toEqual([]);
  });
});

describe('what a kit hands its children', () => {
  const submit = async (body: Record<string, unknown>) => {
    const created: unknown[] = [];
    const deps = fakeJobPorts({
      webhookPolicy: { allowHttp: true, allowLoopback: true },
      jobs: fakeJobStore({ create: async (job) => void created.push(job) }),
      starter: { start: async () => undefined },
    });
    const request = listingKitRequest.parse(body);
    try {
      await submitListingKit(deps, { orgId: 'acme', mode: 'live' }, withoutParams(request));
      return { created, error: undefined };
    } catch (error) {
      return { created, error: error as ApiError };
    }
  };
  // The brochure slides take a logo over http (on a stage that allows http); a video's end card only over https.
  const httpLogo = { agency_name: 'Harbour & Co', agency_logo_url: 'http://img.example.com/logo.png' };

  it('refuses at submit, naming branding.agency_logo_url, a logo its videos’ end card would refuse', async () => {
    const { error, created } = await submit({
      address: ADDRESS,
      branding: httpLogo,
      renditions: ['social_square'],
    });
    expect(error?.code).toBe('VALIDATION_ERROR');
    expect(error?.status).toBe(400);
    expect(error?.details).toEqual([
      { path: 'branding.agency_logo_url', message: expect.stringContaining('end card') },
    ]);
    expect(created).toEqual([]);
  });

  it('takes the same logo when no child would refuse it: no video, or no end card (no renditions)', async () => {
    const slidesOnly = await submit({
      address: ADDRESS,
      branding: httpLogo,
      renditions: ['print'],
      include: ['brochure'],
    });
    expect(slidesOnly.error).toBeUndefined();
    expect(slidesOnly.created).toHaveLength(1);
    expect((await submit({ address: ADDRESS, branding: httpLogo })).error).toBeUndefined();
    expect(
      (
        await submit({
          address: ADDRESS,
          branding: { ...httpLogo, agency_logo_url: 'https://img.example.com/logo.png' },
          renditions: ['social_square'],
        })
      ).error,
    ).toBeUndefined();
  });
});
