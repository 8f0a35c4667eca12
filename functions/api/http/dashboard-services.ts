// The adapters the developer dashboard's routes need, built once per Lambda container.
import { DashboardSessions, DynamoDashboardSessionStore } from '../../core/auth/dashboard-sessions.ts';
import { KeyAdmin } from '../../core/auth/key-admin.ts';
import { dynamo } from '../../core/clients.ts';
import { systemClock } from '../../core/clock.ts';
import { ENV, intEnv, optionalEnv, requireEnv } from '../../core/config/env.ts';
import { accountStore, authSettings } from './services.ts';

export type DashboardAuth = 'sign-in-link' | 'cognito';

let sessions: DashboardSessions | undefined;
let admin: KeyAdmin | undefined;

export function dashboardAuth(): DashboardAuth {
  const value = requireEnv(ENV.dashboardAuth);
  if (value !== 'sign-in-link' && value !== 'cognito')
    throw new Error(`${ENV.dashboardAuth} must be sign-in-link or cognito, got '${value}'`);
  return value;
}

export function dashboardSessions(): DashboardSessions {
  sessions ??= new DashboardSessions(
    new DynamoDashboardSessionStore(dynamo(), requireEnv(ENV.accountsTable)),
    systemClock,
  );
  return sessions;
}

/**
 * Key administration for the signed-in organization. Rate settings only matter when a key is created:
 * the test limit is the stage's, and live keys copy their organization's limits (or the default).
 */
export function dashboardKeyAdmin(): KeyAdmin {
  admin ??= new KeyAdmin(
    accountStore(),
    {
      testPerMinute: authSettings().testRatePerMinute,
      liveDefault: {
        requestsPerMinute: intEnv(ENV.liveDefaultRatePerMinute),
        requestsPerDay: optionalEnv(ENV.liveDefaultRatePerDay)
          ? intEnv(ENV.liveDefaultRatePerDay)
          : undefined,
      },
      plans: {},
    },
    systemClock,
  );
  return admin;
}
