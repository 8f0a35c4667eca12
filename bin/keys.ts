// API key administration: `npm run keys -- <command> [options]`.
// Targets the running local stack by default, or a deployed stage with --stage dev|staging|prod
// (AWS credentials from the usual SDK chain; the accounts table is found from the stack's outputs).
import { readFileSync } from 'node:fs';
import { userInfo } from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { CloudFormationClient, DescribeStacksCommand } from '@aws-sdk/client-cloudformation';
import {
  type AuditAction,
  type AuditContext,
  type AuditLog,
  recordAudit,
} from '../functions/core/audit/audit-log.ts';
import type { ApiKeyRecord } from '../functions/core/auth/account-store.ts';
import { KeyAdmin } from '../functions/core/auth/key-admin.ts';
import { API_SCOPES, effectiveScopes } from '../functions/core/auth/scopes.ts';
import { systemClock } from '../functions/core/clock.ts';
import type { Mode } from '../functions/core/jobs/job-types.ts';
import { retentionDays } from '../functions/core/jobs/retention.ts';
import { memberForSignIn } from '../functions/core/members/members.ts';
import { findOffice } from '../functions/core/offices/offices.ts';
import { signInLink } from '../functions/core/use-cases/dashboard.ts';
import {
  rotateOrganizationWebhookSecret,
  updateOrganizationSettingsAudited,
} from '../functions/core/use-cases/organization-changes.ts';
import {
  getOrganizationSettings,
  updateOrganizationSettings,
} from '../functions/core/use-cases/organization-settings.ts';
import { accountTools } from '../functions/wiring/cli.ts';
import { STAGES, stageConfig } from '../lib/config/stages.ts';
import { LOCAL_STATE_FILE, type LocalStackInfo } from '../local/stack-info.ts';
import { storeCredentials } from '../local/store-credentials.ts';
import { IMAGERY_SOURCE_OPTIONS, IMAGERY_SOURCE_USAGE, imagerySourceCommand } from './keys-imagery-source.ts';

const USAGE = `Usage: npm run keys -- <command> [options]

Commands:
  create    --org ID --mode test|live [--name TEXT] [--scopes LIST] [--office OFFICE_ID]
                                                      Create a key; the key is printed alone on the last line.
                                                      --office: the key acts for that office only (POST /v1/offices
                                                      makes one; it must exist in the key's mode)
                                                      --scopes: comma-separated, of ${API_SCOPES.join(', ')}
                                                      (admin implies every other scope; without --scopes the key
                                                      has every scope, as keys made before scopes have)
  list      --org ID                                  List keys with their scopes (never the secrets)
  move-keys                                           Move every organization's keys made before the keys-only
                                                      index to it (after an upgrade; listing an organization's
                                                      keys moves its own; docs/readme/deploying.md)
  revoke    --org ID --key KEY_ID                     Revoke a key at once
  rotate    --org ID --key KEY_ID                     Create a replacement key and revoke the old one
  set-limit --org ID --per-minute N [--per-day N]     Set the organization's live rate limit (and daily quota)
  set-plan  --org ID --plan starter|growth|enterprise Put the organization on a named plan
  signin-link --org ID [--email EMAIL]                A one-time sign-in link to the developer dashboard (local stack; 15 min)
                                                      as the member with EMAIL, else as the organization's first
                                                      owner (made on first use: with EMAIL when the organization
                                                      has no members yet, else owner@ID.invalid)
  webhook-secret --org ID [--rotate]                  Show the webhook signing secret(s) (created on first use);
                                                      --rotate makes a new one, the old one signs too for 24 h
  settings  --org ID [--staging-watermark on|off] [--media-retention-days N]
                                                      Show the organization's settings, or change them
                                                      (staging watermark: "Virtually staged" label on staged photos;
                                                      media retention: days job media and inputs are kept)
${IMAGERY_SOURCE_USAGE}

Target (default: the local stack started by npm start):
  --data-dir DIR    data directory of the local stack (default .local-data, or DATA_DIR)
  --stage NAME      a deployed stage: dev, staging or prod (uses your AWS credentials)`;

async function adminFor(values: { stage?: string; 'data-dir'?: string }) {
  if (values.stage) {
    const config = stageConfig(values.stage);
    const stackName = `${config.stackPrefix}-stateful`;
    const { Stacks } = await new CloudFormationClient({}).send(
      new DescribeStacksCommand({ StackName: stackName }),
    );
    const output = (key: string) => Stacks?.[0]?.Outputs?.find((o) => o.OutputKey === key)?.OutputValue;
    const table = output('AccountsTableName');
    if (!table) throw new Error(`Stack ${stackName} has no AccountsTableName output; is the stage deployed?`);
    const { accounts, imagerySources, offices, auditLog } = accountTools(
      table,
      {},
      output('EventsTableName'),
    );
    return {
      accounts,
      imagerySources,
      offices,
      auditLog,
      admin: new KeyAdmin(accounts, config.rateLimits, systemClock),
      config,
    };
  }
  const { accounts, imagerySources, offices, auditLog } = localTarget(values);
  return {
    accounts,
    imagerySources,
    offices,
    auditLog,
    admin: new KeyAdmin(accounts, STAGES.local.rateLimits, systemClock),
    config: STAGES.local,
  };
}

/** The running local stack of the data directory: its state file and a client of its DynamoDB. */
function localTarget(values: { 'data-dir'?: string }) {
  const dataDir = values['data-dir'] ?? process.env.DATA_DIR ?? '.local-data';
  let info: LocalStackInfo;
  try {
    info = JSON.parse(readFileSync(path.join(dataDir, LOCAL_STATE_FILE), 'utf8')) as LocalStackInfo;
  } catch {
    throw new Error(`No local stack found in ${dataDir}: start it with npm start (or pass --stage).`);
  }
  const { accounts, sessions, members, imagerySources, offices, auditLog } = accountTools(
    info.tables.accounts,
    {
      endpoint: info.endpoints.dynamodb,
      region: info.region,
      credentials: storeCredentials(dataDir),
    },
    info.tables.events,
  );
  return { info, accounts, sessions, members, imagerySources, offices, auditLog };
}

/**
 * Records a key change in the audit log as the operator at this terminal did it (the OS user: no key or
 * secret). A target whose events table is not known (a stage or local state from before the audit log)
 * is told so, and the change stands.
 */
async function auditKeyChange(
  auditLog: AuditLog | undefined,
  action: AuditAction,
  key: Pick<ApiKeyRecord, 'keyId' | 'orgId' | 'mode' | 'officeId'>,
  changes: { before?: Record<string, unknown>; after?: Record<string, unknown> },
): Promise<void> {
  if (!auditLog) return warnNotAudited();
  await recordAudit({ auditLog, clock: systemClock }, { orgId: key.orgId, mode: key.mode }, cliActor(), {
    action,
    target: { type: 'api_key', id: key.keyId },
    changes,
    // A key of one office: its changes are that office's.
    ...(key.officeId ? { officeId: key.officeId } : {}),
  });
}

/** The operator at this terminal, as the audit log names them. */
function cliActor(): AuditContext {
  return { actor: { type: 'cli', id: userInfo().username } };
}

function warnNotAudited(): void {
  console.warn(
    'keys: not recorded in the audit log (this target has no events table output yet; redeploy or restart it).',
  );
}

/** Makes a change on a target whose audit log is unknown, saying it was not recorded. */
async function notAudited<T>(change: () => Promise<T>): Promise<T> {
  const result = await change();
  warnNotAudited();
  return result;
}

/** What the audit log keeps of a key: its listing (the hint, never the key). */
function keyFields(record: ApiKeyRecord): Record<string, unknown> {
  const { day: _d, dayCount: _c, lastUsedAt: _l, organization: _o, ...fields } = record;
  return { ...fields, scopes: effectiveScopes(record) };
}

function required(values: Record<string, unknown>, name: string): string {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new Error(`--${name} is required\n\n${USAGE}`);
  return value;
}

/** The commands, checked before the stack is looked for; the switch in main must handle each (its default). */
const COMMANDS = [
  'imagery-source',
  'create',
  'list',
  'move-keys',
  'revoke',
  'rotate',
  'set-limit',
  'set-plan',
  'signin-link',
  'webhook-secret',
  'settings',
] as const;
type Command = (typeof COMMANDS)[number];
const isCommand = (name: string): name is Command => (COMMANDS as readonly string[]).includes(name);

async function main(argv: string[]) {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      org: { type: 'string' },
      mode: { type: 'string' },
      name: { type: 'string' },
      key: { type: 'string' },
      plan: { type: 'string' },
      scopes: { type: 'string' },
      email: { type: 'string' },
      office: { type: 'string' },
      rotate: { type: 'boolean' },
      'staging-watermark': { type: 'string' },
      'media-retention-days': { type: 'string' },
      'per-minute': { type: 'string' },
      'per-day': { type: 'string' },
      stage: { type: 'string' },
      'data-dir': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
      ...IMAGERY_SOURCE_OPTIONS,
    },
  });
  const command = positionals[0];
  if (!command || values.help) {
    console.log(USAGE);
    return;
  }
  // What the call asks for is checked before the stack is looked for: a mistyped command or a missing
  // --org is told as such, not as "no local stack".
  if (!isCommand(command)) throw new Error(`Unknown command '${command}'\n\n${USAGE}`);
  // The one command over every organization.
  if (command === 'move-keys') {
    const { accounts } = await adminFor(values);
    console.log(`Moved ${await accounts.moveKeysToKeyIndex()} key(s) to the keys-only index.`);
    return;
  }
  const org = required(values, 'org');
  const { admin, accounts, imagerySources, offices, auditLog, config } = await adminFor(values);
  switch (command) {
    case 'imagery-source':
      await imagerySourceCommand(positionals[1], values, {
        sources: imagerySources,
        urlRules: { allowHttp: config.webhooks.allowHttp, allowLoopback: config.webhooks.allowLoopback },
      });
      return;
    case 'create': {
      const mode = required(values, 'mode');
      if (mode !== 'test' && mode !== 'live') throw new Error(`--mode must be test or live, got '${mode}'`);
      const scopes = values.scopes === undefined ? undefined : values.scopes.split(',');
      const office = values.office;
      if (
        office !== undefined &&
        !(await findOffice({ offices }, { orgId: org, mode: mode as Mode }, office))
      )
        throw new Error(`Organization '${org}' has no office '${office}' in ${mode} mode.`);
      const created = await admin.createKey(org, mode as Mode, values.name ?? `${mode} key`, scopes, office);
      const r = created.record;
      console.log(
        `Created ${r.mode} key ${r.keyId} for ${r.orgId}${r.officeId ? ` office ${r.officeId}` : ''} (${r.requestsPerMinute}/min${r.requestsPerDay ? `, ${r.requestsPerDay}/day` : ''}; scopes ${effectiveScopes(r).join(',')}). Store it now; it cannot be shown again:`,
      );
      await auditKeyChange(auditLog, 'api_key.created', r, { after: keyFields(r) });
      console.log(created.key);
      return;
    }
    case 'list':
      console.table(
        (await admin.listKeys(org)).map((k) => ({
          key_id: k.keyId,
          mode: k.mode,
          name: k.name,
          status: k.status,
          scopes: effectiveScopes(k).join(','),
          office: k.officeId ?? '',
          key: k.hint,
          per_minute: k.requestsPerMinute,
          per_day: k.requestsPerDay ?? '',
          created_at: k.createdAt,
          last_used_at: k.lastUsedAt ?? '',
        })),
      );
      return;
    case 'revoke': {
      const keyId = required(values, 'key');
      await admin.revokeKey(org, keyId);
      const revoked = (await admin.listKeys(org)).find((k) => k.keyId === keyId)!;
      await auditKeyChange(auditLog, 'api_key.revoked', revoked, {
        before: { status: 'active' },
        after: { status: revoked.status, revoked_at: revoked.revokedAt },
      });
      console.log(`Revoked ${keyId}.`);
      return;
    }
    case 'rotate': {
      const keyId = required(values, 'key');
      const created = await admin.rotateKey(org, keyId);
      await auditKeyChange(
        auditLog,
        'api_key.rotated',
        { ...created.record, keyId },
        { before: { key_id: keyId }, after: keyFields(created.record) },
      );
      console.log(`Revoked ${keyId}; its replacement is ${created.record.keyId}. Store it now:`);
      console.log(created.key);
      return;
    }
    case 'set-limit': {
      const perMinute = Number(required(values, 'per-minute'));
      const perDay = values['per-day'] === undefined ? undefined : Number(values['per-day']);
      await admin.setLimits(org, perMinute, perDay);
      console.log(`${org}: live keys now ${perMinute}/min${perDay ? `, ${perDay}/day` : ''}.`);
      return;
    }
    case 'set-plan':
      await admin.setPlan(org, required(values, 'plan'));
      console.log(`${org} is on the ${values.plan} plan.`);
      return;
    case 'signin-link': {
      if (values.stage) {
        throw new Error(
          `Stage ${values.stage} signs in to the dashboard with its Cognito user pool: create a user with custom:org_id=${org} instead.`,
        );
      }
      const { info, accounts, sessions, members } = localTarget(values);
      if (!(await accounts.getOrganization(org))) {
        throw new Error(`No organization '${org}': create a key for it first.`);
      }
      if (!auditLog) throw new Error('This local stack has no audit log; restart it with npm start.');
      const member = await memberForSignIn(
        { members, clock: systemClock, audit: { auditLog, clock: systemClock } },
        org,
        cliActor(),
        values.email,
      );
      if (!member) {
        throw new Error(
          `'${values.email}' is not a member of ${org}: an owner or admin invites them first (dashboard, Members).`,
        );
      }
      const issued = await sessions.issueSignInToken(org, member.id);
      console.log(
        `Dashboard sign-in link for ${member.email} (${member.role} of ${org}; works once, until ${issued.expiresAt}):`,
      );
      console.log(signInLink(info.url, issued.token));
      return;
    }
    case 'webhook-secret': {
      const secrets = !values.rotate
        ? await admin.webhookSecrets(org)
        : auditLog
          ? await rotateOrganizationWebhookSecret(admin, { auditLog, clock: systemClock }, cliActor(), org)
          : await notAudited(() => admin.rotateWebhookSecret(org));
      for (const s of secrets.slice(1)) {
        console.log(`previous secret (signs until ${s.expires_at ?? 'rotated'}): ${s.secret}`);
      }
      console.log(`Webhook signing secret of ${org} (verify with any Standard Webhooks library):`);
      console.log(secrets[0]!.secret);
      return;
    }
    case 'settings': {
      const watermark = values['staging-watermark'];
      if (watermark !== undefined && watermark !== 'on' && watermark !== 'off') {
        throw new Error(`--staging-watermark must be on or off, got '${watermark}'`);
      }
      if (!(await accounts.getOrganization(org))) {
        throw new Error(`No organization '${org}': it is created with its first key (keys create).`);
      }
      const days = values['media-retention-days'];
      const patch = {
        ...(watermark === undefined ? {} : { stagingWatermark: watermark === 'on' }),
        ...(days === undefined ? {} : { mediaRetentionDays: Number(days) }),
      };
      const settings =
        Object.keys(patch).length === 0
          ? await getOrganizationSettings(accounts, org)
          : auditLog
            ? await updateOrganizationSettingsAudited(
                accounts,
                { auditLog, clock: systemClock },
                cliActor(),
                org,
                patch,
                config.retention,
              )
            : await notAudited(() => updateOrganizationSettings(accounts, org, patch, config.retention));
      const effective = retentionDays(
        { organizationDays: settings.mediaRetentionDays, plan: settings.plan },
        config.retention,
      );
      console.log(`${org}: staging watermark ${settings.stagingWatermark ? 'on' : 'off'}`);
      console.log(
        `${org}: media retention ${effective} days (${settings.mediaRetentionDays !== undefined ? 'its own' : settings.plan ? `plan ${settings.plan}` : 'stage default'})`,
      );
      return;
    }
    default: {
      // A command listed in COMMANDS without a case here does not compile.
      const unhandled: never = command;
      throw new Error(`Unknown command '${unhandled}'\n\n${USAGE}`);
    }
  }
}

main(process.argv.slice(2)).catch((error: Error) => {
  console.error(`keys: ${error.message}`);
  process.exit(1);
});
