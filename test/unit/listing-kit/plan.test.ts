// The listing kit's planner: every child request it makes parses with that kind's own request schema;
// children are made in the order their inputs need; `include` picks the groups (and what they are made
// from); a failed child blocks only what needs it.

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { brochureSlideRequest } from '../../../functions/jobs/brochure/schema.ts';
import {
  droneCaptureRequest,
  droneFootageRequest,
  droneStillsRequest,
} from '../../../functions/jobs/drone/schema.ts';
import { frontageDetectRequest } from '../../../functions/jobs/frontage/schema.ts';
import {
  blockedRoles,
  type ChildRequest,
  type ChildState,
  type KitRequest,
  type KitRole,
  kitDone,
  kitProgress,
  kitRoles,
  licenceRestrictions,
  readyChildren,
} from '../../../functions/jobs/listing-kit/plan.ts';
import { listingKitRequest } from '../../../functions/jobs/listing-kit/schema.ts';
import { stateOf } from '../../../functions/jobs/listing-kit/steps.ts';
import {
  markupEditRequest,
  markupGenerateRequest,
  markupVideoRequest,
} from '../../../functions/jobs/markup/schema.ts';
import { virtualStagingRequest } from '../../../functions/jobs/staging/schema.ts';
import { ADDRESS, BOUNDARY, completed, jobIdOf, markupOutput, outputOf, urlOf } from './fixtures.ts';

/** Each job type's own request schema, as its route validates bodies. */
const REQUEST_SCHEMAS: Record<string, z.ZodType> = {
  frontage_detection: frontageDetectRequest,
  markup_v2: markupGenerateRequest,
  markup_v2_edit: markupEditRequest,
  markup_v2_video: markupVideoRequest,
  drone_stills: droneStillsRequest,
  drone_stills_capture: droneCaptureRequest,
  drone_footage: droneFootageRequest,
  brochure_slide: brochureSlideRequest,
  virtual_staging: virtualStagingRequest,
};

const PROPERTY_IMAGES = ['https://img.example.com/exterior.jpg', 'https://img.example.com/kitchen.webp'];

function kit(overrides: Record<string, unknown> = {}): KitRequest {
  const {
    webhook_url: _w,
    callback_metadata: _c,
    ...input
  } = listingKitRequest.parse({
    address: ADDRESS,
    property: {
      price_display: 'Auction Sat 14 June',
      description: 'A light-filled family home behind an established garden.',
      images: PROPERTY_IMAGES,
    },
    branding: {
      agent_name: 'Olivia Harrington',
      agency_name: 'Harbour & Co Property',
      primary_color: '#0E3B4A',
    },
    rooms: [
      {
        image_url: 'https://img.example.com/lounge.jpg',
        room_type: 'living_room',
        style_prompt: 'scandinavian',
      },
      { image_url: 'https://img.example.com/bed.jpg', room_type: 'bedroom' },
    ],
    webhook_url: 'https://hooks.example.com/kit',
    ...overrides,
  });
  return input;
}

interface Run {
  /** Every request made, by role. */
  readonly requests: Map<KitRole, ChildRequest>;
  /** The round each role was made in (0 = the first run of the step). */
  readonly round: Map<KitRole, number>;
  readonly children: Map<KitRole, ChildState>;
  readonly blocked: ReturnType<typeof blockedRoles>;
}

/** Runs a kit as its step would: make what is ready, let it end (failing the roles in `fail`), repeat. */
function run(
  request: KitRequest,
  fail: Partial<Record<KitRole, 'failed' | 'canceled'>> = {},
  outputs: Partial<Record<KitRole, unknown>> = {},
): Run {
  const children = new Map<KitRole, ChildState>();
  const requests = new Map<KitRole, ChildRequest>();
  const round = new Map<KitRole, number>();
  for (let r = 0; r < 20 && !kitDone(request, children); r += 1) {
    const ready = readyChildren(request, children, urlOf);
    for (const child of ready) {
      expect(requests.has(child.role), `${child.role} is made once`).toBe(false);
      requests.set(child.role, child);
      round.set(child.role, r);
      children.set(child.role, { jobId: jobIdOf(child.role), jobType: child.jobType, status: 'queued' });
    }
    // Every child made ends before the next round.
    for (const child of ready) {
      const status = fail[child.role];
      children.set(
        child.role,
        status
          ? {
              jobId: jobIdOf(child.role),
              jobType: child.jobType,
              status,
              error: { code: 'RENDER_FAILED', message: 'boom' },
            }
          : completed(
              child.role,
              child.jobType,
              child.role in outputs ? outputs[child.role] : outputOf(child.role),
            ),
      );
    }
    expect(kitProgress(request, children)).toBeLessThanOrEqual(kitDone(request, children) ? 100 : 99);
  }
  expect(kitDone(request, children), 'the kit ends').toBe(true);
  expect(kitProgress(request, children)).toBe(100);
  return { requests, round, children, blocked: blockedRoles(request, children) };
}

const ALL_ROLES: KitRole[] = [
  'frontage',
  'markup',
  'markup_edit',
  'markup_edit_portal_safe',
  'reveal_video',
  'drone_overhead',
  'drone_hero',
  'drone_twilight',
  'drone_footage',
  'slide_cover',
  'slide_features',
  'slide_gallery',
  'slide_location',
  'slide_agent',
  'slide_content',
  'staging_1',
  'staging_2',
];

describe('listing kit plan: child requests', () => {
  const full = run(kit());

  it('makes every role of a full kit, once', () => {
    expect(kitRoles(kit())).toEqual(ALL_ROLES);
    expect([...full.requests.keys()].sort()).toEqual([...ALL_ROLES].sort());
    expect(full.blocked).toEqual([]);
  });

  it.each(ALL_ROLES)('%s: the body parses with its kind’s own request schema', (role) => {
    const request = full.requests.get(role)!;
    const schema = REQUEST_SCHEMAS[request.jobType];
    expect(schema, request.jobType).toBeDefined();
    const parsed = schema!.safeParse(request.body);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('names the job types and parents of the routes', () => {
    const of = (role: KitRole) => {
      const r = full.requests.get(role)!;
      return [r.jobType, r.parentJobId];
    };
    expect(of('frontage')).toEqual(['frontage_detection', undefined]);
    expect(of('markup')).toEqual(['markup_v2', undefined]);
    expect(of('markup_edit')).toEqual(['markup_v2_edit', jobIdOf('markup')]);
    expect(of('markup_edit_portal_safe')).toEqual(['markup_v2_edit', jobIdOf('markup')]);
    expect(of('reveal_video')).toEqual(['markup_v2_video', jobIdOf('markup_edit')]);
    expect(of('drone_overhead')).toEqual(['drone_stills', undefined]);
    expect(of('drone_hero')).toEqual(['drone_stills_capture', undefined]);
    expect(of('drone_twilight')).toEqual(['drone_stills_capture', undefined]);
    expect(of('drone_footage')).toEqual(['drone_footage', undefined]);
    expect(of('slide_gallery')).toEqual(['brochure_slide', undefined]);
    expect(of('staging_2')).toEqual(['virtual_staging', undefined]);
  });

  it('turns the markup and drones to the detected front', () => {
    const body = (role: KitRole) => full.requests.get(role)!.body as { options: Record<string, unknown> };
    expect(body('markup').options.front_direction).toBe(45);
    for (const role of ['drone_overhead', 'drone_hero', 'drone_twilight', 'drone_footage'] as const) {
      expect(body(role).options.front_direction, role).toBe(45);
    }
    expect(body('drone_overhead').options.angle).toBe('overhead');
    expect(body('drone_hero').options.shot_type).toBe('hero');
    expect(body('drone_twilight').options.shot_type).toBe('twilight');
    expect(body('drone_footage').options.style).toBe('front_right_approach');
  });

  it('draws the labelled edit with the area and the address, and the portal-safe edit with no text', () => {
    const edit = full.requests.get('markup_edit')!.body as {
      boundary_polygon: unknown;
      text_annotations: unknown[];
    };
    expect(edit.boundary_polygon).toEqual(BOUNDARY);
    expect(edit.text_annotations).toEqual([
      { type: 'area' },
      expect.objectContaining({ type: 'label', text: ADDRESS }),
    ]);
    const safe = full.requests.get('markup_edit_portal_safe')!.body;
    expect(safe).toEqual({ boundary_polygon: BOUNDARY });
  });

  it('stages each room with its own fields', () => {
    expect(full.requests.get('staging_1')!.body).toEqual({
      image_url: 'https://img.example.com/lounge.jpg',
      room_type: 'living_room',
      options: { style_prompt: 'scandinavian' },
    });
    expect(full.requests.get('staging_2')!.body).toEqual({
      image_url: 'https://img.example.com/bed.jpg',
      room_type: 'bedroom',
    });
  });

  it('shows the property photos, the stills and the staged rooms on the slides, as URLs', () => {
    const gallery = full.requests.get('slide_gallery')!.body as {
      property: { images: string[] };
      slide: unknown;
    };
    expect(gallery.slide).toEqual({ type: 'gallery' });
    expect(gallery.property.images).toEqual([
      ...PROPERTY_IMAGES,
      urlOf('media/org_1/live/kit/staged-1.jpg'),
      urlOf('media/org_1/live/kit/staged-2.jpg'),
      urlOf('media/org_1/live/kit/hero.jpg'),
      urlOf('media/org_1/live/kit/twilight.jpg'),
      urlOf('media/org_1/live/kit/overhead.jpg'),
    ]);
    const cover = full.requests.get('slide_cover')!.body as {
      branding: unknown;
      property: { address: string };
    };
    expect(cover.property.address).toBe(ADDRESS);
    expect(cover.branding).toMatchObject({ agent_name: 'Olivia Harrington' });
    const types = ALL_ROLES.filter((r) => r.startsWith('slide_')).map(
      (r) => (full.requests.get(r)!.body as { slide: { type: string } }).slide.type,
    );
    expect(types).toEqual(['cover', 'features', 'gallery', 'location', 'agent', 'content']);
  });

  it('sends no webhook or callback metadata to the children', () => {
    for (const request of full.requests.values()) {
      expect(request.body).not.toHaveProperty('webhook_url');
      expect(request.body).not.toHaveProperty('callback_metadata');
    }
  });

  it('passes each child the renditions its kind makes (portal only to the assets made for portals) and the videos their end card', () => {
    const withRenditions = run(kit({ renditions: ['portal', 'web', 'social_story', 'print'] }));
    const renditionsOf = (role: KitRole) =>
      (withRenditions.requests.get(role)!.body as { renditions?: string[] }).renditions;
    expect(renditionsOf('markup')).toEqual(['web', 'social_story']);
    expect(renditionsOf('markup_edit')).toEqual(['web', 'social_story']);
    expect(renditionsOf('markup_edit_portal_safe')).toEqual(['portal', 'web', 'social_story']);
    expect(renditionsOf('staging_1')).toEqual(['portal', 'web', 'social_story']);
    expect(renditionsOf('drone_hero')).toEqual(['web', 'social_story']);
    expect(renditionsOf('slide_cover')).toEqual(['web', 'social_story', 'print']);
    expect(renditionsOf('reveal_video')).toEqual(['social_story']);
    expect(renditionsOf('drone_footage')).toEqual(['social_story']);
    expect(withRenditions.requests.get('reveal_video')!.body).toMatchObject({
      branding: {
        agent_name: 'Olivia Harrington',
        agency_name: 'Harbour & Co Property',
        primary_color: '#0E3B4A',
      },
    });
    // Every body still parses with its kind's own schema.
    for (const [role, request] of withRenditions.requests) {
      const parsed = REQUEST_SCHEMAS[request.jobType]!.safeParse(request.body);
      expect(parsed.error?.issues ?? [], role).toEqual([]);
    }
    // Without renditions, nothing changes: no renditions, and no end card on the videos.
    for (const request of full.requests.values()) expect(request.body).not.toHaveProperty('renditions');
    expect(full.requests.get('reveal_video')!.body).not.toHaveProperty('branding');
    expect(full.requests.get('drone_footage')!.body).not.toHaveProperty('branding');
  });

  it('passes the caller’s coordinates to every child that takes them', () => {
    const located = run(kit({ options: { lat: -33.8823, lng: 151.1995 } }));
    for (const role of ['frontage', 'markup', 'drone_hero', 'drone_footage'] as const) {
      const body = located.requests.get(role)!.body as { options: Record<string, unknown> };
      expect(body.options, role).toMatchObject({ lat: -33.8823, lng: 151.1995 });
      expect(REQUEST_SCHEMAS[located.requests.get(role)!.jobType]!.safeParse(body).success).toBe(true);
    }
  });
});

describe('listing kit plan: order', () => {
  const { round } = run(kit());
  const madeBefore = (a: KitRole, b: KitRole) =>
    expect(round.get(a)!, `${a} before ${b}`).toBeLessThan(round.get(b)!);

  it('detects the frontage first, then the markup, its edit and the reveal', () => {
    expect(round.get('frontage')).toBe(0);
    madeBefore('frontage', 'markup');
    madeBefore('markup', 'markup_edit');
    madeBefore('markup', 'markup_edit_portal_safe');
    madeBefore('markup_edit', 'reveal_video');
    for (const role of ['drone_overhead', 'drone_hero', 'drone_twilight', 'drone_footage'] as const) {
      madeBefore('frontage', role);
    }
  });

  it('makes the picture slides after the stills and staged rooms; location and agent at once', () => {
    for (const slide of ['slide_cover', 'slide_features', 'slide_gallery', 'slide_content'] as const) {
      for (const input of [
        'drone_overhead',
        'drone_hero',
        'drone_twilight',
        'staging_1',
        'staging_2',
      ] as const) {
        madeBefore(input, slide);
      }
    }
    expect(round.get('slide_location')).toBe(0);
    expect(round.get('slide_agent')).toBe(0);
    expect(round.get('staging_1')).toBe(0);
  });

  it('with options.front_direction: no frontage is needed for the markup and drones, which start at once', () => {
    const given = run(kit({ options: { front_direction: 200 }, include: ['markup', 'drone_stills'] }));
    expect([...given.requests.keys()]).not.toContain('frontage');
    expect(given.round.get('markup')).toBe(0);
    expect(given.round.get('drone_hero')).toBe(0);
    const markup = given.requests.get('markup')!.body as { options: { front_direction: number } };
    expect(markup.options.front_direction).toBe(200);
  });

  it('still detects the frontage when it is included with a given front_direction', () => {
    const given = run(kit({ options: { front_direction: 200 } }));
    expect(given.round.get('frontage')).toBe(0);
    expect(given.round.get('markup')).toBe(0);
  });
});

describe('listing kit plan: include', () => {
  it('makes only the groups asked for, in role order', () => {
    expect(kitRoles(kit({ include: ['frontage', 'staging'] }))).toEqual([
      'frontage',
      'staging_1',
      'staging_2',
    ]);
    expect(kitRoles(kit({ include: ['brochure'] }))).toEqual([
      'slide_cover',
      'slide_features',
      'slide_gallery',
      'slide_location',
      'slide_agent',
      'slide_content',
    ]);
  });

  it('adds what a group is made from: the frontage for drones, the markup for the portal-safe edit', () => {
    expect(kitRoles(kit({ include: ['drone_footage'] }))).toEqual(['frontage', 'drone_footage']);
    expect(kitRoles(kit({ include: ['portal_safe'] }))).toEqual([
      'frontage',
      'markup',
      'markup_edit_portal_safe',
    ]);
    expect(kitRoles(kit({ include: ['portal_safe'], options: { front_direction: 10 } }))).toEqual([
      'markup',
      'markup_edit_portal_safe',
    ]);
  });

  it('defaults to every group the input allows: no staging without rooms', () => {
    const roles = kitRoles(kit({ rooms: [] }));
    expect(roles).toEqual(ALL_ROLES.filter((r) => !r.startsWith('staging_')));
  });

  it('makes a brochure alone from the property photos, at once', () => {
    const brochure = run(kit({ include: ['brochure'] }));
    expect([...brochure.round.values()].every((r) => r === 0)).toBe(true);
    const gallery = brochure.requests.get('slide_gallery')!.body as { property: { images: string[] } };
    expect(gallery.property.images).toEqual(PROPERTY_IMAGES);
    for (const request of brochure.requests.values())
      expect(brochureSlideRequest.safeParse(request.body).success).toBe(true);
  });

  it('makes a brochure without any photo', () => {
    const bare = run(kit({ include: ['brochure'], property: undefined, branding: undefined }));
    for (const request of bare.requests.values()) {
      expect(brochureSlideRequest.safeParse(request.body).error?.issues ?? []).toEqual([]);
    }
  });
});

describe('listing kit plan: failures', () => {
  it('a failed markup blocks its edits and reveal, not the drones or the brochure', () => {
    const result = run(kit(), { markup: 'failed' });
    expect(result.blocked).toEqual([
      {
        role: 'markup_edit',
        missing: 'markup',
        reason: 'the markup it is made from failed',
        code: 'DEPENDENCY_FAILED',
      },
      {
        role: 'markup_edit_portal_safe',
        missing: 'markup',
        reason: 'the markup it is made from failed',
        code: 'DEPENDENCY_FAILED',
      },
      {
        role: 'reveal_video',
        missing: 'markup_edit',
        reason: 'the markup_edit it is made from was not made',
        code: 'DEPENDENCY_FAILED',
      },
    ]);
    for (const role of [
      'drone_hero',
      'drone_footage',
      'slide_cover',
      'slide_gallery',
      'staging_1',
    ] as const) {
      expect(result.children.get(role)?.status, role).toBe('completed');
    }
    expect(result.requests.has('markup_edit')).toBe(false);
  });

  it('a canceled frontage blocks everything turned to it, and the slides still come', () => {
    const result = run(kit(), { frontage: 'canceled' });
    expect(result.blocked.map((b) => [b.role, b.missing])).toEqual([
      ['markup', 'frontage'],
      ['markup_edit', 'markup'],
      ['markup_edit_portal_safe', 'markup'],
      ['reveal_video', 'markup_edit'],
      ['drone_overhead', 'frontage'],
      ['drone_hero', 'frontage'],
      ['drone_twilight', 'frontage'],
      ['drone_footage', 'frontage'],
    ]);
    const gallery = result.requests.get('slide_gallery')!.body as { property: { images: string[] } };
    expect(gallery.property.images).toEqual([
      ...PROPERTY_IMAGES,
      urlOf('media/org_1/live/kit/staged-1.jpg'),
      urlOf('media/org_1/live/kit/staged-2.jpg'),
    ]);
  });

  it('a failed still or room leaves it off the slides instead of blocking them', () => {
    const result = run(kit(), { drone_twilight: 'failed', staging_2: 'failed' });
    expect(result.blocked).toEqual([]);
    const gallery = result.requests.get('slide_gallery')!.body as { property: { images: string[] } };
    expect(gallery.property.images).not.toContain(urlOf('media/org_1/live/kit/twilight.jpg'));
    expect(gallery.property.images).not.toContain(urlOf('media/org_1/live/kit/staged-2.jpg'));
    expect(gallery.property.images).toContain(urlOf('media/org_1/live/kit/hero.jpg'));
  });

  it('a markup without a usable boundary blocks the edits, naming why', () => {
    const result = run(kit({ include: ['markup', 'portal_safe'] }), {}, { markup: markupOutput(null) });
    expect(result.blocked).toEqual([
      {
        role: 'markup_edit',
        missing: 'markup',
        reason: 'the markup it is made from has no usable suggested boundary',
        code: 'DEPENDENCY_FAILED',
      },
      {
        role: 'markup_edit_portal_safe',
        missing: 'markup',
        reason: 'the markup it is made from has no usable suggested boundary',
        code: 'DEPENDENCY_FAILED',
      },
      {
        role: 'reveal_video',
        missing: 'markup_edit',
        reason: 'the markup_edit it is made from was not made',
        code: 'DEPENDENCY_FAILED',
      },
    ]);
  });

  it('is not done while a child runs; progress counts ended roles', () => {
    const request = kit({ include: ['frontage', 'staging'] });
    const children = new Map<KitRole, ChildState>([
      ['frontage', completed('frontage', 'frontage_detection')],
      ['staging_1', { jobId: 'j1', jobType: 'virtual_staging', status: 'processing' }],
      [
        'staging_2',
        { jobId: 'j2', jobType: 'virtual_staging', status: 'failed', error: { code: 'X', message: 'x' } },
      ],
    ]);
    expect(kitDone(request, children)).toBe(false);
    expect(kitProgress(request, children)).toBe(66);
    expect(readyChildren(request, children, urlOf)).toEqual([]);
    expect(kitProgress(request, new Map())).toBe(0);
  });

  it('ends a child whose record is gone as failed, so the kit does not wait for it', () => {
    const gone = stateOf(undefined, 'j1', 'virtual_staging');
    expect(gone).toEqual({
      jobId: 'j1',
      jobType: 'virtual_staging',
      status: 'failed',
      error: {
        code: 'CHILD_JOB_MISSING',
        message: 'The virtual_staging job j1 made for this kit no longer exists.',
      },
    });
    const request = kit({ include: ['frontage', 'staging'] });
    const children = new Map<KitRole, ChildState>([
      ['frontage', completed('frontage', 'frontage_detection')],
      ['staging_1', gone],
      ['staging_2', stateOf(undefined, 'j2', 'virtual_staging')],
    ]);
    expect(kitDone(request, children)).toBe(true);
  });
});

describe('listing kit plan: the caller imagery and licences', () => {
  const imagery = {
    type: 'drone_photo',
    image_url: 'https://img.example.com/dji_0042.jpg',
    licence: { portal: false },
  } as const;
  const boundary = {
    type: 'Polygon',
    coordinates: [
      [
        [151.1994, -33.8822],
        [151.1996, -33.8822],
        [151.1996, -33.8825],
        [151.1994, -33.8825],
        [151.1994, -33.8822],
      ],
    ],
  };
  const restricted = (licence: { print: boolean; portal: boolean }) => ({
    source: 'caller-drone-photo',
    synthetic: false,
    captured_at: null,
    attribution: null,
    licence: { store: true, ...licence },
  });

  it('passes the imagery and the boundary to the frontage detection and the markup, not to the drones', () => {
    const result = run(kit({ imagery, boundary }));
    for (const role of ['frontage', 'markup'] as const) {
      const body = result.requests.get(role)!.body as Record<string, unknown>;
      expect(body.imagery, role).toEqual(imagery);
      expect(body.boundary, role).toEqual(boundary);
    }
    for (const role of ['drone_hero', 'drone_footage', 'slide_cover'] as const)
      expect(result.requests.get(role)!.body, role).not.toHaveProperty('imagery');
  });

  it('makes no portal-safe edit of a markup whose imagery may not go on portals, saying LICENCE_RESTRICTED', () => {
    const markup = { ...markupOutput(), imagery: restricted({ print: true, portal: false }) };
    const result = run(kit({ include: ['markup', 'portal_safe'] }), {}, { markup });
    expect(result.requests.has('markup_edit')).toBe(true);
    expect(result.requests.has('markup_edit_portal_safe')).toBe(false);
    expect(result.blocked).toEqual([
      {
        role: 'markup_edit_portal_safe',
        missing: 'markup',
        code: 'LICENCE_RESTRICTED',
        reason:
          "the markup's imagery (caller-drone-photo) is licensed for no portal use: it may not be published on listing portals",
      },
    ]);
    expect(licenceRestrictions(kit({ include: ['markup', 'portal_safe'] }), result.children)).toEqual([
      expect.objectContaining({ role: 'markup_edit_portal_safe', use: 'portal', code: 'LICENCE_RESTRICTED' }),
    ]);
  });

  it('keeps stills whose licence forbids print off the slides (and so the print deck), and lists them', () => {
    const hero = {
      ...(outputOf('drone_hero') as object),
      imagery: restricted({ print: false, portal: true }),
    };
    const result = run(kit(), {}, { drone_hero: hero });
    const cover = result.requests.get('slide_cover')!.body as { property: { images: string[] } };
    expect(cover.property.images).not.toContain(urlOf('media/org_1/live/kit/hero.jpg'));
    expect(cover.property.images).toContain(urlOf('media/org_1/live/kit/twilight.jpg'));
    expect(licenceRestrictions(kit(), result.children)).toEqual([
      {
        role: 'drone_hero',
        use: 'print',
        code: 'LICENCE_RESTRICTED',
        message:
          "Not placed on the brochure slides or the print deck: the drone_hero's imagery (caller-drone-photo) is licensed for no print use: it may not be printed.",
      },
    ]);
    expect(result.blocked).toEqual([]);
  });
});
