// Brand kits without the stack: a kit's fields are checked as the slide's branding is (a bad colour is a
// 400 naming the field), its colours reported as the slides draw them, its logo downloaded once and kept;
// a job naming the kit stores the kit's fields under the inline ones (an inline field wins) with the kit's
// id and version, and editing the kit afterwards leaves that stored input as it was. Another tenant's kit
// is a 404 naming brand_kit_id.
import { describe, expect, it } from 'vitest';
import {
  brandKitPage,
  createBrandKitBody,
  updateBrandKitBody,
} from '../../../functions/api/brand-kit-schemas.ts';
import {
  type BrandKitPorts,
  createBrandKit,
  deleteBrandKit,
  getBrandKit,
  listBrandKits,
  updateBrandKit,
} from '../../../functions/core/brand-kits/brand-kits.ts';
import {
  END_CARD_BRANDING,
  resolveBranding,
  SLIDE_BRANDING,
} from '../../../functions/core/brand-kits/resolve.ts';
import type { ApiError } from '../../../functions/core/errors.ts';
import type { Job } from '../../../functions/core/jobs/job.ts';
import type { Tenant } from '../../../functions/core/jobs/job-types.ts';
import { brochureSlideRequest } from '../../../functions/jobs/brochure/schema.ts';
import { submitBrochureSlide } from '../../../functions/jobs/brochure/submit.ts';
import { listingKitRequest } from '../../../functions/jobs/listing-kit/schema.ts';
import { submitListingKit } from '../../../functions/jobs/listing-kit/submit.ts';
import { withBrandKit } from '../../../functions/jobs/shared/brand-kit.ts';
import { kitImageFetcher, withKitImages } from '../../../functions/jobs/shared/brand-kit-images.ts';
import { brandColourCheck } from '../../../functions/media/brochure/brand-colours.ts';
import { contrastRatio } from '../../../functions/media/brochure/colour.ts';
import {
  fakeJobPorts,
  fakeJobStore,
  fakeMediaStore,
  fixedClock,
  memoryBrandKitStore,
  withoutParams,
} from '../../support/fakes.ts';

const ACME: Tenant = { orgId: 'acme', mode: 'live' };
const OTHER: Tenant = { orgId: 'other', mode: 'live' };
const ACME_TEST: Tenant = { orgId: 'acme', mode: 'test' };
const LOGO_URL = 'https://img.example.com/logo.png';
const PHOTO_URL = 'https://img.example.com/agent.jpg';

function kitPorts() {
  const fetched: string[] = [];
  const media = fakeMediaStore();
  const ports: BrandKitPorts = {
    kits: memoryBrandKitStore(),
    officesDefaulting: async () => [],
    clock: fixedClock(),
    media,
    urlRules: { allowHttp: false, allowLoopback: false },
    fetchImage: async (url) => {
      fetched.push(url);
      if (url.includes('dead'))
        throw new Error(`Could not use the image at ${url}: the server answered HTTP 404`);
      return { bytes: Buffer.from(`png of ${url}`), contentType: 'image/png', width: 400, height: 200 };
    },
    checkColours: brandColourCheck,
  };
  return { ports, fetched, media };
}

const harbour = createBrandKitBody.parse({
  name: 'Harbour & Co, Surry Hills',
  logo_url: LOGO_URL,
  colors: { primary: '#0E3B4A', secondary: '#E8B04B' },
  fonts: { heading: 'DejaVu Sans', body: 'DejaVu Sans' },
  agency: { name: 'Harbour & Co Property', phone: '02 9000 0000', licence_number: '10012345' },
  agent: {
    name: 'Olivia Harrington',
    phone: '0400 111 222',
    email: 'olivia@harbour.example',
    photo_url: PHOTO_URL,
  },
  disclaimer: 'All information is believed accurate but not guaranteed.',
});

describe('a brand kit’s fields', () => {
  it('refuses a colour the slides would refuse, naming the field', () => {
    const bad = createBrandKitBody.safeParse({ name: 'x', colors: { primary: 'navy' } });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['colors.primary', 'must be a hex colour such as #1F3A5F or #fc0'],
    ]);
  });

  it('takes only the slides’ font families, and refuses unknown fields', () => {
    expect(createBrandKitBody.safeParse({ name: 'x', fonts: { body: 'Comic Sans' } }).success).toBe(false);
    const unknown = createBrandKitBody.safeParse({ name: 'x', colour: '#fff' });
    expect(unknown.error?.issues[0]?.code).toBe('unrecognized_keys');
  });

  it('takes a change of one field, and refuses an empty change', () => {
    expect(updateBrandKitBody.safeParse({ logo_url: null }).success).toBe(true);
    expect(updateBrandKitBody.safeParse({}).success).toBe(false);
  });

  it('reports the colours as the slides draw them: text passing AA on the primary, the accent nudged to 3:1', () => {
    const pale = brandColourCheck({ primary: '#FFFFFF', secondary: '#FFF5CC' });
    expect(pale.text_on_primary_ratio).toBeGreaterThanOrEqual(4.5);
    expect(pale.secondary_on_primary_adjusted).toBe(true);
    expect(contrastRatio(pale.secondary_on_primary, '#FFFFFF')).toBeGreaterThanOrEqual(3);
    const defaults = brandColourCheck();
    expect(defaults.text_on_primary).toBe('#FFFFFF');
    expect(defaults.secondary_on_primary).toBe('#C9A227');
    expect(defaults.secondary_on_primary_adjusted).toBe(false);
  });
});

describe('a brand kit’s life', () => {
  it('downloads the logo and photo once, keeps them under the tenant’s brand-kits/ prefix, and starts at version 1', async () => {
    const { ports, fetched, media } = kitPorts();
    const kit = await createBrandKit(ports, ACME, harbour);
    expect(kit.version).toBe(1);
    expect(fetched.sort()).toEqual([PHOTO_URL, LOGO_URL].sort());
    expect(kit.logo?.key).toMatch(new RegExp(`^brand-kits/acme/live/${kit.id}/logo-[0-9a-f]{16}\\.png$`));
    expect(media.objects.get(kit.logo!.key)?.contentType).toBe('image/png');
    expect(kit.agent_photo?.source_url).toBe(PHOTO_URL);
    expect(kit.settings.agent).toEqual({
      name: 'Olivia Harrington',
      phone: '0400 111 222',
      email: 'olivia@harbour.example',
    });
  });

  it('changes make the next version without downloading a logo URL it already has; null removes a field', async () => {
    const { ports, fetched } = kitPorts();
    const kit = await createBrandKit(ports, ACME, harbour);
    fetched.length = 0;
    const check = (merged: unknown) => createBrandKitBody.parse(merged);
    const { before, after } = await updateBrandKit(
      ports,
      ACME,
      kit.id,
      { colors: { primary: '#222222' }, disclaimer: null, logo_url: LOGO_URL },
      check,
    );
    expect([before.version, after.version]).toEqual([1, 2]);
    expect(after.settings.colors).toEqual({ primary: '#222222' });
    expect(after.settings.disclaimer).toBeUndefined();
    expect(after.logo).toEqual(kit.logo);
    expect(fetched).toEqual([]);
  });

  it('answers a logo that cannot be downloaded with a 400 naming logo_url', async () => {
    const { ports } = kitPorts();
    const error = (await createBrandKit(ports, ACME, {
      name: 'x',
      logo_url: 'https://dead.example.com/l.png',
    }).catch((e) => e)) as ApiError;
    expect([error.code, error.status, error.details?.[0]?.path]).toEqual([
      'VALIDATION_ERROR',
      400,
      'logo_url',
    ]);
  });

  it('is a 404 for another organization and for the other mode, in reads, changes and deletes', async () => {
    const { ports } = kitPorts();
    const kit = await createBrandKit(ports, ACME, { name: 'Acme' });
    for (const tenant of [OTHER, ACME_TEST]) {
      for (const attempt of [
        getBrandKit(ports, tenant, kit.id),
        updateBrandKit(ports, tenant, kit.id, { name: 'mine' }, (m) => m),
        deleteBrandKit(ports, tenant, kit.id),
      ])
        await expect(attempt).rejects.toMatchObject({ code: 'NOT_FOUND', status: 404 });
      expect((await listBrandKits(ports, tenant, { limit: 10 })).kits).toEqual([]);
    }
    expect((await getBrandKit(ports, ACME, kit.id)).version).toBe(1);
  });

  it('pages newest first with a cursor', async () => {
    const { ports } = kitPorts();
    const ids = [];
    for (const name of ['a', 'b', 'c']) ids.push((await createBrandKit(ports, ACME, { name })).id);
    const first = await listBrandKits(ports, ACME, { limit: 2 });
    expect(first.kits.map((k) => k.id)).toEqual([ids[2], ids[1]]);
    expect(first.hasMore).toBe(true);
    const next = await listBrandKits(ports, ACME, { limit: 2, startingAfter: ids[1] });
    expect(next).toEqual({ kits: [expect.objectContaining({ id: ids[0] })], hasMore: false });
    expect(brandKitPage.shape.pagination.shape.next_cursor.safeParse(ids[0]).success).toBe(true);
  });
});

describe('a kit resolved into a job', () => {
  it('fills the branding from the kit; a field given inline wins, an inline logo URL replaces the kit’s copy', async () => {
    const { ports } = kitPorts();
    const kit = await createBrandKit(ports, ACME, harbour);
    const resolved = resolveBranding(
      kit,
      { agent_name: 'Sam Inline', agency_logo_url: 'https://img.example.com/other-logo.png' },
      SLIDE_BRANDING,
    );
    expect(resolved.branding).toEqual({
      agency_name: 'Harbour & Co Property',
      agent_name: 'Sam Inline',
      agent_phone: '0400 111 222',
      agent_email: 'olivia@harbour.example',
      primary_color: '#0E3B4A',
      secondary_color: '#E8B04B',
      agency_licence_number: '10012345',
      disclaimer: 'All information is believed accurate but not guaranteed.',
      agency_logo_url: 'https://img.example.com/other-logo.png',
    });
    // The disclaimer and the licence numbers are fields like the others: one given inline wins.
    const given: { disclaimer: string; agency_licence_number: string; agency_logo_url?: string } = {
      disclaimer: 'Inline small print.',
      agency_licence_number: '999',
    };
    const inline = resolveBranding(kit, given, END_CARD_BRANDING);
    expect(inline.branding).toMatchObject({
      disclaimer: 'Inline small print.',
      agency_licence_number: '999',
    });
    expect(resolved.brand_kit).toEqual({
      id: kit.id,
      version: 1,
      agent_photo: expect.objectContaining({ key: kit.agent_photo!.key }),
    });
  });

  async function submitSlide(ports: BrandKitPorts, tenant: Tenant, body: Record<string, unknown>) {
    const created: Job[] = [];
    const deps = {
      ...fakeJobPorts({
        jobs: fakeJobStore({ create: async (job) => void created.push(job) }),
        starter: { start: async () => undefined },
      }),
      brandKits: ports.kits,
    };
    await submitBrochureSlide(deps, tenant, withoutParams(brochureSlideRequest.parse(body)));
    return created[0]!;
  }

  const slide = { property: { address: '12 Smith Street, Surry Hills NSW 2010' }, slide: { type: 'agent' } };

  it('stores the resolved branding and the kit’s version at submission; a later edit of the kit changes neither', async () => {
    const { ports } = kitPorts();
    const kit = await createBrandKit(ports, ACME, harbour);
    const job = await submitSlide(ports, ACME, {
      ...slide,
      brand_kit_id: kit.id,
      branding: { secondary_color: '#123456' },
    });
    const stored = structuredClone(job.input);
    expect(stored).toMatchObject({
      brand_kit_id: kit.id,
      branding: { primary_color: '#0E3B4A', secondary_color: '#123456', agent_name: 'Olivia Harrington' },
      brand_kit: {
        id: kit.id,
        version: 1,
        logo: { key: kit.logo!.key },
        agent_photo: { key: kit.agent_photo!.key },
      },
    });
    await updateBrandKit(ports, ACME, kit.id, { colors: { primary: '#990000' }, logo_url: null }, (m) => m);
    expect(job.input).toEqual(stored);
    // The next job gets the new version.
    const later = await submitSlide(ports, ACME, { ...slide, brand_kit_id: kit.id });
    expect(later.input).toMatchObject({ branding: { primary_color: '#990000' }, brand_kit: { version: 2 } });
    expect((later.input as { brand_kit: object }).brand_kit).not.toHaveProperty('logo');
  });

  it('refuses another organization’s kit, or the other mode’s, with a 404 naming brand_kit_id', async () => {
    const { ports } = kitPorts();
    const kit = await createBrandKit(ports, ACME, harbour);
    for (const tenant of [OTHER, ACME_TEST]) {
      const error = (await submitSlide(ports, tenant, { ...slide, brand_kit_id: kit.id }).catch(
        (e) => e,
      )) as ApiError;
      expect([error.code, error.status, error.details?.[0]?.path]).toEqual([
        'NOT_FOUND',
        404,
        'brand_kit_id',
      ]);
    }
  });

  it('draws the kit’s kept logo from the bucket in the step, never from its URL, and only the job tenant’s', async () => {
    const { ports, media } = kitPorts();
    const kit = await createBrandKit(ports, ACME, harbour);
    const { brand_kit } = resolveBranding(kit, {}, SLIDE_BRANDING);
    const input = withKitImages({ branding: {} as { agency_logo_url?: string }, brand_kit });
    const neverOnline = async () => {
      throw new Error('the network was used');
    };
    const fetch = kitImageFetcher(neverOnline, media, ACME, brand_kit);
    const logo = await fetch(input.branding.agency_logo_url!);
    expect(logo).toMatchObject({ width: 400, height: 200, contentType: 'image/png' });
    expect(logo.bytes.toString()).toBe(`png of ${LOGO_URL}`);
    await expect(
      kitImageFetcher(neverOnline, media, OTHER, brand_kit)(input.branding.agency_logo_url!),
    ).rejects.toThrow(/outside the job's tenant/);
  });

  it('resolves a listing kit once; its children draw that version, never reading the kit again', async () => {
    const { ports } = kitPorts();
    const kit = await createBrandKit(ports, ACME, harbour);
    const created: Job[] = [];
    const deps = {
      ...fakeJobPorts({
        jobs: fakeJobStore({ create: async (job) => void created.push(job) }),
        starter: { start: async () => undefined },
      }),
      brandKits: ports.kits,
    };
    const request = listingKitRequest.parse({
      address: '12 Smith Street, Surry Hills NSW 2010',
      brand_kit_id: kit.id,
      branding: { agency_name: 'Harbour Inline' },
      include: ['brochure'],
    });
    await submitListingKit(deps, ACME, withoutParams(request));
    const input = created[0]!.input as { branding: Record<string, string>; brand_kit: { version: number } };
    expect(input.branding).toMatchObject({ agency_name: 'Harbour Inline', agent_name: 'Olivia Harrington' });
    expect(input.brand_kit).toMatchObject({ id: kit.id, version: 1, logo: { key: kit.logo!.key } });
    // The kit changes; a child made later takes the pinned version, with no read of the store.
    await updateBrandKit(ports, ACME, kit.id, { colors: { primary: '#000000' } }, (m) => m);
    const noStore = {
      get: async () => {
        throw new Error('a child read the kit again');
      },
    };
    const slide = await withBrandKit(
      { brandKits: noStore, brandKitPin: input.brand_kit as never },
      ACME,
      { branding: input.branding },
      SLIDE_BRANDING,
    );
    expect(slide.brand_kit).toMatchObject({ id: kit.id, version: 1, logo: { key: kit.logo!.key } });
    expect(slide.branding?.primary_color).toBe('#0E3B4A');
    // A video's end card draws the logo, never the agent's photo.
    const endCard: { agency_name: string; agency_logo_url?: string } = { agency_name: 'Harbour Inline' };
    const video = await withBrandKit(
      { brandKits: noStore, brandKitPin: input.brand_kit as never },
      ACME,
      { branding: endCard },
      END_CARD_BRANDING,
    );
    expect(video.brand_kit).not.toHaveProperty('agent_photo');
    expect(video.brand_kit).toHaveProperty('logo');
  });
});

describe('a kit of an office, resolved into a job', () => {
  const A = 'off_aaaaaaaaaaaaaaaaaaaa';
  const B = 'off_bbbbbbbbbbbbbbbbbbbb';

  it('takes a job’s parent’s office (a reveal video): that office’s kits and default, no other office’s', async () => {
    const { ports } = kitPorts();
    const ofA = await createBrandKit(ports, ACME, { name: 'Bondi', office_id: A });
    const ofB = await createBrandKit(ports, ACME, { name: 'Manly', office_id: B });
    const defaults: Record<string, string> = { [A]: ofA.id };
    const deps = {
      brandKits: ports.kits,
      officeDefaultKit: async (_tenant: Tenant, office: string) => defaults[office],
    };
    const named = await withBrandKit(deps, ACME, { brand_kit_id: ofA.id }, END_CARD_BRANDING, {
      parentOffice: A,
    });
    expect(named.brand_kit).toEqual({ id: ofA.id, version: 1 });
    const defaulted = await withBrandKit(deps, ACME, {}, END_CARD_BRANDING, { parentOffice: A });
    expect(defaulted.brand_kit).toEqual({ id: ofA.id, version: 1 });
    await expect(
      withBrandKit(deps, ACME, { brand_kit_id: ofB.id }, END_CARD_BRANDING, { parentOffice: A }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'brand_kit_id' }] });
    // A job of no office draws no office's kit, and no default.
    await expect(withBrandKit(deps, ACME, { brand_kit_id: ofA.id }, END_CARD_BRANDING)).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    );
    expect(await withBrandKit(deps, ACME, {}, END_CARD_BRANDING)).toEqual({});
  });

  it('leaves a kind that takes no kit (drone stills) without the office’s default', async () => {
    const { ports } = kitPorts();
    const kit = await createBrandKit(ports, ACME, { name: 'Group' });
    const deps = { brandKits: ports.kits, officeId: A, officeDefaultBrandKitId: kit.id };
    expect(await withBrandKit(deps, ACME, {}, END_CARD_BRANDING, { officeDefault: false })).toEqual({});
    expect((await withBrandKit(deps, ACME, {}, END_CARD_BRANDING)).brand_kit?.id).toBe(kit.id);
  });

  it('makes a job without the default when the default kit went meanwhile, rather than refusing it', async () => {
    const { ports } = kitPorts();
    const deps = { brandKits: ports.kits, officeId: A, officeDefaultBrandKitId: 'bk_gone' };
    const branding: { agency_logo_url?: string; agent_name: string } = { agent_name: 'Sam' };
    expect(await withBrandKit(deps, ACME, { branding }, END_CARD_BRANDING)).toEqual({ branding });
  });
});
