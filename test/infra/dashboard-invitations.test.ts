// Dashboard invitations on a Cognito stage: the dashboard function (the routes that declare
// `invitesMembers`) may make and read users of the stage's dashboard user pool and nothing else of Cognito,
// on that pool's ARN only, and finds the pool by its environment; no other function touches Cognito.
import { beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_API_FUNCTION_ID } from '../../functions/api/dashboard/dashboard-routes.ts';
import { ROUTES } from '../../functions/api/routes.ts';
import { ENV } from '../../functions/core/config/env.ts';
import {
  actionsOf,
  functionOf,
  logicalId,
  resources,
  type SynthesizedStage,
  statementsOfFunction,
  synthStage,
} from './synth.ts';

describe('dashboard invitations (Cognito stages)', () => {
  let dev: SynthesizedStage;
  let pool: string;
  beforeAll(() => {
    dev = synthStage('dev');
    pool = logicalId(dev.service.dashboardUserPool!.userPool);
  });

  it('are declared by the dashboard routes, which one function serves', () => {
    const inviters = ROUTES.filter((r) => r.access.invitesMembers);
    expect(inviters.map((r) => r.operationId)).toContain('dashboardInviteMember');
    expect(new Set(inviters.map((r) => r.functionId))).toEqual(new Set([DASHBOARD_API_FUNCTION_ID]));
  });

  it('let the dashboard function AdminCreateUser and AdminGetUser on the pool ARN only, and nothing else touch Cognito', () => {
    const dashboard = functionOf(dev.serviceTemplate, DASHBOARD_API_FUNCTION_ID);
    for (const [fnId] of resources(dev.serviceTemplate, 'AWS::Lambda::Function')) {
      const cognito = statementsOfFunction(dev.serviceTemplate, fnId).filter((s) =>
        actionsOf(s).some((a) => a.startsWith('cognito-idp:') || a === '*'),
      );
      if (fnId !== dashboard) {
        expect(cognito, fnId).toEqual([]);
        continue;
      }
      expect(cognito).toEqual([
        {
          Effect: 'Allow',
          Action: ['cognito-idp:AdminCreateUser', 'cognito-idp:AdminGetUser'],
          Resource: { 'Fn::GetAtt': [pool, 'Arn'] },
        },
      ]);
    }
  });

  it('name the pool in the dashboard function environment', () => {
    const dashboard = functionOf(dev.serviceTemplate, DASHBOARD_API_FUNCTION_ID);
    const fn = resources(dev.serviceTemplate, 'AWS::Lambda::Function').find(([id]) => id === dashboard)![1];
    const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(variables[ENV.dashboardUserPoolId]).toEqual({ Ref: pool });
    expect(variables[ENV.dashboardAuth]).toBe('cognito');
  });
});
