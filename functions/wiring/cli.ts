// The composition of the command-line tools (the keys CLI, the benchmarks' stack client): the accounts
// adapters of a stage's accounts table, over a DynamoDB client of the given endpoint (none: the SDK's
// defaults, as a deployed stage is reached with your AWS credentials).
import { DynamoDBClient, type DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AuditLog } from '../core/audit/audit-log.ts';
import type { AccountStore } from '../core/auth/account-store.ts';
import { DashboardSessions } from '../core/auth/dashboard-sessions.ts';
import { systemClock } from '../core/clock.ts';
import { ENV } from '../core/config/env.ts';
import type { ImagerySourceStore } from '../core/imagery-sources/imagery-sources.ts';
import type { MemberStore } from '../core/members/members.ts';
import type { OfficeStore } from '../core/offices/offices.ts';
import { stageAdapters } from './stage-adapters.ts';
import { parseStageEnv } from './stage-env.ts';

export interface AccountTools {
  readonly accounts: AccountStore;
  readonly sessions: DashboardSessions;
  /** The organizations' dashboard members (`keys signin-link --email`). */
  readonly members: MemberStore;
  /** The organizations' own imagery sources (`keys imagery-source`). */
  readonly imagerySources: ImagerySourceStore;
  /** The organizations' offices (`keys create --office` checks the office exists). */
  readonly offices: OfficeStore;
  /** The audit log the key changes are recorded in (events table); undefined when its table is not known. */
  readonly auditLog: AuditLog | undefined;
}

/** The accounts store and dashboard sessions of the table `accountsTable`, and the audit log of `eventsTable`. */
export function accountTools(
  accountsTable: string,
  client: DynamoDBClientConfig = {},
  eventsTable?: string,
): AccountTools {
  const dynamo = DynamoDBDocumentClient.from(new DynamoDBClient(client), {
    marshallOptions: { removeUndefinedValues: true },
  });
  const unused = (name: string) => () => {
    throw new Error(`The command-line tools use DynamoDB only, not ${name}.`);
  };
  const adapters = stageAdapters(
    parseStageEnv({
      [ENV.accountsTable]: accountsTable,
      ...(eventsTable ? { [ENV.eventsTable]: eventsTable } : {}),
    }),
    {
      dynamo,
      get s3(): never {
        return unused('S3')();
      },
      get sqs(): never {
        return unused('SQS')();
      },
      get sfn(): never {
        return unused('Step Functions')();
      },
    },
  );
  return {
    accounts: adapters.accounts,
    sessions: new DashboardSessions(adapters.dashboardSessions, systemClock),
    members: adapters.members,
    imagerySources: adapters.imagerySources,
    offices: adapters.offices,
    auditLog: eventsTable ? adapters.auditLog : undefined,
  };
}
