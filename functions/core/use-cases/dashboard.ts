// Use cases of the developer dashboard, for the signed-in organization only: its API keys (the secret
// exists only in the answer to create/rotate), its webhook signing secrets, and sign-in links.
import type { ApiKeyRecord } from '../auth/account-store.ts';
import type { KeyVariant } from '../auth/api-key.ts';
import type { DashboardSessions } from '../auth/dashboard-sessions.ts';
import type { KeyAdmin, KeyListing } from '../auth/key-admin.ts';
import { type ApiScope, effectiveScopes, UnknownScopeError } from '../auth/scopes.ts';
import { ApiError, apiErrors } from '../errors.ts';
import type { Mode } from '../jobs/job-types.ts';

interface DashboardKey {
  readonly key_id: string;
  readonly name: string;
  readonly mode: Mode;
  readonly status: 'active' | 'revoked';
  /** Prefix and last four characters: all the dashboard ever shows of a stored key. */
  readonly hint: string;
  readonly created_at: string;
  readonly last_used_at: string | null;
  readonly revoked_at: string | null;
  readonly requests_per_minute: number;
  readonly requests_per_day: number | null;
  /** What the key may do; a key made before scopes shows `admin` (every scope). */
  readonly scopes: readonly ApiScope[];
  /** The one office the key acts for; null: the whole organization. */
  readonly office_id: string | null;
}

function keyView(key: KeyListing | ApiKeyRecord): DashboardKey {
  return {
    key_id: key.keyId,
    name: key.name,
    mode: key.mode,
    status: key.status,
    hint: key.hint,
    created_at: key.createdAt,
    last_used_at: key.lastUsedAt ?? null,
    revoked_at: key.revokedAt ?? null,
    requests_per_minute: key.requestsPerMinute,
    requests_per_day: key.requestsPerDay ?? null,
    scopes: effectiveScopes(key),
    office_id: key.officeId ?? null,
  };
}

/** Newest first, active before revoked. */
export async function listDashboardKeys(admin: KeyAdmin, orgId: string): Promise<DashboardKey[]> {
  const keys = (await admin.listKeys(orgId)).map(keyView);
  return keys.sort(
    (a, b) =>
      Number(a.status === 'revoked') - Number(b.status === 'revoked') ||
      b.created_at.localeCompare(a.created_at),
  );
}

function checkMode(mode: Mode, keyVariant: KeyVariant) {
  if (mode === 'test' && keyVariant === 'live-only') {
    throw apiErrors.forbidden('This environment accepts live keys only; create a live key.');
  }
}

export async function createDashboardKey(
  admin: KeyAdmin,
  orgId: string,
  /** office_id: checked by the caller to be one of the organization's offices in `mode`. */
  request: { mode: Mode; name: string; scopes?: readonly string[]; office_id?: string },
  keyVariant: KeyVariant,
): Promise<DashboardKey & { key: string }> {
  checkMode(request.mode, keyVariant);
  let created: Awaited<ReturnType<KeyAdmin['createKey']>>;
  try {
    created = await admin.createKey(orgId, request.mode, request.name, request.scopes, request.office_id);
  } catch (error) {
    if (error instanceof UnknownScopeError)
      throw apiErrors.validation([{ path: 'scopes', message: error.message }]);
    throw error;
  }
  return { ...keyView(created.record), key: created.key };
}

async function ownKey(admin: KeyAdmin, orgId: string, keyId: string): Promise<KeyListing> {
  const key = (await admin.listKeys(orgId)).find((k) => k.keyId === keyId);
  // Another organization's key id answers exactly like one that does not exist.
  if (!key) throw new ApiError('NOT_FOUND', `Your organization has no key '${keyId}'.`);
  return key;
}

export async function rotateDashboardKey(
  admin: KeyAdmin,
  orgId: string,
  keyId: string,
  keyVariant: KeyVariant,
): Promise<DashboardKey & { key: string; replaces: string }> {
  const old = await ownKey(admin, orgId, keyId);
  if (old.status !== 'active') {
    throw new ApiError('KEY_NOT_ACTIVE', `Key '${keyId}' is revoked; create a new key instead.`);
  }
  checkMode(old.mode, keyVariant);
  const created = await admin.rotateKey(orgId, keyId);
  return { ...keyView(created.record), key: created.key, replaces: keyId };
}

export async function revokeDashboardKey(
  admin: KeyAdmin,
  orgId: string,
  keyId: string,
): Promise<DashboardKey> {
  const key = await ownKey(admin, orgId, keyId);
  if (key.status !== 'active') throw new ApiError('KEY_NOT_ACTIVE', `Key '${keyId}' is already revoked.`);
  await admin.revokeKey(orgId, keyId);
  return keyView((await ownKey(admin, orgId, keyId)) as KeyListing);
}

interface DashboardWebhookSecrets {
  /** Signs every delivery. */
  readonly current: { readonly secret: string; readonly created_at: string };
  /** Rotated out, still signing beside the current one until expires_at. */
  readonly previous: ReadonlyArray<{
    readonly secret: string;
    readonly created_at: string;
    readonly expires_at: string;
  }>;
}

/** The organization's webhook secrets as the dashboard shows them: the current one, then the previous. */
export function secretsView(
  secrets: Awaited<ReturnType<KeyAdmin['webhookSecrets']>>,
): DashboardWebhookSecrets {
  const [current, ...previous] = secrets;
  return {
    current: { secret: current!.secret, created_at: current!.created_at },
    previous: previous.map((s) => ({
      secret: s.secret,
      created_at: s.created_at,
      expires_at: s.expires_at ?? '',
    })),
  };
}

export async function dashboardWebhookSecrets(
  admin: KeyAdmin,
  orgId: string,
): Promise<DashboardWebhookSecrets> {
  return secretsView(await admin.webhookSecrets(orgId));
}

/** Opens a session with a one-time sign-in token; 401 when it is unknown, used or expired. */
export async function signInWithToken(sessions: DashboardSessions, token: string) {
  const session = await sessions.exchange(token);
  if (!session) {
    throw apiErrors.unauthorized(
      'This sign-in link is invalid, expired or already used; print a new one with `npm run keys -- signin-link --org <id>`.',
    );
  }
  return { session_token: session.token, organization_id: session.orgId, expires_at: session.expiresAt };
}

/** The sign-in link of a dashboard at `baseUrl` (the token travels in the fragment: never sent to a server log). */
export function signInLink(baseUrl: string, token: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/dashboard/#sign-in=${token}`;
}
