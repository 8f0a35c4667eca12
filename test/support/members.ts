// Dashboard members for tests: an in-memory member store, and a session signed in as a member of a role.
import type { DashboardSessions } from '../../functions/core/auth/dashboard-sessions.ts';
import type { Clock } from '../../functions/core/clock.ts';
import {
  type DashboardRole,
  inviteMember,
  type MemberPorts,
  type MemberRecord,
  type MemberStore,
  memberForSignIn,
} from '../../functions/core/members/members.ts';
import { memoryAuditLog, memoryOfficeStore } from './fakes.ts';

export function memoryMemberStore(): MemberStore & { readonly lists: Map<string, MemberRecord[]> } {
  const lists = new Map<string, MemberRecord[]>();
  const versions = new Map<string, number>();
  return {
    lists,
    list: async (orgId) => ({
      members: structuredClone(lists.get(orgId) ?? []),
      version: versions.get(orgId) ?? 0,
    }),
    replace: async (orgId, version, next) => {
      if ((versions.get(orgId) ?? 0) !== version) return false;
      lists.set(orgId, structuredClone([...next]));
      versions.set(orgId, version + 1);
      return true;
    },
  };
}

/**
 * Member ports over a fresh store and no offices yet (put some in `offices` for a member limited to them);
 * their audit records go to `auditLog` (default: one of their own).
 */
export function memoryMemberPorts(
  clock: Clock = { now: () => new Date('2026-11-27T00:00:00.000Z') },
  auditLog = memoryAuditLog(),
): MemberPorts & {
  readonly members: ReturnType<typeof memoryMemberStore>;
  readonly offices: ReturnType<typeof memoryOfficeStore>;
} {
  return { members: memoryMemberStore(), offices: memoryOfficeStore(), clock, audit: { auditLog, clock } };
}

const SETUP = { actor: { type: 'cli' as const, id: 'test' } };

/**
 * A session token of a member of `orgId`: its first owner (made on first use) by default, else a member
 * of `role` invited by the setup (email `<role>-<n>@example.com` unless given).
 */
export async function signInAs(
  sessions: DashboardSessions,
  ports: MemberPorts,
  orgId: string,
  as: { role?: DashboardRole; email?: string; office_ids?: string[] } = {},
): Promise<{ token: string; member: MemberRecord }> {
  const owner = (await memberForSignIn(ports, orgId, SETUP))!;
  const member =
    as.role === undefined || (as.role === 'owner' && as.email === undefined)
      ? owner
      : await inviteMember(ports, orgId, SETUP, undefined, {
          email: as.email ?? `${as.role}-${Math.random().toString(36).slice(2, 8)}@example.com`,
          role: as.role,
          ...(as.office_ids ? { office_ids: as.office_ids } : {}),
        }).then((invited) => invited.member);
  const issued = await sessions.issueSignInToken(orgId, member.id);
  const session = await sessions.exchange(issued.token);
  return { token: session!.token, member };
}
