// Which invitations the API's composition hands the members' use cases: Cognito stages the user pool's
// (its id from DASHBOARD_USER_POOL_ID, a missing one named when an invitation needs it), sign-in-link
// stages none (the invite route answers a link).
import { describe, expect, it } from 'vitest';
import { apiPortsOf } from '../../../functions/wiring/api.ts';
import type { StageAdapters } from '../../../functions/wiring/stage-adapters.ts';
import { parseStageEnv } from '../../../functions/wiring/stage-env.ts';

const adapters = {} as StageAdapters; // nothing here reads an adapter

const invitationsOf = (variables: Record<string, string>) =>
  apiPortsOf(adapters, parseStageEnv(variables)).dashboard.members.invitations;

describe('the invitations of the API composition', () => {
  it('are the user pool on a Cognito stage, none on a sign-in-link stage', () => {
    const cognito = invitationsOf({
      DASHBOARD_AUTH: 'cognito',
      DASHBOARD_USER_POOL_ID: 'ap-southeast-2_Pool1',
    });
    expect(typeof cognito?.invite).toBe('function');
    expect(invitationsOf({ DASHBOARD_AUTH: 'sign-in-link' })).toBeUndefined();
  });

  it('name the missing pool id on a Cognito stage', () => {
    expect(() => invitationsOf({ DASHBOARD_AUTH: 'cognito' })).toThrow(/DASHBOARD_USER_POOL_ID/);
  });
});
