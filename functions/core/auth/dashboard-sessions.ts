// Developer dashboard sign-in where there is no identity provider (the local stack): a one-time sign-in
// link (printed by `npm start` and `keys signin-link`) is exchanged once for a session token the
// dashboard sends as `Authorization: Bearer …`. Deployed stages sign in with Amazon Cognito instead.
// A link, and the session it opens, belong to one member of the organization (core/members/members.ts);
// every request looks that member up again, so removing a member ends their sessions.
// Only SHA-256 digests of both tokens are stored (in the accounts table); a link works once, within
// 15 minutes; a session lasts 8 hours or until signed out.

import { createHash } from 'node:crypto';
import type { Clock } from '../clock.ts';
import { randomBase62 } from '../ids.ts';

export const SIGN_IN_TOKEN_TTL_MS = 15 * 60 * 1000;
export const SESSION_TTL_MS = 8 * 3600 * 1000;
const TOKEN_PATTERN = /^(dsi|dss)_[0-9A-Za-z]{43}$/;

export interface StoredToken {
  readonly orgId: string;
  /** The dashboard member signed in; absent on sessions opened before members existed (refused now). */
  readonly memberId?: string;
  readonly expiresAt: string;
}

/** The port sign-in and sessions work through. */
export interface DashboardSessionStore {
  put(kind: 'sign-in' | 'session', tokenHash: string, token: StoredToken): Promise<void>;
  get(kind: 'session', tokenHash: string): Promise<StoredToken | undefined>;
  /** Deletes the record and returns what it held; undefined when there was none (so a token works once). */
  take(kind: 'sign-in' | 'session', tokenHash: string): Promise<StoredToken | undefined>;
}

const digest = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface IssuedToken {
  readonly token: string;
  readonly orgId: string;
  readonly memberId: string;
  readonly expiresAt: string;
}

export class DashboardSessions {
  constructor(
    private readonly store: DashboardSessionStore,
    private readonly clock: Clock,
  ) {}

  /** A one-time sign-in token for a member of an organization (the caller must have found the member). */
  async issueSignInToken(orgId: string, memberId: string): Promise<IssuedToken> {
    const token = `dsi_${randomBase62(43)}`;
    const expiresAt = new Date(this.clock.now().getTime() + SIGN_IN_TOKEN_TTL_MS).toISOString();
    await this.store.put('sign-in', digest(token), { orgId, memberId, expiresAt });
    return { token, orgId, memberId, expiresAt };
  }

  /** Spends a sign-in token (whatever the outcome) and opens a session; undefined if it is not valid now. */
  async exchange(signInToken: string): Promise<IssuedToken | undefined> {
    if (!TOKEN_PATTERN.test(signInToken) || !signInToken.startsWith('dsi_')) return undefined;
    const held = await this.store.take('sign-in', digest(signInToken));
    const now = this.clock.now();
    if (!held?.memberId || Date.parse(held.expiresAt) <= now.getTime()) return undefined;
    const token = `dss_${randomBase62(43)}`;
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS).toISOString();
    const { orgId, memberId } = held;
    await this.store.put('session', digest(token), { orgId, memberId, expiresAt });
    return { token, orgId, memberId, expiresAt };
  }

  /**
   * The organization and member of a live session token, or undefined (also for a session of before
   * members, which names none: its holder signs in again). The caller still checks the member exists.
   */
  async authenticate(sessionToken: string): Promise<(StoredToken & { memberId: string }) | undefined> {
    if (!TOKEN_PATTERN.test(sessionToken) || !sessionToken.startsWith('dss_')) return undefined;
    const held = await this.store.get('session', digest(sessionToken));
    if (!held?.memberId || Date.parse(held.expiresAt) <= this.clock.now().getTime()) return undefined;
    return { ...held, memberId: held.memberId };
  }

  async end(sessionToken: string): Promise<void> {
    if (TOKEN_PATTERN.test(sessionToken)) await this.store.take('session', digest(sessionToken));
  }
}
