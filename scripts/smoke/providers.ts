// `npm run smoke -- --providers`: each configured provider source called once, live, by a deployer who has
// internet — an imagery source draws a small frame at a town inside its coverage, a cadastre source finds
// the lot there, a geocoder finds an address — and a table of what came back: the resolution and capture
// date a picture has, the lot id, the licence, how long it took, or what went wrong. The sources are a
// stage's (`--stage staging`) or a file's (`--providers-file providers/au-open.json`; default the
// PROVIDERS_FILE variable, else providers/au-open.json). Keys come from the secrets file (SECRETS_FILE) or
// Secrets Manager, as in the stage; they are never printed.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { cachedSecrets } from '../../functions/core/secrets/secrets.ts';
import { parseAustralianAddress } from '../../functions/domain/address/address-parser.ts';
import type { LatLng } from '../../functions/domain/geo-types.ts';
import { Cadastre } from '../../functions/media/providers/cadastre/cadastre.ts';
import { cadastreAdapter } from '../../functions/media/providers/cadastre/cadastre-adapter.ts';
import {
  type Coverage,
  covers,
  type ProviderSources,
  parseProviderSources,
} from '../../functions/media/providers/sources/source-config.ts';
import { redactUrl } from '../../functions/media/providers/sources/source-get.ts';
import {
  imageryCandidate,
  type SourceDependencies,
  stageGeocoder,
} from '../../functions/wiring/capabilities/providers.ts';
import { stageSecretReader } from '../../functions/wiring/secrets.ts';
import { IMAGERY_LICENCES, stageConfig } from '../../lib/config/stages.ts';

/** Where each source is tried: the first of these towns inside its coverage (state capitals, with an address). */
const TOWNS: readonly { readonly at: LatLng; readonly address: string }[] = [
  { at: { lat: -33.86785, lng: 151.20732 }, address: '1 Macquarie Street, Sydney NSW 2000' },
  { at: { lat: -37.81405, lng: 144.96328 }, address: '1 Spring Street, Melbourne VIC 3000' },
  { at: { lat: -27.46897, lng: 153.0235 }, address: '1 William Street, Brisbane City QLD 4000' },
  { at: { lat: -34.92123, lng: 138.59931 }, address: '1 King William Street, Adelaide SA 5000' },
  { at: { lat: -31.95589, lng: 115.86059 }, address: '1 St Georges Terrace, Perth WA 6000' },
  { at: { lat: -42.88219, lng: 147.32925 }, address: '1 Franklin Wharf, Hobart TAS 7000' },
];

interface Row {
  readonly kind: 'imagery' | 'cadastre' | 'geocoder';
  readonly source: string;
  readonly outcome: 'pass' | 'FAIL' | 'skip';
  readonly ms: number;
  readonly detail: string;
}

function townIn(coverage: Coverage | undefined) {
  return TOWNS.find((t) => !coverage || covers(coverage, t.at));
}

async function timed(run: () => Promise<string>): Promise<{ ok: boolean; ms: number; detail: string }> {
  const started = performance.now();
  try {
    const detail = await run();
    return { ok: true, ms: performance.now() - started, detail };
  } catch (error) {
    return { ok: false, ms: performance.now() - started, detail: (error as Error).message };
  }
}

export async function smokeProviders(sources: ProviderSources, deps: SourceDependencies): Promise<Row[]> {
  const rows: Row[] = [];
  for (const config of sources.imagery) {
    const name = 'name' in config ? config.name : config.kind;
    const town = townIn('coverage' in config ? config.coverage : undefined);
    if (!town || config.kind === 'offline') {
      rows.push({
        kind: 'imagery',
        source: name,
        outcome: 'skip',
        ms: 0,
        detail: town ? 'offline' : 'no town inside its coverage',
      });
      continue;
    }
    const candidate = imageryCandidate(config, deps);
    const result = await timed(async () => {
      const image = await (await candidate.open()).render({
        center: town.at,
        width: 1024,
        height: 1024,
        metersPerPixel: 0.1,
        rotationDeg: 0,
      });
      const p = candidate.provenance(image);
      const gsd = p.ground_sample_distance_m === undefined ? 'unknown' : `${p.ground_sample_distance_m} m/px`;
      return `at ${town.address}: resolution ${gsd}${p.upsampled ? ' (upsampled)' : ''}, captured ${p.captured_at ?? 'not stated'}, licence store ${p.licence.store} print ${p.licence.print} portal ${p.licence.portal}`;
    });
    rows.push({
      kind: 'imagery',
      source: name,
      outcome: result.ok ? 'pass' : 'FAIL',
      ms: result.ms,
      detail: result.detail,
    });
  }
  for (const config of sources.cadastre) {
    const town = townIn(config.coverage);
    if (!town) {
      rows.push({
        kind: 'cadastre',
        source: config.name,
        outcome: 'skip',
        ms: 0,
        detail: 'no town inside its coverage',
      });
      continue;
    }
    const cadastre = new Cadastre([
      {
        config,
        open: async () =>
          cadastreAdapter(config, { rules: deps.rules, apiKey: await deps.apiKey(config.apiKey) }),
      },
    ]);
    const result = await timed(async () => {
      const lot = await cadastre.lotAt(town.at);
      if (!lot.found)
        throw new Error(`${lot.reason}: ${lot.message} ${lot.tried.map((t) => t.reason).join('; ')}`);
      return `at ${town.address}: lot ${lot.lotId} (${lot.match}, ${lot.ring.length} vertices, ${lot.neighbours.length} neighbours), licence store ${lot.source.licence.store} print ${lot.source.licence.print} portal ${lot.source.licence.portal}`;
    });
    rows.push({
      kind: 'cadastre',
      source: config.name,
      outcome: result.ok ? 'pass' : 'FAIL',
      ms: result.ms,
      detail: result.detail,
    });
  }
  for (const config of sources.geocoder) {
    if (!('url' in config)) continue;
    const town = townIn(config.coverage);
    if (!town) {
      rows.push({
        kind: 'geocoder',
        source: config.name,
        outcome: 'skip',
        ms: 0,
        detail: 'no town inside its coverage',
      });
      continue;
    }
    const geocoder = stageGeocoder([config], deps, undefined);
    const result = await timed(async () => {
      const parsed = parseAustralianAddress(town.address);
      if (!parsed.ok) throw new Error(parsed.problems.join('; '));
      const found = await geocoder.geocode(parsed.address);
      if (!found) throw new Error(`no match for ${town.address}`);
      return `${town.address} → ${found.position.lat.toFixed(6)}, ${found.position.lng.toFixed(6)} (${found.precision}, confidence ${found.confidence})`;
    });
    rows.push({
      kind: 'geocoder',
      source: config.name,
      outcome: result.ok ? 'pass' : 'FAIL',
      ms: result.ms,
      detail: result.detail,
    });
  }
  return rows;
}

/** The `--providers` run's command line, after `--providers`. */
export async function runProvidersSmoke(argv: readonly string[], env: NodeJS.ProcessEnv): Promise<number> {
  const { values } = parseArgs({
    args: [...argv],
    options: {
      providers: { type: 'boolean' },
      stage: { type: 'string' },
      'providers-file': { type: 'string' },
    },
    strict: true,
  });
  let sources: ProviderSources;
  let what: string;
  if (values.stage) {
    sources = parseProviderSources(stageConfig(values.stage).providers, `stage ${values.stage}`);
    what = `stage ${values.stage}`;
  } else {
    const file = values['providers-file'] ?? env.PROVIDERS_FILE ?? 'providers/au-open.json';
    sources = parseProviderSources(JSON.parse(readFileSync(file, 'utf8')), file);
    what = file;
  }
  const secrets = cachedSecrets(stageSecretReader(env.SECRETS_FILE));
  const deps: SourceDependencies = {
    // Live services are public https hosts: the deployed stages' rules.
    rules: {
      allowHttp: env.SMOKE_ALLOW_LOOPBACK === 'true',
      allowLoopback: env.SMOKE_ALLOW_LOOPBACK === 'true',
    },
    apiKey: async (key) => (key ? secrets(key.secret) : undefined),
    licences: IMAGERY_LICENCES,
    mapsClient: () => {
      throw new Error('Amazon Location is checked by the job smoke on a deployed stage, not here');
    },
  };
  console.error(`provider smoke of ${what} …`);
  const rows = await smokeProviders(sources, deps);
  const width = Math.max(...rows.map((r) => r.source.length), 6);
  for (const r of rows)
    console.log(
      `${r.outcome.padEnd(4)}  ${r.kind.padEnd(8)}  ${r.source.padEnd(width)}  ${`${Math.round(r.ms)} ms`.padStart(8)}  ${redactUrl(r.detail)}`,
    );
  const failed = rows.filter((r) => r.outcome === 'FAIL').length;
  console.log(
    `\n${rows.length - failed} of ${rows.length} sources answered${failed ? `; ${failed} failed` : ''}. A source that passed here can be marked verified (drop "verified": false).`,
  );
  return failed > 0 ? 1 : 0;
}
