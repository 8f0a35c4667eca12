// A drone job's scene preparation reuses the ground this process drew lately for the same site and the
// same tenant (a listing's stills and footage, another angle of the same property), and draws afresh for
// another tenant, another site, after 10 minutes, or after a drawing that failed. Every job still stores
// its own copies of the files under its own keys.
import { describe, expect, it } from 'vitest';
import { parseAustralianAddress } from '../../../functions/domain/address/address-parser.ts';
import type { LatLng, SiteModel } from '../../../functions/domain/geo-types.ts';
import { prepareAerialScene } from '../../../functions/jobs/drone/scene-input.ts';
import type { NadirImageRequest } from '../../../functions/media/geo/types.ts';
import { roofModel } from '../../../functions/media/imagery/offline-nadir/roof-model.ts';
import { providerProvenance } from '../../../functions/media/imagery/provenance.ts';
import { IMAGERY_LICENCES } from '../../../lib/config/stages.ts';

const parsed = parseAustralianAddress('10 Wattle Street, Ultimo NSW 2007');
if (!parsed.ok) throw new Error(parsed.problems.join('; '));
const address = parsed.address;

function harness(fail = false) {
  const drawn: NadirImageRequest[] = [];
  const stored = new Map<string, Buffer>();
  let clock = Date.parse('2026-11-29T10:00:00.000Z');
  const ports = {
    // A bare site at the position asked for: what is counted is how often the ground is drawn.
    sites: {
      name: 'bare-site',
      async siteAround(origin: LatLng): Promise<SiteModel> {
        return {
          origin,
          addressedStreet: 'Wattle Street',
          streets: [],
          parcels: [],
          buildings: [],
          driveways: [],
          trees: [],
          provider: 'bare-site',
          synthetic: true,
        };
      },
    },
    // A plain grey ground of the size asked for: what is counted is how often it is drawn.
    nadir: {
      name: 'counting-nadir',
      async render(request: NadirImageRequest) {
        drawn.push(request);
        if (fail) throw new Error('imagery provider unavailable');
        return {
          data: Buffer.alloc(request.width * request.height * 3, 120),
          channels: 3 as const,
          georef: {
            center: request.center,
            metersPerPixel: request.metersPerPixel,
            rotationDeg: 0,
            width: request.width,
            height: request.height,
          },
          provider: 'counting-nadir',
        };
      },
    },
    nadirProvenance: providerProvenance(IMAGERY_LICENCES, 'offline-synthetic'),
    roofModel,
    now: () => new Date(clock),
    media: {
      async put(key: string, body: Buffer, contentType: string) {
        stored.set(key, body);
        return { s3_key: key, content_type: contentType, size_bytes: body.length };
      },
      async sign(key: string) {
        return { url: `https://media.test/${key}` };
      },
    },
  };
  const prepare = (job: string, scope: string | undefined, position = { lat: -33.882, lng: 151.2 }) =>
    prepareAerialScene(ports, {
      address,
      position,
      keyFor: (name) => `${job}/${name}`,
      ...(scope === undefined ? {} : { reuseScope: scope }),
    });
  return { drawn, stored, prepare, advance: (ms: number) => (clock += ms) };
}

describe('aerial scene reuse within a process', () => {
  it('draws a site once for jobs of one tenant, each storing its own copies, and again for another tenant', async () => {
    const h = harness();
    const scope = `org-reuse-${Math.random()}/live`;
    const [a, b] = await Promise.all([h.prepare('job-a', scope), h.prepare('job-b', scope)]);
    expect(h.drawn).toHaveLength(1);
    expect(b.propertyCenter).toEqual(a.propertyCenter);
    expect(b.sceneProps.groundImage).toBe('https://media.test/job-b/aerial-ground.jpg');
    for (const name of ['aerial-ground.jpg', 'aerial-ground-far.jpg', 'aerial-scene.json'])
      expect(h.stored.get(`job-b/${name}`)).toEqual(h.stored.get(`job-a/${name}`));
    await h.prepare('job-c', `${scope}-other`);
    expect(h.drawn).toHaveLength(2);
    // Another property of the same tenant is another site.
    await h.prepare('job-d', scope, { lat: -33.9, lng: 151.25 });
    expect(h.drawn).toHaveLength(3);
  });

  it('draws again after 10 minutes, and always without a reuse scope', async () => {
    const h = harness();
    const scope = `org-ttl-${Math.random()}/test`;
    await h.prepare('job-a', scope);
    h.advance(9 * 60_000);
    await h.prepare('job-b', scope);
    expect(h.drawn).toHaveLength(1);
    h.advance(2 * 60_000);
    await h.prepare('job-c', scope);
    expect(h.drawn).toHaveLength(2);
    await h.prepare('job-d', undefined);
    await h.prepare('job-e', undefined);
    expect(h.drawn).toHaveLength(4);
  });

  it('keeps no failed drawing: the next job draws again', async () => {
    const failing = harness(true);
    const scope = `org-fail-${Math.random()}/live`;
    await expect(failing.prepare('job-a', scope)).rejects.toThrow('imagery provider unavailable');
    const h = harness();
    await h.prepare('job-b', scope);
    expect(h.drawn).toHaveLength(1);
  });
});
