// What every page of the dashboard is given: the signed-in account, the mode shown and how to move on.
import type { Mode } from './api.ts';

export interface Account {
  organization_id: string;
  modes: Mode[];
  sign_in: 'sign-in-link' | 'cognito';
}

export interface PageContext {
  readonly account: Account;
  readonly mode: Mode;
  navigate(hash: string): void;
}
