// Per-organization webhook signing secrets: created on first need, rotated with a 24-hour overlap in
// which both the old and the new secret sign every delivery (Standard Webhooks sends both signatures).
import type { AccountStore, WebhookSecret } from '../auth/account-store.ts';
import { generateWebhookSecret } from './signature.ts';

export const ROTATION_OVERLAP_MS = 24 * 3600 * 1000;

/** The secrets that still sign: the current one and rotated-out ones whose 24 h have not passed. */
export function activeSecrets(secrets: readonly WebhookSecret[], now: Date): WebhookSecret[] {
  return secrets.filter((s) => s.expires_at === undefined || Date.parse(s.expires_at) > now.getTime());
}

/** The secrets that sign deliveries now (newest first), creating the first one if the org has none. */
export async function signingSecrets(accounts: AccountStore, orgId: string, now: Date): Promise<string[]> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { secrets, version } = await accounts.getWebhookSecrets(orgId);
    const usable = activeSecrets(secrets, now);
    if (usable.length > 0) return usable.map((s) => s.secret);
    const created = [{ secret: generateWebhookSecret(), created_at: now.toISOString() }];
    if (await accounts.replaceWebhookSecrets(orgId, version, created)) return created.map((s) => s.secret);
  }
  throw new Error(`Could not settle the webhook secrets of ${orgId}`);
}

/** A new primary secret; the previous ones keep signing for 24 hours, then drop out. */
export async function rotateWebhookSecret(
  accounts: AccountStore,
  orgId: string,
  now: Date,
): Promise<WebhookSecret[]> {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const { secrets: current, version } = await accounts.getWebhookSecrets(orgId);
    const overlapEnds = new Date(now.getTime() + ROTATION_OVERLAP_MS).toISOString();
    const next: WebhookSecret[] = [
      { secret: generateWebhookSecret(), created_at: now.toISOString() },
      ...activeSecrets(current, now).map((s) => ({ ...s, expires_at: s.expires_at ?? overlapEnds })),
    ];
    if (await accounts.replaceWebhookSecrets(orgId, version, next)) return next;
  }
  throw new Error(`Could not rotate the webhook secret of ${orgId}: it kept changing underneath`);
}

export async function listWebhookSecrets(
  accounts: AccountStore,
  orgId: string,
  now: Date,
): Promise<WebhookSecret[]> {
  return activeSecrets((await accounts.getWebhookSecrets(orgId)).secrets, now);
}
