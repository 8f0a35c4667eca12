// Inviting a dashboard member through the stage's identity provider (Cognito stages): the provider makes
// the member's user, with the organization on it, and emails the invitation. Sign-in-link stages have no
// provider; the dashboard hands the invitation over as a link instead.
import { ApiError } from '../errors.ts';
import { logger } from '../observability.ts';

/** The user attribute (and ID token claim) that names a dashboard user's organization. */
export const ORG_ATTRIBUTE = 'custom:org_id';

/** A user the provider already has with the invited email. */
export interface ExistingUser {
  /** The organization on the user; undefined when none was set. */
  readonly orgId: string | undefined;
  /** Made but never signed in (its temporary password not yet changed): its invitation can be sent again. */
  readonly awaitingFirstSignIn: boolean;
}

export interface MemberInvitations {
  /**
   * Makes the user of `email` in `orgId` and sends them the invitation; when a user with that email
   * exists already, changes nothing and says who it is (a user is never moved to another organization).
   * Throws IdentityProviderFailure when the provider cannot be reached or refuses.
   */
  invite(
    orgId: string,
    email: string,
  ): Promise<{ readonly created: true } | { readonly existing: ExistingUser }>;
  /** Sends the invitation of a user awaiting their first sign-in again (a new temporary password). */
  resend(email: string): Promise<void>;
}

/**
 * The provider failed: `unavailable` (throttled, its own error, unreachable: worth retrying) or `refused`
 * (it turned the request down: the stage's setup is wrong). `providerError` is its error's name, for the log.
 */
export class IdentityProviderFailure extends Error {
  constructor(
    readonly reason: 'unavailable' | 'refused',
    readonly providerError: string,
  ) {
    super(
      `The identity provider ${reason === 'unavailable' ? 'is unavailable' : 'refused'} (${providerError}).`,
    );
    this.name = 'IdentityProviderFailure';
  }
}

/** How the invitation reached the member, as the invite route answers it. */
export type InvitationDelivery = 'email' | 'existing_account';

/**
 * Invites `email` to `orgId` through the provider. A user of this organization that already exists is
 * fine (the membership is what grants access): its invitation is sent again if it never signed in, else
 * it signs in with what it has. A user of another organization, or of none, is refused (409): moving it
 * would take it from that organization silently.
 */
export async function inviteThroughProvider(
  invitations: MemberInvitations,
  orgId: string,
  email: string,
): Promise<InvitationDelivery> {
  try {
    const outcome = await invitations.invite(orgId, email);
    if ('created' in outcome) return 'email';
    if (outcome.existing.orgId !== orgId) throw userOfAnotherOrganization(email, outcome.existing.orgId);
    if (!outcome.existing.awaitingFirstSignIn) return 'existing_account';
    await invitations.resend(email);
    return 'email';
  } catch (error) {
    if (error instanceof IdentityProviderFailure) {
      logger.warn('dashboard invitation failed at the identity provider', {
        reason: error.reason,
        providerError: error.providerError,
      });
      throw providerError(error);
    }
    throw error;
  }
}

function userOfAnotherOrganization(email: string, otherOrgId: string | undefined): ApiError {
  return new ApiError(
    'INVITEE_IN_ANOTHER_ORGANIZATION',
    otherOrgId === undefined
      ? `'${email}' already has a dashboard user on this stage that belongs to no organization; ask the stage's administrators to set its organization, or invite another email.`
      : `'${email}' already signs in to another organization's dashboard on this stage, and a dashboard user belongs to one organization; invite another email.`,
  );
}

function providerError(failure: IdentityProviderFailure): ApiError {
  return failure.reason === 'unavailable'
    ? new ApiError(
        'IDENTITY_PROVIDER_UNAVAILABLE',
        'The sign-in service could not be reached to send the invitation; nothing was changed. Retry in a moment.',
        { headers: { 'Retry-After': '5' } },
      )
    : new ApiError(
        'IDENTITY_PROVIDER_ERROR',
        `The sign-in service refused the invitation (${failure.providerError}); nothing was changed. Quote meta.request_id to support.`,
      );
}
