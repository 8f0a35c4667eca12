// `npm run keys -- imagery-source …`: the flags make the API's own request body (so the CLI refuses what the
// API refuses, naming the flag), the key comes from IMAGERY_SOURCE_API_KEY or stdin and never from an
// argument, and nothing the command prints carries it.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  API_KEY_VARIABLE,
  imagerySourceBody,
  imagerySourceCommand,
} from '../../../bin/keys-imagery-source.ts';
import { memoryImagerySourceStore } from '../../support/fakes.ts';

const KEY = 'nm-CLI-SECRET-KEY-00000077';
const RULES = { allowHttp: false, allowLoopback: false };
const ADD = {
  org: 'acme',
  mode: 'live',
  name: 'nearmap',
  kind: 'xyz-tiles',
  url: 'https://api.nearmap.com/tiles/v3/Vert/{z}/{x}/{y}.jpg',
  'max-zoom': '21',
  licence: 'store,print,portal',
  attribution: 'Imagery © Nearmap',
  'api-key-param': 'apikey',
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe('keys imagery-source', () => {
  it('makes the request body from the flags', () => {
    expect(imagerySourceBody({ ...ADD, licence: 'store, print', coverage: '150,-35,152,-33' }, KEY)).toEqual({
      name: 'nearmap',
      kind: 'xyz-tiles',
      url: ADD.url,
      max_zoom: 21,
      licence: { store: true, print: true, portal: false },
      attribution: 'Imagery © Nearmap',
      coverage: { west: 150, south: -35, east: 152, north: -33 },
      api_key_param: 'apikey',
      api_key: KEY,
    });
    expect(imagerySourceBody({ licence: 'none' }, undefined).licence).toEqual({
      store: false,
      print: false,
      portal: false,
    });
    expect(() => imagerySourceBody({ licence: 'store,sell' }, undefined)).toThrow(/sell/);
    expect(() => imagerySourceBody({ coverage: '150,-35' }, undefined)).toThrow(/WEST,SOUTH,EAST,NORTH/);
  });

  it('registers the source with the key from IMAGERY_SOURCE_API_KEY and prints only its hint', async () => {
    vi.stubEnv(API_KEY_VARIABLE, KEY);
    const printed: unknown[] = [];
    vi.spyOn(console, 'log').mockImplementation((...line) => void printed.push(...line));
    vi.spyOn(console, 'table').mockImplementation((rows) => void printed.push(rows));
    const sources = memoryImagerySourceStore();
    await imagerySourceCommand('add', ADD, { sources, urlRules: RULES });
    await imagerySourceCommand('list', { org: 'acme', mode: 'live' }, { sources, urlRules: RULES });
    const [kept] = sources.lists.get('acme#live')!.sources;
    expect(kept!.api_key).toEqual({ value: KEY, param: 'apikey' });
    expect(JSON.stringify(printed)).toContain('…0077');
    expect(JSON.stringify(printed)).not.toContain(KEY);
    await imagerySourceCommand(
      'remove',
      { org: 'acme', mode: 'live', id: kept!.id },
      { sources, urlRules: RULES },
    );
    expect(sources.lists.get('acme#live')!.sources).toEqual([]);
  });

  it('refuses the key as an argument, before reading or writing anything', async () => {
    const sources = memoryImagerySourceStore();
    await expect(
      imagerySourceCommand('add', { ...ADD, 'api-key': KEY }, { sources, urlRules: RULES }),
    ).rejects.toThrow(/never an argument/);
    expect(sources.reads).toEqual([]);
  });

  it('refuses what the API refuses, naming the flag', async () => {
    vi.stubEnv(API_KEY_VARIABLE, KEY);
    const sources = memoryImagerySourceStore();
    const add = (flags: Record<string, string>) =>
      imagerySourceCommand('add', { ...ADD, ...flags }, { sources, urlRules: RULES });
    await expect(add({ 'max-zoom': '30' })).rejects.toThrow(/--max-zoom/);
    await expect(add({ 'max-zoom': 'deep' })).rejects.toThrow(/--max-zoom/);
    await expect(add({ url: `${ADD.url}?apikey=x` })).rejects.toThrow(/--url: must not carry a key/);
    await expect(add({ url: 'https://10.0.0.1/{z}/{x}/{y}.jpg' })).rejects.toThrow(/url is not allowed/);
    await expect(add({ mode: 'both' })).rejects.toThrow(/--mode/);
    expect(sources.lists.size).toBe(0);
  });
});
