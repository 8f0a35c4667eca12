// Dashboard sign-in tokens work once and expire; sessions expire and end; malformed tokens never reach the store.
import { describe, expect, it } from 'vitest';
import {
  type DashboardSessionStore,
  DashboardSessions,
  SESSION_TTL_MS,
  SIGN_IN_TOKEN_TTL_MS,
  type StoredToken,
} from '../../../functions/core/auth/dashboard-sessions.ts';

function memoryStore() {
  const items = new Map<string, StoredToken>();
  const store: DashboardSessionStore = {
    put: async (kind, hash, token) => void items.set(`${kind}#${hash}`, token),
    get: async (kind, hash) => items.get(`${kind}#${hash}`),
    take: async (kind, hash) => {
      const held = items.get(`${kind}#${hash}`);
      items.delete(`${kind}#${hash}`);
      return held;
    },
  };
  return { store, items };
}

const MEMBER = 'mem_0123456789abcdef';

function setup() {
  let now = Date.parse('2026-03-01T00:00:00Z');
  const { store, items } = memoryStore();
  const sessions = new DashboardSessions(store, { now: () => new Date(now) });
  return { sessions, items, advance: (ms: number) => (now += ms) };
}

describe('dashboard sessions', () => {
  it('exchanges a sign-in token once, and stores only hashes', async () => {
    const { sessions, items } = setup();
    const { token } = await sessions.issueSignInToken('acme', MEMBER);
    expect(token).toMatch(/^dsi_[0-9A-Za-z]{43}$/);
    expect([...items.keys()].join()).not.toContain(token.slice(4));
    const session = await sessions.exchange(token);
    expect(session).toMatchObject({ orgId: 'acme', memberId: MEMBER });
    expect(await sessions.exchange(token)).toBeUndefined();
    expect(await sessions.authenticate(session!.token)).toMatchObject({ orgId: 'acme', memberId: MEMBER });
  });

  it('refuses a session of before members, which names no member', async () => {
    const { sessions, items } = setup();
    const session = (await sessions.exchange((await sessions.issueSignInToken('acme', MEMBER)).token))!;
    for (const [key, held] of items) {
      const { memberId: _m, ...old } = held;
      items.set(key, old);
    }
    expect(await sessions.authenticate(session.token)).toBeUndefined();
  });

  it('refuses an expired sign-in token and an expired or ended session', async () => {
    const { sessions, advance } = setup();
    const late = await sessions.issueSignInToken('acme', MEMBER);
    advance(SIGN_IN_TOKEN_TTL_MS + 1);
    expect(await sessions.exchange(late.token)).toBeUndefined();
    const session = (await sessions.exchange((await sessions.issueSignInToken('acme', MEMBER)).token))!;
    advance(SESSION_TTL_MS + 1);
    expect(await sessions.authenticate(session.token)).toBeUndefined();
    const other = (await sessions.exchange((await sessions.issueSignInToken('acme', MEMBER)).token))!;
    await sessions.end(other.token);
    expect(await sessions.authenticate(other.token)).toBeUndefined();
  });

  it('never accepts a sign-in token as a session or the other way round', async () => {
    const { sessions } = setup();
    const signIn = await sessions.issueSignInToken('acme', MEMBER);
    expect(await sessions.authenticate(signIn.token)).toBeUndefined();
    const session = (await sessions.exchange(signIn.token))!;
    expect(await sessions.exchange(session.token)).toBeUndefined();
    expect(await sessions.authenticate('dss_short')).toBeUndefined();
  });
});
