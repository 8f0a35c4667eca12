// `npm run keys -- imagery-source add|list|remove`: an organization's own imagery subscription, registered
// from the command line through the same use cases and schema as POST /v1/imagery-sources. The key is read
// from IMAGERY_SOURCE_API_KEY or stdin (typed without echo, or piped), never from an argument, which would
// land in the shell's history and the process list; it is printed nowhere, only its hint.
import { systemClock } from '../functions/core/clock.ts';
import {
  createImagerySource,
  deleteImagerySource,
  type ImagerySourceStore,
  listImagerySources,
} from '../functions/core/imagery-sources/imagery-sources.ts';
import { newImagerySource } from '../functions/core/imagery-sources/source-settings.ts';
import type { Tenant } from '../functions/core/jobs/job-types.ts';
import type { StageUrlRules } from '../functions/core/outbound/url-policy.ts';

/** Where the key may come from besides stdin. */
export const API_KEY_VARIABLE = 'IMAGERY_SOURCE_API_KEY';

export const IMAGERY_SOURCE_USAGE = `  imagery-source add --org ID --mode test|live --name NAME --kind xyz-tiles|wms|arcgis-export --url URL
                 --licence store,print,portal|none --attribution TEXT [--coverage WEST,SOUTH,EAST,NORTH]
                 [--max-zoom N] [--tile-size 256|512]                         (xyz-tiles)
                 [--layers L] [--styles S] [--crs EPSG:3857|EPSG:4326] [--max-size N] (wms)
                 [--layers L] [--sr 3857|4326]                                (arcgis-export)
                 [--format F] [--native-resolution-m M] [--api-key-param NAME]
                                        Register the organization's own imagery subscription; with
                                        --api-key-param the key is read from ${API_KEY_VARIABLE} or stdin
                                        (never an argument) and kept as a secret (shown only as its hint)
  imagery-source list --org ID --mode test|live        List its imagery sources (never their keys)
  imagery-source remove --org ID --mode test|live --id isrc_…
                                        Delete a source and its key (jobs stop using it within a minute)`;

/** The options `imagery-source` takes (parseArgs definitions), `api-key` only to refuse it. */
export const IMAGERY_SOURCE_OPTIONS = {
  id: { type: 'string' },
  kind: { type: 'string' },
  url: { type: 'string' },
  licence: { type: 'string' },
  attribution: { type: 'string' },
  coverage: { type: 'string' },
  'max-zoom': { type: 'string' },
  'tile-size': { type: 'string' },
  layers: { type: 'string' },
  styles: { type: 'string' },
  crs: { type: 'string' },
  'max-size': { type: 'string' },
  sr: { type: 'string' },
  format: { type: 'string' },
  'native-resolution-m': { type: 'string' },
  'api-key-param': { type: 'string' },
  'api-key': { type: 'string' },
} as const;

type Flags = Readonly<Record<string, string | boolean | undefined>>;

const LICENCE_USES = ['store', 'print', 'portal'] as const;

/** A number flag as a number; anything else is left as given, so the schema names the field it fails. */
const numeric = (value: string | boolean | undefined) =>
  typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : value;

function licenceOf(value: string | boolean | undefined) {
  if (typeof value !== 'string') return undefined;
  const words = value
    .split(/[\s,]+/)
    .map((w) => w.trim().toLowerCase())
    .filter((w) => w !== '' && w !== 'none');
  const unknown = words.filter((w) => !(LICENCE_USES as readonly string[]).includes(w));
  if (unknown.length > 0)
    throw new Error(`--licence takes store, print and portal (or none), not ${unknown.join(', ')}`);
  return Object.fromEntries(LICENCE_USES.map((use) => [use, words.includes(use)]));
}

function coverageOf(value: string | boolean | undefined) {
  if (typeof value !== 'string') return undefined;
  const parts = value.split(',').map((p) => Number(p.trim()));
  if (parts.length !== 4 || parts.some((p) => !Number.isFinite(p)))
    throw new Error('--coverage takes WEST,SOUTH,EAST,NORTH in degrees, e.g. 150.5,-34.2,151.5,-33.5');
  const [west, south, east, north] = parts;
  return { west, south, east, north };
}

/** The request body the flags make (validated by the API's own schema next). */
export function imagerySourceBody(flags: Flags, apiKey: string | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: flags.name,
    kind: flags.kind,
    url: flags.url,
    licence: licenceOf(flags.licence),
    attribution: flags.attribution,
    coverage: coverageOf(flags.coverage),
    max_zoom: numeric(flags['max-zoom']),
    tile_size: numeric(flags['tile-size']),
    layers: flags.layers,
    styles: flags.styles,
    crs: flags.crs,
    max_size: numeric(flags['max-size']),
    sr: numeric(flags.sr),
    format: flags.format,
    native_resolution_m: numeric(flags['native-resolution-m']),
    api_key_param: flags['api-key-param'],
    api_key: apiKey,
  };
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/** A body field as the flag that sets it (`max_zoom` → `--max-zoom`, `coverage.west` → `--coverage`). */
const flagOf = (path: readonly PropertyKey[]) => {
  const field = String(path[0] ?? '');
  if (field === 'api_key') return `the key (${API_KEY_VARIABLE} or stdin)`;
  return field ? `--${field.replaceAll('_', '-')}` : 'the options';
};

/** A key typed at the terminal, not echoed. */
function promptHidden(question: string): Promise<string> {
  const stdin = process.stdin;
  process.stderr.write(question);
  stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.resume();
  let value = '';
  return new Promise((resolve, reject) => {
    const done = () => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off('data', onData);
      process.stderr.write('\n');
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === '\r' || ch === '\n' || ch === '\u0004') {
          done();
          resolve(value);
          return;
        }
        if (ch === '\u0003') {
          done();
          reject(new Error('canceled'));
          return;
        }
        value = ch === '\u007f' || ch === '\b' ? value.slice(0, -1) : value + ch;
      }
    };
    stdin.on('data', onData);
  });
}

async function readApiKey(): Promise<string> {
  const fromEnv = process.env[API_KEY_VARIABLE];
  let key: string;
  if (fromEnv !== undefined && fromEnv !== '') key = fromEnv;
  else if (process.stdin.isTTY) key = await promptHidden('API key of the source (not shown): ');
  else {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(Buffer.from(chunk));
    key = Buffer.concat(chunks).toString('utf8');
  }
  key = key.trim();
  if (key === '')
    throw new Error(
      `no API key: set ${API_KEY_VARIABLE} or send the key on stdin (--api-key-param names its parameter)`,
    );
  return key;
}

export interface ImagerySourceTools {
  readonly sources: ImagerySourceStore;
  /** The stage's URL rules (webhook URLs'): the local stack's allow http and loopback. */
  readonly urlRules: StageUrlRules;
}

function tenantOf(flags: Flags): Tenant {
  const { org, mode } = flags;
  if (typeof org !== 'string' || org === '') throw new Error('--org is required');
  if (mode !== 'test' && mode !== 'live') throw new Error(`--mode must be test or live, got '${mode ?? ''}'`);
  return { orgId: org, mode };
}

/** Runs `imagery-source <sub>`, printing what it did (never the key). */
export async function imagerySourceCommand(
  sub: string | undefined,
  flags: Flags,
  tools: ImagerySourceTools,
): Promise<void> {
  if (flags['api-key'] !== undefined)
    throw new Error(
      `the key is never an argument (it would stay in your shell history): set ${API_KEY_VARIABLE} or send it on stdin, and name its parameter with --api-key-param`,
    );
  const tenant = tenantOf(flags);
  const ports = { sources: tools.sources, clock: systemClock, urlRules: tools.urlRules };
  switch (sub) {
    case 'add': {
      if (flags['api-key-param'] === undefined && process.env[API_KEY_VARIABLE])
        throw new Error(`${API_KEY_VARIABLE} is set: name the key's query parameter with --api-key-param`);
      const apiKey = flags['api-key-param'] === undefined ? undefined : await readApiKey();
      const checked = newImagerySource.safeParse(imagerySourceBody(flags, apiKey));
      if (!checked.success)
        throw new Error(checked.error.issues.map((i) => `${flagOf(i.path)}: ${i.message}`).join('\n'));
      const made = await createImagerySource(ports, tenant, checked.data);
      console.log(
        `Registered imagery source ${made.id} (${made.name}, ${made.kind}) for ${tenant.orgId} in ${tenant.mode} mode${made.key_hint ? `; its key (${made.key_hint}) is kept as a secret and never shown again` : ''}.`,
      );
      console.log(made.id);
      return;
    }
    case 'list':
      console.table(
        (await listImagerySources(ports, tenant)).map((s) => ({
          id: s.id,
          name: s.name,
          kind: s.kind,
          url: s.url,
          coverage: `${s.coverage.west},${s.coverage.south},${s.coverage.east},${s.coverage.north}`,
          licence: LICENCE_USES.filter((use) => s.licence[use]).join(',') || 'none',
          key: s.key_hint ?? '',
          created_at: s.created_at,
        })),
      );
      return;
    case 'remove': {
      const id = flags.id;
      if (typeof id !== 'string' || id === '') throw new Error('--id is required');
      await deleteImagerySource(ports, tenant, id);
      console.log(`Removed imagery source ${id} of ${tenant.orgId} (${tenant.mode}) and its key.`);
      return;
    }
    default:
      throw new Error(`imagery-source takes add, list or remove, not '${sub ?? ''}'`);
  }
}
