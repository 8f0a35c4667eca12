// Who may call which dashboard route: the one table every dashboard request is checked against on the
// server (session-route.ts), before its body is read or its use case runs. The page hides what a role
// cannot do (GET /v1/dashboard/account answers the member's `permissions`), but that is a courtesy; this is
// the control. Each route names one ability; each ability names the roles that have it.
import type { DashboardRole } from '../../core/members/members.ts';

const ALL: readonly DashboardRole[] = ['owner', 'admin', 'member', 'viewer', 'billing'];
const MANAGERS: readonly DashboardRole[] = ['owner', 'admin'];
/** Read-only views of the organization's setup: a viewer sees them, a member (an office's) and billing do not. */
const READERS: readonly DashboardRole[] = ['owner', 'admin', 'viewer'];

export const ABILITIES = {
  /** Who am I, sign out. */
  session: ALL,
  'keys:read': READERS,
  'keys:manage': MANAGERS,
  'webhooks:read': READERS,
  /** The organization's signing secret itself: a secret, so not even a viewer's. */
  'webhooks:secret': MANAGERS,
  'webhooks:manage': MANAGERS,
  'imagery:read': READERS,
  'imagery:manage': MANAGERS,
  /** Jobs: a `member` only those of its offices (withinOffices). */
  'jobs:read': ['owner', 'admin', 'member', 'viewer'],
  'jobs:delete': ['owner', 'admin', 'member'],
  /** Offices: the organization's own structure, as an API key needs `admin` for /v1/offices. */
  'offices:read': READERS,
  'offices:manage': MANAGERS,
  /**
   * Brand kits (an API key's `brand:manage`): the organization's setup, so read as the rest of it is and
   * changed by owners and admins. A `member` (an office's) has neither: its role is its offices' jobs.
   */
  'brand:read': READERS,
  'brand:manage': MANAGERS,
  'settings:read': READERS,
  'settings:manage': MANAGERS,
  'usage:read': ['owner', 'admin', 'viewer', 'billing'],
  'members:read': MANAGERS,
  /** The audit log (who changed what): as an API key needs `admin` for it. */
  'audit:read': MANAGERS,
  /** Inviting, changing and removing members; only an owner touches an owner (core/members/members.ts). */
  'members:manage': MANAGERS,
} as const satisfies Record<string, readonly DashboardRole[]>;

export type DashboardAbility = keyof typeof ABILITIES;

/** Every session-authenticated dashboard route, by operation id, and the ability it needs. */
export const DASHBOARD_PERMISSIONS = {
  dashboardSignOut: 'session',
  dashboardAccount: 'session',
  dashboardListKeys: 'keys:read',
  dashboardCreateKey: 'keys:manage',
  /** The Offices page's list, and the offices a key may be bound to (the keys page reads it too). */
  dashboardOffices: 'offices:read',
  dashboardCreateOffice: 'offices:manage',
  dashboardUpdateOffice: 'offices:manage',
  dashboardDeleteOffice: 'offices:manage',
  dashboardBrandKits: 'brand:read',
  dashboardCreateBrandKit: 'brand:manage',
  dashboardUpdateBrandKit: 'brand:manage',
  dashboardDeleteBrandKit: 'brand:manage',
  dashboardRotateKey: 'keys:manage',
  dashboardRevokeKey: 'keys:manage',
  dashboardWebhookSecret: 'webhooks:secret',
  dashboardRotateWebhookSecret: 'webhooks:manage',
  dashboardWebhookEndpoints: 'webhooks:read',
  dashboardEvents: 'webhooks:read',
  dashboardGetEvent: 'webhooks:read',
  dashboardCreateWebhookEndpoint: 'webhooks:manage',
  dashboardUpdateWebhookEndpoint: 'webhooks:manage',
  dashboardDeleteWebhookEndpoint: 'webhooks:manage',
  dashboardRotateWebhookEndpointSecret: 'webhooks:manage',
  dashboardTestWebhookEndpoint: 'webhooks:manage',
  dashboardResendEvent: 'webhooks:manage',
  dashboardResendEvents: 'webhooks:manage',
  dashboardImagerySources: 'imagery:read',
  dashboardCreateImagerySource: 'imagery:manage',
  dashboardDeleteImagerySource: 'imagery:manage',
  dashboardListJobs: 'jobs:read',
  dashboardGetJob: 'jobs:read',
  dashboardDeleteJob: 'jobs:delete',
  dashboardSettings: 'settings:read',
  dashboardUpdateSettings: 'settings:manage',
  dashboardUsage: 'usage:read',
  dashboardListMembers: 'members:read',
  dashboardInviteMember: 'members:manage',
  dashboardUpdateMember: 'members:manage',
  dashboardRemoveMember: 'members:manage',
  dashboardAuditEvents: 'audit:read',
  dashboardExportAuditEvents: 'audit:read',
} as const satisfies Record<string, DashboardAbility>;

export type DashboardOperation = keyof typeof DASHBOARD_PERMISSIONS;

export function mayUse(role: DashboardRole, ability: DashboardAbility): boolean {
  return (ABILITIES[ability] as readonly DashboardRole[]).includes(role);
}

/** Whether a member of this role may call the route (an operation missing from the table: nobody). */
export function mayCall(role: DashboardRole, operationId: string): boolean {
  const ability = (DASHBOARD_PERMISSIONS as Record<string, DashboardAbility | undefined>)[operationId];
  return ability !== undefined && mayUse(role, ability);
}

/** The abilities a role has: what the page shows (it hides the rest; the server refuses it anyway). */
export function abilitiesOf(role: DashboardRole): DashboardAbility[] {
  return (Object.keys(ABILITIES) as DashboardAbility[]).filter((a) => mayUse(role, a));
}
