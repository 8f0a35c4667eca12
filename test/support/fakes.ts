// Typed fakes of the ports steps and use cases work through. Each builder returns the real port interface
// (plus what a test reads back: stored objects, requests made), so a test states only what it cares about
// and the compiler checks the rest: no `as never` in a test's ports.
import type { APIGatewayProxyEvent, Context } from 'aws-lambda';
import type { ApiRoutePorts } from '../../functions/api/http/api-route.ts';
import { type AuditLog, type AuditRecord, auditIdFloor } from '../../functions/core/audit/audit-log.ts';
import type { AccountStore, ApiKeyRecord } from '../../functions/core/auth/account-store.ts';
import type { BrandKitRecord, BrandKitStore } from '../../functions/core/brand-kits/brand-kits.ts';
import type { Clock } from '../../functions/core/clock.ts';
import type {
  ImagerySourceRecord,
  ImagerySourceStore,
} from '../../functions/core/imagery-sources/imagery-sources.ts';
import type { Job } from '../../functions/core/jobs/job.ts';
import type { JobStore } from '../../functions/core/jobs/job-store.ts';
import type { JobStatus, Tenant } from '../../functions/core/jobs/job-types.ts';
import type { RetentionPolicy } from '../../functions/core/jobs/retention.ts';
import type { MediaEraser, MediaStore } from '../../functions/core/media/media-store.ts';
import type { OfficeRecord, OfficeStore } from '../../functions/core/offices/offices.ts';
import type { StoredMedia } from '../../functions/core/schemas/outputs.ts';
import type { JobPorts } from '../../functions/core/use-cases/jobs.ts';
import type { WebhookEndpoint, WebhookEndpointStore } from '../../functions/core/webhooks/endpoints.ts';
import type {
  DeliveryAttemptRecord,
  EventLog,
  StoredEvent,
} from '../../functions/core/webhooks/event-log.ts';
import type { EventResend, EventResendStore } from '../../functions/core/webhooks/event-resends.ts';
import type { StepJob } from '../../functions/core/workflows/step-runtime.ts';
import type { LatLng, ParsedAddress, SiteModel } from '../../functions/domain/geo-types.ts';
import type { ResolvedLocation } from '../../functions/jobs/shared/resolve-location.ts';
import type {
  GeocodeResult,
  Geocoder,
  NadirImage,
  NadirImageRequest,
  NadirImagery,
  SiteSource,
} from '../../functions/media/geo/types.ts';
import { providerProvenance } from '../../functions/media/imagery/provenance.ts';
import type { ImageryFetcher } from '../../functions/media/images/fetch-image.ts';
import { Cadastre } from '../../functions/media/providers/cadastre/cadastre.ts';
import type { Providers } from '../../functions/media/providers/providers.ts';
import type { StillRenderer } from '../../functions/media/rendering/still-renderer.ts';
import { IMAGERY_LICENCES } from '../../lib/config/stages.ts';

/** The job a step receives, with test defaults. */
export function stepJob(overrides: Partial<StepJob> = {}): StepJob {
  return {
    job_id: 'job-1',
    org_id: 'org-1',
    mode: 'test',
    job_type: 'test_kind',
    webhook_url: null,
    ...overrides,
  };
}

/** Where ResolveLocation put the property, with test defaults (a rooftop geocode in Ultimo). */
export function resolvedLocation(overrides: Partial<ResolvedLocation> = {}): ResolvedLocation {
  return {
    lat: -33.8795,
    lng: 151.1982,
    formatted_address: '27 Wattle Street, ULTIMO NSW 2007',
    precision: 'rooftop',
    provider: 'fake-geocoder',
    confidence: 0.9,
    ...overrides,
  };
}

let recordCounter = 0;

/**
 * A stored job of the tenant acme/live (ids numbered per test file, so they sort in creation order);
 * `extra` overrides any field.
 */
export function jobRecord(status: JobStatus, extra: Partial<Job> = {}): Job {
  recordCounter += 1;
  return {
    jobId: `0193a0b2-0000-7000-8000-${String(recordCounter).padStart(12, '0')}`,
    orgId: 'acme',
    mode: 'live',
    jobType: 'frontage_detection',
    status,
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    progress: { percent: 0, stage: status },
    input: {},
    ...extra,
  };
}

export function fixedClock(iso = '2026-01-02T03:04:05.000Z'): Clock {
  const now = new Date(iso);
  return { now: () => new Date(now) };
}

export interface StoredObject {
  readonly body: Buffer;
  readonly contentType: string;
}

export interface FakeMediaStore extends MediaStore, MediaEraser {
  /** Every object by key: the ones given at the start and the ones put since. */
  readonly objects: ReadonlyMap<string, StoredObject>;
}

/** An in-memory media bucket; `sign` answers a URL that names the key and the expiry (an hour on). */
/** Where the fake media store's signed URLs point. */
const FAKE_MEDIA_BASE = 'https://media.test/';

export function fakeMediaStore(initial: Readonly<Record<string, Buffer>> = {}): FakeMediaStore {
  const objects = new Map<string, StoredObject>(
    Object.entries(initial).map(([key, body]) => [key, { body, contentType: 'application/octet-stream' }]),
  );
  return {
    objects,
    async put(key, body, contentType, extra = {}): Promise<StoredMedia> {
      objects.set(key, { body, contentType });
      return { s3_key: key, content_type: contentType, size_bytes: body.length, ...extra };
    },
    async get(key) {
      const object = objects.get(key);
      if (!object) throw new Error(`no media object ${key}`);
      return object.body;
    },
    async sign(key, now) {
      const expiresAt = new Date(now.getTime() + 3_600_000).toISOString();
      return { url: `${FAKE_MEDIA_BASE}${key}?expires=${expiresAt}`, expiresAt };
    },
    keyOf: (url) =>
      url.startsWith(FAKE_MEDIA_BASE) ? url.slice(FAKE_MEDIA_BASE.length).split('?')[0] : undefined,
    async deletePrefix(prefix) {
      const keys = [...objects.keys()].filter((key) => key.startsWith(prefix));
      for (const key of keys) objects.delete(key);
      return keys.length;
    },
  };
}

export interface FakeSiteSource extends SiteSource {
  readonly requests: ReadonlyArray<{ origin: LatLng; address: ParsedAddress; radiusM: number }>;
}

/** A site source that answers the same site model wherever it is asked. */
export function fakeSiteSource(site: SiteModel): FakeSiteSource {
  const requests: Array<{ origin: LatLng; address: ParsedAddress; radiusM: number }> = [];
  return {
    name: site.provider,
    requests,
    async siteAround(origin, address, radiusM) {
      requests.push({ origin, address, radiusM });
      return site;
    },
  };
}

export interface FakeNadirImagery extends NadirImagery {
  readonly requests: readonly NadirImageRequest[];
}

/** Imagery of one flat colour at exactly the size, scale and rotation asked for. */
export function fakeNadirImagery(
  options: { readonly channels?: 3 | 4; readonly rgb?: readonly [number, number, number] } = {},
): FakeNadirImagery {
  const channels = options.channels ?? 3;
  const [r, g, b] = options.rgb ?? [90, 110, 80];
  const requests: NadirImageRequest[] = [];
  return {
    name: 'fake-imagery',
    requests,
    async render(request): Promise<NadirImage> {
      requests.push(request);
      const { width, height, center, metersPerPixel, rotationDeg } = request;
      const data = Buffer.alloc(width * height * channels);
      for (let i = 0; i < data.length; i += channels) {
        data[i] = r;
        data[i + 1] = g;
        data[i + 2] = b;
        if (channels === 4) data[i + 3] = 255;
      }
      return {
        data,
        channels,
        georef: { center, metersPerPixel, rotationDeg, width, height },
        provider: 'fake-imagery',
      };
    },
  };
}

/** A geocoder that finds every address at one position (or none: `null`). */
export function fakeGeocoder(result: GeocodeResult | null): Geocoder {
  return { name: result?.provider ?? 'fake-geocoder', geocode: async () => result };
}

/** The provenance of the offline synthetic scene, as the stage config states its licence. */
export const SYNTHETIC_PROVENANCE = providerProvenance(IMAGERY_LICENCES, 'offline-synthetic');

/** An imagery fetcher for steps given no caller imagery: a call fails the test. */
export const noImageryFetch: ImageryFetcher = async (url) => {
  throw new Error(`no imagery download was expected (${url})`);
};

/** The location providers; each one not given fails the test if a step uses it. */
export function fakeLocationProviders(providers: Partial<Providers> = {}): Providers {
  const unused = (port: string) => () => {
    throw new Error(`the ${port} was not expected to be used`);
  };
  return {
    geocoder: providers.geocoder ?? { name: 'unused-geocoder', geocode: unused('geocoder') },
    site: providers.site ?? { name: 'unused-site', siteAround: unused('site source') },
    imagery: providers.imagery ?? { name: 'unused-imagery', render: unused('imagery') },
    imageryProvenance: providers.imageryProvenance ?? SYNTHETIC_PROVENANCE,
    // No cadastre source: every lookup answers NO_CADASTRE, as on a stage that lists none.
    cadastre: providers.cadastre ?? new Cadastre([]),
  };
}

/** A port method a test does not expect to be called: calling it fails the test, naming the method. */
function unexpected(method: string): () => never {
  return () => {
    throw new Error(`${method} was not expected to be called`);
  };
}

/** A job store with the methods a test gives; any other method fails the test when called. */
export function fakeJobStore(methods: Partial<JobStore> = {}): JobStore {
  return {
    create: methods.create ?? unexpected('jobs.create'),
    get: methods.get ?? unexpected('jobs.get'),
    list: methods.list ?? unexpected('jobs.list'),
    latestBuiltOn: methods.latestBuiltOn ?? unexpected('jobs.latestBuiltOn'),
    listByKit: methods.listByKit ?? unexpected('jobs.listByKit'),
    admitKitChild: methods.admitKitChild ?? unexpected('jobs.admitKitChild'),
    markProcessing: methods.markProcessing ?? unexpected('jobs.markProcessing'),
    setProgress: methods.setProgress ?? unexpected('jobs.setProgress'),
    markWaiting: methods.markWaiting ?? unexpected('jobs.markWaiting'),
    oldestQueued: methods.oldestQueued ?? unexpected('jobs.oldestQueued'),
    complete: methods.complete ?? unexpected('jobs.complete'),
    fail: methods.fail ?? unexpected('jobs.fail'),
    cancel: methods.cancel ?? unexpected('jobs.cancel'),
    clearOutbox: methods.clearOutbox ?? unexpected('jobs.clearOutbox'),
    listPending: methods.listPending ?? unexpected('jobs.listPending'),
    recordWebhookAttempt: methods.recordWebhookAttempt ?? unexpected('jobs.recordWebhookAttempt'),
    claimProgressEvent: methods.claimProgressEvent ?? unexpected('jobs.claimProgressEvent'),
    listUnfinished: methods.listUnfinished ?? unexpected('jobs.listUnfinished'),
    listBuiltOn: methods.listBuiltOn ?? unexpected('jobs.listBuiltOn'),
    remove: methods.remove ?? unexpected('jobs.remove'),
    listExpiring: methods.listExpiring ?? unexpected('jobs.listExpiring'),
    expire: methods.expire ?? unexpected('jobs.expire'),
    addPurge: methods.addPurge ?? unexpected('jobs.addPurge'),
    listPurges: methods.listPurges ?? unexpected('jobs.listPurges'),
    reschedulePurge: methods.reschedulePurge ?? unexpected('jobs.reschedulePurge'),
  };
}

/** An account store with the methods a test gives; any other method fails the test when called. */
export function fakeAccountStore(methods: Partial<AccountStore> = {}): AccountStore {
  return {
    admit: methods.admit ?? unexpected('accounts.admit'),
    expectedKey: methods.expectedKey ?? (() => undefined),
    createKey: methods.createKey ?? unexpected('accounts.createKey'),
    listKeys: methods.listKeys ?? unexpected('accounts.listKeys'),
    moveKeysToKeyIndex: methods.moveKeysToKeyIndex ?? unexpected('accounts.moveKeysToKeyIndex'),
    revokeKey: methods.revokeKey ?? unexpected('accounts.revokeKey'),
    setKeyLimits: methods.setKeyLimits ?? unexpected('accounts.setKeyLimits'),
    getOrganization: methods.getOrganization ?? unexpected('accounts.getOrganization'),
    copyOrganizationToKey: methods.copyOrganizationToKey ?? (async () => false),
    putOrganization: methods.putOrganization ?? unexpected('accounts.putOrganization'),
    updateOrganizationSettings:
      methods.updateOrganizationSettings ?? unexpected('accounts.updateOrganizationSettings'),
    getWebhookSecrets: methods.getWebhookSecrets ?? unexpected('accounts.getWebhookSecrets'),
    replaceWebhookSecrets: methods.replaceWebhookSecrets ?? unexpected('accounts.replaceWebhookSecrets'),
  };
}

/**
 * The API middleware's ports over an account store (or the one a test has at each request): both key
 * kinds accepted, 60 requests a minute for test keys; idempotency is not used.
 */
export function fakeRoutePorts(accounts: AccountStore | (() => AccountStore)): () => ApiRoutePorts {
  return () => ({
    accounts: typeof accounts === 'function' ? accounts() : accounts,
    auth: { keyVariant: 'both' as never, testRatePerMinute: 60 },
    get creationClaims(): never {
      throw new Error('not used');
    },
    get idempotency(): never {
      throw new Error('not used');
    },
  });
}

/** An active live key of organization acme as admission answers it (600 a minute, no copy of its organization). */
export const LIVE_KEY_RECORD: ApiKeyRecord = {
  keyId: 'key_0123456789abcdef',
  orgId: 'acme',
  mode: 'live',
  name: 'ci',
  status: 'active',
  hint: 'abcd',
  createdAt: '2026-01-01T00:00:00.000Z',
  requestsPerMinute: 600,
};

/** A stage's retention as the deployed stages have it (90 days; delete_after from an hour to 730 days). */
export const TEST_RETENTION: RetentionPolicy = {
  defaultDays: 90,
  planDays: { starter: 30, growth: 90, enterprise: 365 },
  minSeconds: 3600,
  maxDays: 730,
};

/**
 * The job use cases' dependencies with the ones a test gives. The stage's URL rules default to a cloud
 * stage's (https, public hosts); any other port not given fails the test when used.
 */
export function fakeJobPorts(deps: Partial<JobPorts> = {}): JobPorts {
  return {
    jobs: deps.jobs ?? fakeJobStore(),
    webhookPolicy: deps.webhookPolicy ?? { allowHttp: false, allowLoopback: false },
    bundleHosts: deps.bundleHosts ?? [],
    signer: deps.signer ?? { sign: unexpected('signer.sign') },
    starter: deps.starter ?? { start: unexpected('starter.start') },
    clock: deps.clock ?? fixedClock(),
    // Retention reads them at every submit: an organization without settings of its own by default.
    organizationSettings: deps.organizationSettings ?? (async () => ({ stagingWatermark: false })),
    retention: deps.retention ?? TEST_RETENTION,
    ...(deps.creationClaim ? { creationClaim: deps.creationClaim } : {}),
    ...(deps.kitJobId ? { kitJobId: deps.kitJobId } : {}),
    ...(deps.deleteAfter ? { deleteAfter: deps.deleteAfter } : {}),
    ...(deps.inheritedExpiry ? { inheritedExpiry: deps.inheritedExpiry } : {}),
    ...(deps.organization ? { organization: deps.organization } : {}),
    ...(deps.officeId ? { officeId: deps.officeId } : {}),
    ...(deps.officeRetentionDays ? { officeRetentionDays: deps.officeRetentionDays } : {}),
    ...(deps.officeRetention ? { officeRetention: deps.officeRetention } : {}),
    ...(deps.officeCheck ? { officeCheck: deps.officeCheck } : {}),
  };
}

/**
 * The request a submit use case gets for a route without path parameters. Such a route's `params` are
 * typed `never` (no value has that type) and the use case never reads them, so this is the one place a
 * test gives them, through a cast.
 */
export function withoutParams<B>(body: B): { readonly body: B; readonly params: never } {
  return { body, params: undefined as never };
}

/** A still renderer that renders with `renderStill`; without one, rendering fails the test. */
export function fakeStillRenderer(
  renderStill: StillRenderer['renderStill'] = unexpected('stillRenderer.renderStill'),
): StillRenderer {
  return { name: 'fake-still', renderStill };
}

/**
 * An AWS SDK client whose `send` is `answer`: the test's function gets each command (typed as the one it
 * expects) and answers the output it wants; the client has nothing but `send`, which is all the code under
 * test calls. The SDK types `send` with overloads generic in each command's input and output, which no
 * plain function implements, and some ports take the whole client, so this is the one cast that puts
 * such a function in the client's place.
 */
export function fakeAwsClient<Client extends { send: unknown }, Command = unknown>(
  answer: (command: Command) => Promise<unknown>,
): Client {
  return { send: answer } as unknown as Client;
}

/** A REST API request as API Gateway hands it to a function: `GET /` from a client, unless `overrides` say otherwise. */
export function apiGatewayEvent(overrides: Partial<APIGatewayProxyEvent> = {}): APIGatewayProxyEvent {
  const httpMethod = overrides.httpMethod ?? 'GET';
  const path = overrides.path ?? '/';
  return {
    httpMethod,
    path,
    resource: path,
    headers: {},
    multiValueHeaders: {},
    queryStringParameters: null,
    multiValueQueryStringParameters: null,
    pathParameters: null,
    stageVariables: null,
    body: null,
    isBase64Encoded: false,
    requestContext: {
      accountId: '000000000000',
      apiId: 'api',
      authorizer: null,
      protocol: 'HTTP/1.1',
      httpMethod,
      identity: {
        accessKey: null,
        accountId: null,
        apiKey: null,
        apiKeyId: null,
        caller: null,
        clientCert: null,
        cognitoAuthenticationProvider: null,
        cognitoAuthenticationType: null,
        cognitoIdentityId: null,
        cognitoIdentityPoolId: null,
        principalOrgId: null,
        sourceIp: '203.0.113.1',
        user: null,
        userAgent: 'test',
        userArn: null,
      },
      path,
      stage: 'test',
      requestId: 'c0ffee00-0000-4000-8000-000000000001',
      requestTimeEpoch: 0,
      resourceId: 'resource',
      resourcePath: path,
    },
    ...overrides,
  };
}

/**
 * A site of one addressed 20 x 30 m lot (`lot-27`, its long side north-south, its centre `lotCentreX` m
 * east of the origin) and one north-south street 10 m wide, `streetX` m east of the origin.
 */
export function lotBesideStreet(
  origin: SiteModel['origin'],
  {
    lotCentreX,
    streetX,
    streetName = 'Wattle Street',
    streetHalfLength = 100,
  }: {
    readonly lotCentreX: number;
    readonly streetX: number;
    readonly streetName?: string;
    readonly streetHalfLength?: number;
  },
): SiteModel {
  return {
    origin,
    addressedStreet: streetName,
    streets: [
      {
        name: streetName,
        centerline: [
          { x: streetX, y: -streetHalfLength },
          { x: streetX, y: streetHalfLength },
        ],
        widthM: 10,
      },
    ],
    parcels: [
      {
        id: 'lot-27',
        polygon: [
          { x: lotCentreX - 10, y: -15 },
          { x: lotCentreX + 10, y: -15 },
          { x: lotCentreX + 10, y: 15 },
          { x: lotCentreX - 10, y: 15 },
        ],
        addressed: true,
      },
    ],
    buildings: [],
    driveways: [],
    trees: [],
    provider: 'fake-site',
  };
}

const tenantOf = (t: Tenant) => `${t.orgId}#${t.mode}`;

/** Webhook endpoints in memory, with the store's optimistic versioning. */
export function memoryEndpointStore(): WebhookEndpointStore & {
  readonly lists: Map<string, { endpoints: WebhookEndpoint[]; version: number }>;
} {
  const lists = new Map<string, { endpoints: WebhookEndpoint[]; version: number }>();
  return {
    lists,
    list: async (tenant) => {
      const found = lists.get(tenantOf(tenant)) ?? { endpoints: [], version: 0 };
      return { endpoints: structuredClone(found.endpoints), version: found.version };
    },
    replace: async (tenant, version, next) => {
      const current = lists.get(tenantOf(tenant))?.version ?? 0;
      if (current !== version) return false;
      lists.set(tenantOf(tenant), { endpoints: structuredClone([...next]), version: version + 1 });
      return true;
    },
  };
}

/** An organization's own imagery sources in memory, with the store's optimistic versioning. */
export function memoryImagerySourceStore(): ImagerySourceStore & {
  readonly lists: Map<string, { sources: ImagerySourceRecord[]; version: number }>;
  /** The tenants read, in order. */
  readonly reads: Tenant[];
} {
  const lists = new Map<string, { sources: ImagerySourceRecord[]; version: number }>();
  const reads: Tenant[] = [];
  return {
    lists,
    reads,
    list: async (tenant) => {
      reads.push(tenant);
      const found = lists.get(tenantOf(tenant)) ?? { sources: [], version: 0 };
      return { sources: structuredClone(found.sources), version: found.version };
    },
    replace: async (tenant, version, next) => {
      const current = lists.get(tenantOf(tenant))?.version ?? 0;
      if (current !== version) return false;
      lists.set(tenantOf(tenant), { sources: structuredClone([...next]), version: version + 1 });
      return true;
    },
  };
}

/** An organization's offices in memory, with the store's optimistic versioning. */
export function memoryOfficeStore(): OfficeStore & {
  readonly lists: Map<string, { offices: OfficeRecord[]; version: number }>;
} {
  const lists = new Map<string, { offices: OfficeRecord[]; version: number }>();
  return {
    lists,
    list: async (tenant) => {
      const found = lists.get(tenantOf(tenant)) ?? { offices: [], version: 0 };
      return { offices: structuredClone(found.offices), version: found.version };
    },
    replace: async (tenant, version, next) => {
      const current = lists.get(tenantOf(tenant))?.version ?? 0;
      if (current !== version) return false;
      lists.set(tenantOf(tenant), { offices: structuredClone([...next]), version: version + 1 });
      return true;
    },
  };
}

/** Brand kits in memory, as the DynamoDB adapter keeps them: per tenant, listed newest first. */
export function memoryBrandKitStore(): BrandKitStore {
  const items = new Map<string, BrandKitRecord>();
  const key = (t: Tenant, id: string) => `${tenantOf(t)}#${id}`;
  return {
    get: async (t, id) => items.get(key(t, id)),
    list: async (t, page) => {
      const mine = [...items.entries()]
        .filter(([k]) => k.startsWith(`${tenantOf(t)}#`))
        .map(([, kit]) => kit)
        .reverse();
      const from = page.startingAfter ? mine.findIndex((k) => k.id === page.startingAfter) + 1 : 0;
      return { kits: mine.slice(from, from + page.limit), hasMore: mine.length > from + page.limit };
    },
    create: async (t, kit) => void items.set(key(t, kit.id), kit),
    replace: async (t, kit, previous) => {
      if (items.get(key(t, kit.id))?.version !== previous) return false;
      items.set(key(t, kit.id), kit);
      return true;
    },
    delete: async (t, id) => items.delete(key(t, id)),
  };
}

/**
 * The audit log in memory, as the DynamoDB adapter keeps it: append once per id, list a tenant's records
 * newest first with the same filters and cursor. `records` holds every record with its TTL (seconds).
 */
export function memoryAuditLog(): AuditLog & {
  readonly records: Array<{ readonly record: AuditRecord; readonly expiresAt: number }>;
} {
  const records: Array<{ record: AuditRecord; expiresAt: number }> = [];
  return {
    records,
    append: async (record, expiresAt) => {
      if (records.some((r) => r.record.auditId === record.auditId)) return;
      records.push({ record: structuredClone(record), expiresAt });
    },
    list: async (tenant, filter) => {
      const lower = filter.from ? auditIdFloor(Date.parse(filter.from)) : '';
      const upper = filter.to ? auditIdFloor(Date.parse(filter.to) + 1) : '\uffff';
      const found = records
        .map((r) => r.record)
        .filter(
          (r) =>
            r.orgId === tenant.orgId &&
            r.mode === tenant.mode &&
            r.auditId >= lower &&
            r.auditId <= upper &&
            (!filter.startingAfter || r.auditId < filter.startingAfter) &&
            (!filter.action || r.action === filter.action) &&
            (!filter.actor || r.actor.id === filter.actor) &&
            (!filter.targetId || r.target.id === filter.targetId) &&
            (!filter.officeId || r.officeId === filter.officeId),
        )
        .sort((a, b) => b.auditId.localeCompare(a.auditId));
      return { records: structuredClone(found.slice(0, filter.limit)), hasMore: found.length > filter.limit };
    },
  };
}

/** The event log in memory (newest first, as the DynamoDB adapter lists). */
export function memoryEventLog(): EventLog & { readonly events: Map<string, StoredEvent> } {
  const events = new Map<string, StoredEvent>();
  /** When each event was last resent to each receiver (ms). */
  const resent = new Map<string, Map<string, number>>();
  const key = (tenant: Tenant, id: string) => `${tenantOf(tenant)}#${id}`;
  return {
    events,
    record: async (tenant, message) => {
      if (events.has(key(tenant, message.event_id))) return;
      const { attempt: _a, not_before: _n, target: _t, replay: _r, ...stored } = message;
      events.set(key(tenant, message.event_id), {
        message: stored as StoredEvent['message'],
        attempts: [],
        failedTargets: [],
        deliveredTargets: [],
      });
    },
    get: async (tenant, id) => events.get(key(tenant, id)),
    list: async (tenant, filter) => {
      const all = [...events.entries()]
        .filter(([k]) => k.startsWith(`${tenantOf(tenant)}#`))
        .map(([, e]) => e)
        .filter((e) => !filter.type || e.message.type === filter.type)
        .filter((e) => !filter.jobId || e.message.job?.job_id === filter.jobId)
        .filter((e) => !filter.officeId || e.message.office_id === filter.officeId)
        .filter((e) => !filter.failedOnly || e.failedTargets.length > 0)
        .filter((e) => !filter.createdFrom || e.message.created_at >= filter.createdFrom)
        .filter((e) => !filter.createdTo || e.message.created_at <= filter.createdTo)
        .sort((a, b) => b.message.event_id.localeCompare(a.message.event_id));
      const start = filter.startingAfter
        ? all.findIndex((e) => e.message.event_id === filter.startingAfter) + 1
        : 0;
      const page = all.slice(start, start + filter.limit);
      return { events: page, hasMore: all.length > start + filter.limit };
    },
    recordAttempt: async (tenant, id, attempt: DeliveryAttemptRecord) => {
      const event = events.get(key(tenant, id));
      if (!event) return;
      const without = (list: readonly string[]) => list.filter((t) => t !== attempt.target);
      events.set(key(tenant, id), {
        ...event,
        attempts: [...event.attempts, attempt],
        failedTargets: attempt.delivered
          ? without(event.failedTargets)
          : [...without(event.failedTargets), attempt.target],
        deliveredTargets: attempt.delivered
          ? [...without(event.deliveredTargets), attempt.target]
          : event.deliveredTargets,
      });
    },
    claimResend: async (tenant, id, targets, now, minGapMs) => {
      const lastResent = resent.get(key(tenant, id)) ?? new Map<string, number>();
      const last = Math.max(0, ...targets.map((t) => lastResent.get(t) ?? 0));
      if (last > now.getTime() - minGapMs)
        return {
          ok: false,
          retryAfterSeconds: Math.max(1, Math.ceil((last + minGapMs - now.getTime()) / 1000)),
        };
      for (const t of targets) lastResent.set(t, now.getTime());
      resent.set(key(tenant, id), lastResent);
      return { ok: true };
    },
    eraseJob: async (tenant, jobId) => {
      const mine = [...events.entries()].filter(
        ([k, e]) => k.startsWith(`${tenantOf(tenant)}#`) && e.message.job?.job_id === jobId,
      );
      for (const [k] of mine) events.delete(k);
      return mine.length;
    },
  };
}

/** Range resends in memory, with the store's bound on running resends per tenant. */
export function memoryEventResends(): EventResendStore & { readonly resends: Map<string, EventResend> } {
  const resends = new Map<string, EventResend>();
  const key = (tenant: Tenant, id: string) => `${tenantOf(tenant)}#${id}`;
  return {
    resends,
    start: async (resend, limit, now, staleAfterSeconds) => {
      const running = [...resends.values()].filter(
        (r) =>
          tenantOf(r.tenant) === tenantOf(resend.tenant) &&
          r.status !== 'completed' &&
          Date.parse(r.created_at) > now.getTime() - staleAfterSeconds * 1000,
      );
      const same = running.find((r) => r.fingerprint === resend.fingerprint);
      if (same) return { kind: 'running', resend: structuredClone(same) };
      if (running.length >= limit) return { kind: 'full' };
      resends.set(key(resend.tenant, resend.id), structuredClone(resend));
      return { kind: 'started' };
    },
    get: async (tenant, id) => structuredClone(resends.get(key(tenant, id))),
    advance: async (tenant, id, move) => {
      const resend = resends.get(key(tenant, id));
      if (!resend || resend.cursor !== move.from) return false;
      resends.set(key(tenant, id), {
        ...resend,
        cursor: move.to,
        queued: resend.queued + move.queued,
        status: move.completedAt ? 'completed' : 'sending',
        ...(move.completedAt ? { completed_at: move.completedAt } : {}),
      });
      return true;
    },
  };
}

/** An answer of a handler as a test reads it: status, the raw body and its JSON. */
export interface ProxiedAnswer {
  readonly status: number;
  readonly text: string;
  // biome-ignore lint/suspicious/noExplicitAny: an answer's JSON, read by the test
  readonly body: any;
}

/**
 * Sends `method path` (with its query string) with an API key through a handler behind `/v1/{proxy+}`, as
 * API Gateway hands it the request.
 */
export async function sendProxied(
  handler: (event: APIGatewayProxyEvent, context: Context) => Promise<unknown>,
  apiKey: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<ProxiedAnswer> {
  const [pathOnly, search] = path.split('?');
  const query = search ? Object.fromEntries(new URLSearchParams(search)) : null;
  const event = apiGatewayEvent({
    httpMethod: method,
    path: pathOnly!,
    queryStringParameters: query,
    multiValueQueryStringParameters: query
      ? Object.fromEntries(Object.entries(query).map(([k, v]) => [k, [v]]))
      : null,
    resource: '/v1/{proxy+}',
    headers: {
      'X-API-Key': apiKey,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const res = (await handler(event, { awsRequestId: 'r' } as Context)) as {
    statusCode: number;
    body: string;
  };
  return { status: res.statusCode, text: res.body, body: JSON.parse(res.body) };
}
