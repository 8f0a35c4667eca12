// What every page of the dashboard is given: the signed-in account (and who is signed in, with what
// their role may do), the mode shown and how to move on.
import type { Member, Mode } from './api.ts';

export interface Account {
  organization_id: string;
  modes: Mode[];
  sign_in: 'sign-in-link' | 'cognito';
  member: Member;
  /** What the member's role may do (the server's permission table). */
  permissions: string[];
}

/**
 * Whether the page offers something: what the role may not do is hidden. Only a courtesy: the server
 * checks every request against the role whatever the page shows.
 */
export function can(account: Account, ability: string): boolean {
  return account.permissions.includes(ability);
}

export interface PageContext {
  readonly account: Account;
  readonly mode: Mode;
  navigate(hash: string): void;
}
