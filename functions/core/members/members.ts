// The people of an organization's developer dashboard (issue 46, item 4): each member has an id, an email
// and one role — owner, admin, member (limited to the offices listed on it), viewer (read-only) or billing
// (usage only). What each role may do is the dashboard's permission table
// (functions/api/dashboard/permissions.ts); the rules here are those of the membership itself: only an
// owner makes, changes or removes an owner; an organization always keeps an owner; an email belongs to one
// member. Every change is recorded in the audit log (in both modes: a member is the organization's, not a
// mode's), with the acting member (or the CLI's operator) as its actor.
import {
  type AuditChanges,
  type AuditContext,
  type AuditPorts,
  changed,
  recordAudit,
} from '../audit/audit-log.ts';
import type { Clock } from '../clock.ts';
import { ApiError, apiErrors } from '../errors.ts';
import { randomBase62 } from '../ids.ts';
import type { OfficeStore } from '../offices/offices.ts';
import { type InvitationDelivery, inviteThroughProvider, type MemberInvitations } from './invitations.ts';

export const DASHBOARD_ROLES = ['owner', 'admin', 'member', 'viewer', 'billing'] as const;
export type DashboardRole = (typeof DASHBOARD_ROLES)[number];

/** Members an organization may have (the list is one item of the accounts table). */
export const MAX_MEMBERS = 200;

/** One member as kept. Office ids are opaque here: they restrict the `member` role only. */
export interface MemberRecord {
  /** `mem_` and 16 letters or digits; never reused, so a removed member's sessions never match again. */
  readonly id: string;
  /** Lower case: the sign-in link's `--email`, and the Cognito user's `email` claim. */
  readonly email: string;
  readonly role: DashboardRole;
  readonly office_ids: readonly string[];
  readonly created_at: string;
  readonly updated_at: string;
}

/** An organization's members as one versioned list (one consistent read per dashboard request). */
export interface MemberStore {
  list(orgId: string): Promise<{ members: MemberRecord[]; version: number }>;
  /** Writes `next` if the list is still at `version`; false when it changed meanwhile. */
  replace(orgId: string, version: number, next: readonly MemberRecord[]): Promise<boolean>;
}

export interface MemberPorts {
  readonly members: MemberStore;
  readonly clock: Clock;
  readonly audit: AuditPorts;
  /** The organization's offices (each mode's): a member's office_ids must name some of them. */
  readonly offices: Pick<OfficeStore, 'list'>;
  /**
   * The stage's identity provider, which makes an invited member's user and emails the invitation (Cognito
   * stages). @default none: the caller hands the invitation over as a sign-in link
   */
  readonly invitations?: MemberInvitations;
}

export type MemberView = MemberRecord & { readonly object: 'member' };

export const memberView = (record: MemberRecord): MemberView => ({ object: 'member', ...record });

const normalEmail = (email: string) => email.trim().toLowerCase();
const newMemberId = () => `mem_${randomBase62(16)}`;

export const memberNotFound = (id: string) =>
  new ApiError('NOT_FOUND', `Your organization has no member '${id}'.`);

/** Members in the order they joined (the first owner first). */
export async function listMembers(store: MemberStore, orgId: string): Promise<MemberRecord[]> {
  return (await store.list(orgId)).members;
}

/** The member with this id, or undefined: what every dashboard request is checked against. */
export async function findMember(store: MemberStore, orgId: string, id: string) {
  return (await store.list(orgId)).members.find((m) => m.id === id);
}

export async function findMemberByEmail(store: MemberStore, orgId: string, email: string) {
  const wanted = normalEmail(email);
  return (await store.list(orgId)).members.find((m) => m.email === wanted);
}

/**
 * Whether a member may act on something of an office: every role but `member` acts for the whole
 * organization; a `member` only for the offices listed on it, and never on what belongs to no office.
 */
/** The offices a member acts for: a `member`'s own, or undefined for a role that acts for the whole organization. */
export function officesOfMember(
  member: Pick<MemberRecord, 'role' | 'office_ids'>,
): readonly string[] | undefined {
  return member.role === 'member' ? member.office_ids : undefined;
}

export function withinOffices(member: Pick<MemberRecord, 'role' | 'office_ids'>, officeId: unknown): boolean {
  if (member.role !== 'member') return true;
  return typeof officeId === 'string' && member.office_ids.includes(officeId);
}

/**
 * Whether a member may see a job: by the job's office (`office_id`), once jobs carry one (issue 46, item
 * 1). Until then a job belongs to no office, which a `member` never sees.
 */
export function jobVisibleTo(member: Pick<MemberRecord, 'role' | 'office_ids'>, job: object): boolean {
  return withinOffices(member, (job as { office_id?: unknown }).office_id);
}

/** Applies `change` to the current list, retried when another change landed in between. */
async function changeMembers<T>(
  store: MemberStore,
  orgId: string,
  change: (members: MemberRecord[]) => { next: MemberRecord[]; result: T },
): Promise<T> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { members, version } = await store.list(orgId);
    const { next, result } = change(members);
    if (await store.replace(orgId, version, next)) return result;
  }
  throw new Error(`The members of '${orgId}' kept changing; try again.`);
}

/** A member's change in both modes' audit logs, the member as its target. */
async function recordMemberChange(
  audit: AuditPorts,
  orgId: string,
  context: AuditContext,
  action: 'member.invited' | 'member.updated' | 'member.removed',
  memberId: string,
  changes: AuditChanges | undefined,
) {
  for (const mode of ['live', 'test'] as const)
    await recordAudit(audit, { orgId, mode }, context, {
      action,
      target: { type: 'member', id: memberId },
      ...(changes ? { changes } : {}),
    });
}

const fieldsOf = ({ email, role, office_ids }: MemberRecord) => ({ email, role, office_ids });

function checkOffices(role: DashboardRole, officeIds: readonly string[] | undefined) {
  if (officeIds && officeIds.length > 0 && role !== 'member') {
    throw apiErrors.validation([
      {
        path: 'office_ids',
        message: `only the member role is limited to offices; a ${role} acts for the whole organization`,
      },
    ]);
  }
}

/**
 * A member's offices are offices of the organization, in either mode (a member is the organization's, its
 * offices each a mode's): an unknown id, a typo or an office since deleted, is a 404 naming it, not a member
 * limited to an office that shows nothing.
 */
async function requireOffices(
  offices: MemberPorts['offices'],
  orgId: string,
  officeIds: readonly string[] | undefined,
): Promise<void> {
  if (!officeIds?.length) return;
  const lists = await Promise.all((['test', 'live'] as const).map((mode) => offices.list({ orgId, mode })));
  const known = new Set(lists.flatMap((list) => list.offices.map((office) => office.id)));
  const details = officeIds.flatMap((id, i) =>
    known.has(id)
      ? []
      : [
          {
            path: `office_ids[${i}]`,
            message: `no office with id '${id}' in your organization (test or live)`,
          },
        ],
  );
  if (details.length > 0)
    throw new ApiError('NOT_FOUND', details.map((d) => d.message).join('; '), { details });
}

/** Only an owner makes, changes or removes an owner (an admin manages everyone else). */
function checkActorMayTouch(actor: MemberRecord | undefined, roles: readonly DashboardRole[]) {
  if (actor && actor.role !== 'owner' && roles.includes('owner')) {
    throw apiErrors.forbidden('Only an owner may make, change or remove an owner.');
  }
}

const lastOwner = (what: string) =>
  new ApiError(
    'LAST_OWNER',
    `${what} would leave the organization without an owner; make another member an owner first.`,
  );

export interface InviteRequest {
  readonly email: string;
  readonly role: DashboardRole;
  readonly office_ids?: readonly string[];
}

export interface InvitedMember {
  readonly member: MemberRecord;
  /** How the identity provider reached them; undefined without one (the caller sends a sign-in link). */
  readonly invitation: InvitationDelivery | undefined;
}

function refuseInvitation(members: readonly MemberRecord[], email: string) {
  if (members.some((m) => m.email === email)) {
    throw new ApiError('MEMBER_EXISTS', `'${email}' is already a member of your organization.`);
  }
  if (members.length >= MAX_MEMBERS) {
    throw new ApiError('MEMBER_LIMIT', `Your organization already has ${MAX_MEMBERS} members.`);
  }
}

/**
 * Adds a member. With an identity provider (`ports.invitations`) the provider invites them first, so a
 * provider that fails leaves no member behind and the invitation can simply be tried again; an invitation
 * the membership then refuses anyway (the same email invited twice at once) leaves a user of this
 * organization that nothing lets in. Without one the caller sends the invitation (a sign-in link).
 * `actor` is the inviting member (undefined: the keys CLI's operator or the stage itself).
 */
export async function inviteMember(
  ports: MemberPorts,
  orgId: string,
  context: AuditContext,
  actor: MemberRecord | undefined,
  request: InviteRequest,
): Promise<InvitedMember> {
  checkOffices(request.role, request.office_ids);
  checkActorMayTouch(actor, [request.role]);
  if (request.role === 'member') await requireOffices(ports.offices, orgId, request.office_ids);
  const email = normalEmail(request.email);
  let invitation: InvitationDelivery | undefined;
  if (ports.invitations) {
    // Refused before the provider sends anything, and again as the member is written.
    refuseInvitation((await ports.members.list(orgId)).members, email);
    invitation = await inviteThroughProvider(ports.invitations, orgId, email);
  }
  const created = await changeMembers(ports.members, orgId, (members) => {
    refuseInvitation(members, email);
    const at = ports.clock.now().toISOString();
    const member: MemberRecord = {
      id: newMemberId(),
      email,
      role: request.role,
      office_ids: request.role === 'member' ? [...new Set(request.office_ids ?? [])] : [],
      created_at: at,
      updated_at: at,
    };
    return { next: [...members, member], result: member };
  });
  await recordMemberChange(ports.audit, orgId, context, 'member.invited', created.id, {
    after: fieldsOf(created),
  });
  return { member: created, invitation };
}

/**
 * Changes a member's role and/or offices. Refused (409 LAST_OWNER) when the organization's only owner would
 * stop being one. Leaving the `member` role drops the offices, which restrict that role only.
 */
export async function updateMember(
  ports: MemberPorts,
  orgId: string,
  context: AuditContext,
  actor: MemberRecord,
  id: string,
  patch: { readonly role?: DashboardRole; readonly office_ids?: readonly string[] },
): Promise<MemberRecord> {
  // Checked before the change is made: a patch that makes the member another role fails on its offices there.
  if (patch.role === undefined || patch.role === 'member')
    await requireOffices(ports.offices, orgId, patch.office_ids);
  const { before, after } = await changeMembers(ports.members, orgId, (members) => {
    const current = members.find((m) => m.id === id);
    if (!current) throw memberNotFound(id);
    const role = patch.role ?? current.role;
    checkOffices(role, patch.office_ids);
    checkActorMayTouch(actor, [current.role, role]);
    if (
      current.role === 'owner' &&
      role !== 'owner' &&
      !members.some((m) => m.id !== id && m.role === 'owner')
    ) {
      throw lastOwner(`Making ${current.email} a ${role}`);
    }
    const updated: MemberRecord = {
      ...current,
      role,
      office_ids: role === 'member' ? [...new Set(patch.office_ids ?? current.office_ids)] : [],
      updated_at: ports.clock.now().toISOString(),
    };
    return {
      next: members.map((m) => (m.id === id ? updated : m)),
      result: { before: current, after: updated },
    };
  });
  const changes = changed(fieldsOf(before), fieldsOf(after));
  if (changes) await recordMemberChange(ports.audit, orgId, context, 'member.updated', id, changes);
  return after;
}

/**
 * Removes a member. Their sessions end with it: every dashboard request looks its member up first, so the
 * next one a removed member's session makes is refused (sign-in-link sessions: 401; Cognito: 403).
 * A Cognito user is left as it is, neither disabled nor deleted: without a membership it opens nothing, a
 * later invitation lets it in again, and the dashboard's function needs no right to disable or delete
 * users (which it could turn on another organization's).
 */
export async function removeMember(
  ports: MemberPorts,
  orgId: string,
  context: AuditContext,
  actor: MemberRecord,
  id: string,
): Promise<MemberRecord> {
  const removed = await changeMembers(ports.members, orgId, (members) => {
    const current = members.find((m) => m.id === id);
    if (!current) throw memberNotFound(id);
    checkActorMayTouch(actor, [current.role]);
    if (current.role === 'owner' && !members.some((m) => m.id !== id && m.role === 'owner')) {
      throw lastOwner(`Removing ${current.email}`);
    }
    return { next: members.filter((m) => m.id !== id), result: current };
  });
  await recordMemberChange(ports.audit, orgId, context, 'member.removed', id, { before: fieldsOf(removed) });
  return removed;
}

/** The email a first owner gets when nobody named one (`keys signin-link --org` without `--email`). */
export const placeholderOwnerEmail = (orgId: string) => `owner@${orgId}.invalid`;

/**
 * Who a sign-in is for: the member with `email` (when given), else the organization's first owner. An
 * organization with no members yet gets its first owner here (with `email`, or a placeholder), so the
 * organization-wide sign-in link of before members existed keeps working, as its owner. Undefined when
 * `email` names nobody in an organization that has members.
 */
export async function memberForSignIn(
  ports: Pick<MemberPorts, 'members' | 'clock' | 'audit'>,
  orgId: string,
  context: AuditContext,
  email?: string,
): Promise<MemberRecord | undefined> {
  const pick = (members: readonly MemberRecord[]) =>
    email !== undefined
      ? members.find((m) => m.email === normalEmail(email))
      : members.find((m) => m.role === 'owner');
  const { members } = await ports.members.list(orgId);
  if (members.length > 0) return pick(members);
  const { member, created } = await changeMembers(ports.members, orgId, (current) => {
    // Two first sign-ins at once: the one that lost finds the owner the other made.
    if (current.length > 0) return { next: current, result: { member: pick(current), created: false } };
    const at = ports.clock.now().toISOString();
    const owner: MemberRecord = {
      id: newMemberId(),
      email: normalEmail(email ?? placeholderOwnerEmail(orgId)),
      role: 'owner',
      office_ids: [],
      created_at: at,
      updated_at: at,
    };
    return { next: [owner], result: { member: owner, created: true } };
  });
  if (member && created) {
    await recordMemberChange(ports.audit, orgId, context, 'member.invited', member.id, {
      after: fieldsOf(member),
    });
  }
  return member;
}
