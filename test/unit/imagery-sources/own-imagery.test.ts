// What a job's imagery step makes of its organization's own sources: it reads its own organization and
// mode only, keeps what it read for a minute (so a deleted source stops being used within that minute),
// skips a record that is no usable source row, fails a read as a transient error the state machine retries,
// and never puts the key in the source row it builds. The chooser then tries the organization's sources
// before the stage's, where they cover the point and their licence allows the request's use.
import { describe, expect, it } from 'vitest';
import { TransientError } from '../../../functions/core/errors.ts';
import type { ImagerySourceRecord } from '../../../functions/core/imagery-sources/imagery-sources.ts';
import type { NadirImageRequest } from '../../../functions/media/geo/types.ts';
import {
  type ImageryCandidate,
  ImageryChooser,
} from '../../../functions/media/providers/imagery/imagery-chooser.ts';
import { withOwnSources } from '../../../functions/media/providers/imagery/own-imagery.ts';
import {
  OWN_SOURCES_TTL_MS,
  OwnImagerySources,
  ownSourceRow,
} from '../../../functions/wiring/capabilities/own-imagery.ts';
import { fakeNadirImagery, memoryImagerySourceStore } from '../../support/fakes.ts';

const KEY = 'nm-SECRET-KEY-0000000001';
const RULES = { allowHttp: false, allowLoopback: false };
const acme = { orgId: 'acme', mode: 'live' } as const;

function record(name: string, extra: Partial<ImagerySourceRecord> = {}): ImagerySourceRecord {
  return {
    id: `isrc_${name.replaceAll('-', '')}`,
    settings: {
      name,
      kind: 'xyz-tiles',
      url: 'https://api.nearmap.com/tiles/v3/Vert/{z}/{x}/{y}.jpg',
      max_zoom: 21,
      coverage: { west: 150, south: -35, east: 152, north: -33 },
      licence: { store: true, print: true, portal: true },
      attribution: 'Imagery © Nearmap',
    },
    api_key: { value: KEY, param: 'apikey' },
    created_at: '2026-12-01T00:00:00.000Z',
    updated_at: '2026-12-01T00:00:00.000Z',
    ...extra,
  };
}

function sources() {
  const store = memoryImagerySourceStore();
  const put = (tenant: { orgId: string; mode: string }, records: ImagerySourceRecord[]) =>
    store.lists.set(`${tenant.orgId}#${tenant.mode}`, { sources: records, version: 1 });
  let now = 1_000_000;
  const own = new OwnImagerySources(store, RULES, () => now);
  const advance = (ms: number) => {
    now += ms;
  };
  return { store, put, own, advance };
}

const names = (candidates: readonly ImageryCandidate[]) => candidates.map((c) => c.name);

describe('an organization’s own sources, as a job reads them', () => {
  it('reads only the job’s organization and mode', async () => {
    const { store, put, own } = sources();
    put(acme, [record('nearmap')]);
    put({ orgId: 'acme', mode: 'test' }, [record('test-tiles')]);
    put({ orgId: 'other', mode: 'live' }, [record('other-tiles')]);
    expect(names(await own.candidatesOf(acme))).toEqual(['nearmap']);
    expect(names(await own.candidatesOf({ orgId: 'other', mode: 'live' }))).toEqual(['other-tiles']);
    expect(names(await own.candidatesOf({ orgId: 'nobody', mode: 'live' }))).toEqual([]);
    expect(store.reads).toEqual([acme, { orgId: 'other', mode: 'live' }, { orgId: 'nobody', mode: 'live' }]);
  });

  it('keeps what it read for a minute: a deleted source is gone within it', async () => {
    const { store, put, own, advance } = sources();
    put(acme, [record('nearmap'), record('metromap')]);
    const first = await own.candidatesOf(acme);
    put(acme, [record('metromap')]);
    advance(OWN_SOURCES_TTL_MS - 1);
    // Every frame of the minute uses the same candidates (one read, one opened adapter each).
    expect(await own.candidatesOf(acme)).toBe(first);
    expect(store.reads).toHaveLength(1);
    advance(1);
    expect(names(await own.candidatesOf(acme))).toEqual(['metromap']);
    expect(store.reads).toHaveLength(2);
  });

  it('skips a record that is no usable source row, and keeps the others', async () => {
    const { put, own } = sources();
    const broken = record('broken');
    put(acme, [
      { ...broken, settings: { ...broken.settings, max_zoom: 99 } as ImagerySourceRecord['settings'] },
      record('nearmap'),
    ]);
    expect(names(await own.candidatesOf(acme))).toEqual(['nearmap']);
  });

  it('fails a read it could not make as transient, and reads again next time', async () => {
    const { store, put, own } = sources();
    put(acme, [record('nearmap')]);
    const list = store.list;
    store.list = async () => {
      throw new Error('ProvisionedThroughputExceededException');
    };
    await expect(own.candidatesOf(acme)).rejects.toBeInstanceOf(TransientError);
    store.list = list;
    expect(names(await own.candidatesOf(acme))).toEqual(['nearmap']);
  });

  it('builds the source row of its kind with the key’s parameter, never the key', () => {
    const row = ownSourceRow(record('nearmap'));
    expect(row).toMatchObject({
      name: 'nearmap',
      kind: 'xyz-tiles',
      maxZoom: 21,
      apiKey: { param: 'apikey' },
      licence: { store: true, print: true, portal: true },
    });
    expect(JSON.stringify(row)).not.toContain(KEY);
  });
});

/** A candidate drawing flat pictures, or failing, with the provenance a source of that name states. */
function candidate(
  name: string,
  options: { coverage?: ImageryCandidate['coverage']; portal?: boolean; fails?: boolean } = {},
): ImageryCandidate & { readonly requests: readonly NadirImageRequest[] } {
  const imagery = fakeNadirImagery();
  const licence = { store: true, print: true, portal: options.portal ?? true };
  return {
    name,
    licence,
    ...(options.coverage ? { coverage: options.coverage } : {}),
    requests: imagery.requests,
    open: async () =>
      options.fails
        ? {
            name,
            render: async () => {
              throw new Error(`${name} answered 503`);
            },
          }
        : imagery,
    provenance: () => ({ source: name, synthetic: false, captured_at: null, attribution: name, licence }),
  };
}

const SYDNEY = { lat: -33.88, lng: 151.2 };
const request = (uses?: NadirImageRequest['uses']): NadirImageRequest => ({
  center: SYDNEY,
  width: 64,
  height: 32,
  metersPerPixel: 0.1,
  rotationDeg: 0,
  ...(uses ? { uses } : {}),
});
const NSW = { west: 140.9, south: -37.6, east: 153.7, north: -28.1 };
const WA = { west: 112.9, south: -35.2, east: 129, north: -13.7 };

describe('the stage’s imagery with an organization’s own sources', () => {
  it('draws from the organization’s source first where it covers the property', async () => {
    const stage = candidate('nsw-imagery', { coverage: NSW });
    const own = candidate('nearmap', { coverage: NSW });
    const image = await withOwnSources(new ImageryChooser([stage]), [own]).render(request());
    expect(image.provenance?.source).toBe('nearmap');
    expect(stage.requests).toHaveLength(0);
  });

  it('passes over its sources that do not cover the property, or whose licence forbids the use', async () => {
    const stage = new ImageryChooser([candidate('nsw-imagery', { coverage: NSW })]);
    const elsewhere = candidate('perth-tiles', { coverage: WA });
    const displayOnly = candidate('display-only', { coverage: NSW, portal: false });
    const image = await withOwnSources(stage, [elsewhere, displayOnly]).render(request({ portal: true }));
    expect(image.provenance?.source).toBe('nsw-imagery');
    expect(elsewhere.requests).toHaveLength(0);
    expect(displayOnly.requests).toHaveLength(0);
  });

  it('hands over to the stage’s sources when its own fails, saying which failed', async () => {
    const stage = new ImageryChooser([candidate('nsw-imagery', { coverage: NSW })]);
    const image = await withOwnSources(stage, [candidate('nearmap', { fails: true })]).render(request());
    expect(image.provenance).toMatchObject({
      source: 'nsw-imagery',
      tried: [{ source: 'nearmap', reason: 'nearmap answered 503' }],
    });
  });

  it('is the stage’s imagery itself for an organization without sources', () => {
    const stage = new ImageryChooser([candidate('nsw-imagery')]);
    expect(withOwnSources(stage, [])).toBe(stage);
  });
});
