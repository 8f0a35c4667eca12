// The ownImagery row's factory (functions/jobs/capabilities.ts): the job's organization's own imagery
// sources (accounts table, functions/core/imagery-sources) as the candidates its imagery step tries before
// the stage's, each a source row like the stage's (source-config.ts, checked again here) with its stored
// key and the stage's fetch policy. What was read is kept for a minute per organization and mode in the
// container: a job's frames do not read the table each, and a deleted or changed source stops being used
// within that minute.
import { TransientError } from '../../core/errors.ts';
import type { ImagerySourceRecord, ImagerySourceStore } from '../../core/imagery-sources/imagery-sources.ts';
import type { Tenant } from '../../core/jobs/job-types.ts';
import { logger } from '../../core/observability.ts';
import type { StageUrlRules } from '../../core/outbound/url-policy.ts';
import type { ImageryCandidate } from '../../media/providers/imagery/imagery-chooser.ts';
import type { OwnImagery } from '../../media/providers/imagery/own-imagery.ts';
import {
  imagerySourceSchema,
  type RemoteImagerySourceConfig,
} from '../../media/providers/sources/source-config.ts';
import { processAdapters } from '../process.ts';
import { remoteImageryCandidate } from './providers.ts';

/** How long a container keeps an organization's sources as read. */
export const OWN_SOURCES_TTL_MS = 60_000;

/**
 * A registered source as the stage's source row of its kind. The key's `secret` is only a name for
 * messages (the key itself is handed over from the record when the source is opened).
 */
export function ownSourceRow(record: ImagerySourceRecord): unknown {
  const s = record.settings;
  const kindFields =
    s.kind === 'xyz-tiles'
      ? { maxZoom: s.max_zoom, tileSize: s.tile_size }
      : s.kind === 'wms'
        ? {
            layers: s.layers,
            styles: s.styles,
            crs: s.crs,
            format: s.format,
            maxSize: s.max_size,
            nativeResolutionM: s.native_resolution_m,
          }
        : { layers: s.layers, format: s.format, sr: s.sr, nativeResolutionM: s.native_resolution_m };
  return {
    name: s.name,
    kind: s.kind,
    url: s.url,
    coverage: s.coverage,
    licence: s.licence,
    attribution: s.attribution,
    ...Object.fromEntries(Object.entries(kindFields).filter(([, v]) => v !== undefined)),
    ...(record.api_key
      ? { apiKey: { secret: `imagery source ${record.id}`, param: record.api_key.param } }
      : {}),
  };
}

/** The candidate of a registered source, or undefined (logged, never with its key) when its row is refused. */
export function ownCandidate(
  record: ImagerySourceRecord,
  rules: StageUrlRules,
): ImageryCandidate | undefined {
  const checked = imagerySourceSchema.safeParse(ownSourceRow(record));
  if (!checked.success) {
    logger.warn("an organization's imagery source is not a usable source row; skipped", {
      source: record.id,
      problems: checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    });
    return undefined;
  }
  const key = record.api_key?.value;
  return remoteImageryCandidate(checked.data as RemoteImagerySourceConfig, {
    rules,
    apiKey: async () => key,
  });
}

export class OwnImagerySources implements OwnImagery {
  private readonly kept = new Map<
    string,
    { readonly until: number; readonly candidates: Promise<readonly ImageryCandidate[]> }
  >();

  constructor(
    private readonly store: ImagerySourceStore,
    private readonly rules: StageUrlRules,
    private readonly now: () => number = Date.now,
    private readonly ttlMs = OWN_SOURCES_TTL_MS,
  ) {}

  candidatesOf(tenant: Tenant): Promise<readonly ImageryCandidate[]> {
    const key = `${tenant.orgId}#${tenant.mode}`;
    const now = this.now();
    for (const [k, entry] of this.kept) if (entry.until <= now) this.kept.delete(k);
    const kept = this.kept.get(key);
    if (kept) return kept.candidates;
    const candidates = this.read(tenant);
    const entry = { until: now + this.ttlMs, candidates };
    this.kept.set(key, entry);
    // A failed read is not kept: the step's retry reads again.
    candidates.catch(() => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    return candidates;
  }

  private async read(tenant: Tenant): Promise<readonly ImageryCandidate[]> {
    let records: readonly ImagerySourceRecord[];
    try {
      records = (await this.store.list(tenant)).sources;
    } catch (error) {
      // Drawing from the stage's sources instead would ignore what the organization registered (its
      // licence may be the one that allows this request): the state machine retries the step instead.
      throw new TransientError(
        `Reading the organization's own imagery sources failed: ${(error as Error).message}`,
      );
    }
    return records.flatMap((record) => {
      const candidate = ownCandidate(record, this.rules);
      return candidate ? [candidate] : [];
    });
  }
}

/** The step's port: the stage's accounts table, with the stage's fetch policy. */
export function stageOwnImagery(rules: StageUrlRules): OwnImagery {
  return new OwnImagerySources(processAdapters().imagerySources, rules);
}
