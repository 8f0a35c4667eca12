// A franchise group on the local stack (issue 46's scenario): one organization with two offices, each with
// its own brand kit (its office's default), its own dashboard member and its own API key. Each office's
// slide carries its own brand (its logo and colour in the picture, the kit's version in the output); an
// office's key cannot see or delete the other office's job; a viewer cannot create keys; a member sees
// only its office's jobs; and the group's owner sees usage per office and the audit log of all of it — a
// deletion and a key rotation included — each record naming its actor. Two renders (one slide an office).
import { execFile } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { download } from '../support/image-probe.ts';
import { newOrganization, PROJECT_ROOT } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
const run = promisify(execFile);
const JOB_TIMEOUT_MS = 120_000;

/** Each office's brand: a logo of a colour nothing else on a slide has, and a primary colour. */
const BRANDS = {
  bondi: { logo: { r: 255, g: 0, b: 255 }, primary: '#7A1236', agency: 'Harbour & Co Bondi' },
  manly: { logo: { r: 0, g: 255, b: 0 }, primary: '#0B4F6C', agency: 'Harbour & Co Manly' },
} as const;
type Office = keyof typeof BRANDS;

let logoServer: Server;
let logoBase = '';

beforeAll(async () => {
  const logos = new Map<string, Buffer>();
  for (const [office, brand] of Object.entries(BRANDS)) {
    logos.set(
      `/${office}.png`,
      await sharp({ create: { width: 360, height: 140, channels: 3, background: brand.logo } })
        .png()
        .toBuffer(),
    );
  }
  logoServer = createServer((req, res) => {
    const logo = logos.get(req.url ?? '');
    if (logo) res.writeHead(200, { 'content-type': 'image/png' }).end(logo);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => logoServer.listen(0, '127.0.0.1', resolve));
  logoBase = `http://127.0.0.1:${(logoServer.address() as AddressInfo).port}`;
});

afterAll(async () => {
  logoServer.closeAllConnections();
  await new Promise((resolve) => logoServer.close(resolve));
});

/** A dashboard session from the keys CLI's sign-in link (the organization's first owner, or a member's). */
async function session(orgId: string, email?: string): Promise<Record<string, string>> {
  const { stdout } = await run(
    process.execPath,
    [
      ...['--import', 'tsx', 'bin/keys.ts', 'signin-link', '--org', orgId, '--data-dir', stack.dataDir],
      ...(email ? ['--email', email] : []),
    ],
    { cwd: PROJECT_ROOT },
  );
  const token = /dsi_\w+/.exec(stdout)![0];
  const opened = await call<Json>(stack.url, 'POST', '/v1/dashboard/sessions', { body: { token } });
  expect(opened.status, opened.text).toBe(201);
  return { Authorization: `Bearer ${opened.body.data.session_token}` };
}

/** Pixels of a colour (each channel within 25) in a picture. */
async function pixelsOf(url: string, hex: string | { r: number; g: number; b: number }): Promise<number> {
  const want =
    typeof hex === 'string'
      ? {
          r: Number.parseInt(hex.slice(1, 3), 16),
          g: Number.parseInt(hex.slice(3, 5), 16),
          b: Number.parseInt(hex.slice(5, 7), 16),
        }
      : hex;
  const { data, info } = await sharp(await download(url))
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let n = 0;
  for (let i = 0; i < data.length; i += info.channels) {
    if (
      Math.abs(data[i]! - want.r) <= 25 &&
      Math.abs(data[i + 1]! - want.g) <= 25 &&
      Math.abs(data[i + 2]! - want.b) <= 25
    )
      n += 1;
  }
  return n;
}

describe('a franchise group', () => {
  it("keeps each office to its own brand, jobs and people, and shows the group's owner all of it", async () => {
    const org = await newOrganization(stack);
    const group = await org.key('live'); // the head office's key: every scope
    const as = (key: string) => ({
      get: (path: string) => call<Json>(stack.url, 'GET', path, { key }),
      send: (method: string, path: string, body?: unknown) =>
        call<Json>(stack.url, method, path, { key, body }),
    });
    const dashboard = (headers: Record<string, string>) => ({
      get: (path: string) => call<Json>(stack.url, 'GET', path, { headers }),
      send: (method: string, path: string, body?: unknown) =>
        call<Json>(stack.url, method, path, { headers, body }),
    });

    // The group sets up its two offices, each with its own kit as its default.
    const offices = {} as Record<Office, string>;
    const kits = {} as Record<Office, string>;
    for (const office of ['bondi', 'manly'] as const) {
      const brand = BRANDS[office];
      const made = await as(group).send('POST', '/v1/offices', { name: brand.agency });
      expect(made.status, made.text).toBe(201);
      offices[office] = made.body.data.id;
      const kit = await as(group).send('POST', '/v1/brand-kits', {
        name: `${brand.agency} brand`,
        office_id: offices[office],
        logo_url: `${logoBase}/${office}.png`,
        colors: { primary: brand.primary, secondary: '#F4E9C8' },
        agency: { name: brand.agency, licence_number: office === 'bondi' ? '10011111' : '10022222' },
        agent: { name: office === 'bondi' ? 'Olivia Harrington' : 'Noah Castellano', phone: '0412 345 678' },
      });
      expect(kit.status, kit.text).toBe(201);
      expect(kit.body.data.office_id).toBe(offices[office]);
      kits[office] = kit.body.data.id;
      const defaulted = await as(group).send('PATCH', `/v1/offices/${offices[office]}`, {
        default_brand_kit_id: kits[office],
      });
      expect(defaulted.status, defaulted.text).toBe(200);
    }
    // A kit cannot be another office's default.
    const crossed = await as(group).send('PATCH', `/v1/offices/${offices.bondi}`, {
      default_brand_kit_id: kits.manly,
    });
    expect(crossed.status).toBe(404);

    // Each office's website gets a key bound to its office.
    const officeKey = async (office: Office) =>
      stack.admin.createKey(
        org.orgId,
        'live',
        `${office} website`,
        ['jobs:read', 'jobs:write', 'jobs:delete', 'usage:read', 'brand:manage'],
        offices[office],
      );
    const bondiKey = (await officeKey('bondi')).key;
    const manly = await officeKey('manly');

    // People: the owner (the organization's first sign-in) invites a member for each office and a viewer.
    const owner = await session(org.orgId);
    const ownerId = (await dashboard(owner).get('/v1/dashboard/account')).body.data.member.id as string;
    const members = {} as Record<Office | 'viewer', Record<string, string>>;
    for (const [who, role, officeIds] of [
      ['bondi', 'member', [offices.bondi]],
      ['manly', 'member', [offices.manly]],
      ['viewer', 'viewer', []],
    ] as const) {
      const invited = await dashboard(owner).send('POST', '/v1/dashboard/members', {
        email: `${who}@harbourco.com.au`,
        role,
        ...(officeIds.length > 0 ? { office_ids: officeIds } : {}),
      });
      expect(invited.status, invited.text).toBe(201);
      members[who] = await session(org.orgId, `${who}@harbourco.com.au`);
    }

    // Each office makes a cover slide, naming no kit: its office's default brands it.
    const slide = async (key: string) => {
      const accepted = await as(key).send('POST', '/v1/brochure-slides/generate', {
        property: { address: '27 Wattle Street, Ultimo NSW 2007', price_display: 'Auction Sat 14 June' },
        slide: { type: 'cover', layout_description: 'image left' },
      });
      expect(accepted.status, accepted.text).toBe(202);
      return accepted.body.data.job_id as string;
    };
    const jobs = { bondi: await slide(bondiKey), manly: await slide(manly.key) };
    const done = {
      bondi: await waitForJob(stack.url, bondiKey, jobs.bondi, JOB_TIMEOUT_MS),
      manly: await waitForJob(stack.url, manly.key, jobs.manly, JOB_TIMEOUT_MS),
    };
    for (const office of ['bondi', 'manly'] as const) {
      const job = done[office];
      const other = office === 'bondi' ? 'manly' : 'bondi';
      expect(job.status, JSON.stringify(job.error)).toBe('completed');
      expect(job.office_id).toBe(offices[office]);
      expect(job.output.brand_kit).toEqual({ id: kits[office], version: 1 });
      expect(job.input.branding).toMatchObject({ agency_name: BRANDS[office].agency });
      // Its own logo and colour are in the picture, the other office's logo is not.
      expect(await pixelsOf(job.output.png.url, BRANDS[office].logo)).toBeGreaterThan(2000);
      expect(await pixelsOf(job.output.png.url, BRANDS[office].primary)).toBeGreaterThan(2000);
      expect(await pixelsOf(job.output.png.url, BRANDS[other].logo)).toBe(0);
    }

    // Bondi's key cannot see, list or delete Manly's job, nor use Manly's kit: each a 404 like a stranger's.
    expect((await as(bondiKey).get(`/v1/jobs/${jobs.manly}`)).status).toBe(404);
    expect((await as(bondiKey).send('DELETE', `/v1/jobs/${jobs.manly}`)).status).toBe(404);
    const listed = await as(bondiKey).get('/v1/jobs?limit=50');
    expect(listed.body.data.jobs.map((j: Json) => j.job_id)).toEqual([jobs.bondi]);
    expect(listed.text).not.toContain(jobs.manly);
    expect((await as(bondiKey).get(`/v1/brand-kits/${kits.manly}`)).status).toBe(404);
    const borrowed = await as(bondiKey).send('POST', '/v1/brochure-slides/generate', {
      property: { address: '27 Wattle Street, Ultimo NSW 2007' },
      slide: { type: 'cover' },
      brand_kit_id: kits.manly,
    });
    expect(borrowed.status).toBe(404);
    expect(borrowed.text).not.toContain(BRANDS.manly.agency);

    // People: a member sees only its office's jobs; the viewer cannot create keys.
    const bondiJobs = await dashboard(members.bondi).get('/v1/dashboard/jobs?mode=live');
    expect(bondiJobs.status, bondiJobs.text).toBe(200);
    expect(bondiJobs.body.data.jobs.map((j: Json) => j.job_id)).toEqual([jobs.bondi]);
    expect((await dashboard(members.bondi).get(`/v1/dashboard/jobs/${jobs.manly}?mode=live`)).status).toBe(
      404,
    );
    const refused = await dashboard(members.viewer).send('POST', '/v1/dashboard/keys', {
      mode: 'live',
      name: 'viewer key',
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe('FORBIDDEN');

    // Bondi deletes its own job; the owner rotates Manly's key.
    expect((await as(bondiKey).send('DELETE', `/v1/jobs/${jobs.bondi}`)).status).toBe(200);
    const rotated = await dashboard(owner).send('POST', `/v1/dashboard/keys/${manly.record.keyId}/rotate`);
    expect(rotated.status, rotated.text).toBe(201);
    expect((await as(manly.key).get('/v1/jobs')).status).toBe(401);

    // The owner sees usage per office, and the whole audit log with every actor named.
    const usage = (await as(group).get('/v1/usage')).body.data;
    expect(usage.totals.by_office).toMatchObject({
      [offices.bondi]: { jobs: 1 },
      [offices.manly]: { jobs: 1 },
    });
    const audit = await dashboard(owner).get('/v1/dashboard/audit-events?mode=live&limit=100');
    expect(audit.status, audit.text).toBe(200);
    const records = audit.body.data.audit_events as Json[];
    const find = (action: string, targetId: string) =>
      records.find((r) => r.action === action && r.target.id === targetId);
    const bondiKeyId = (await stack.admin.listKeys(org.orgId)).find((k) => k.name === 'bondi website')!.keyId;
    expect(find('job.deleted', jobs.bondi)).toMatchObject({
      actor: { type: 'api_key', id: bondiKeyId },
      office_id: offices.bondi,
    });
    expect(find('api_key.rotated', manly.record.keyId)).toMatchObject({
      actor: { type: 'member', id: ownerId },
      office_id: offices.manly,
    });
    for (const office of ['bondi', 'manly'] as const) {
      expect(find('office.created', offices[office])?.actor.type).toBe('api_key');
      expect(find('brand_kit.created', kits[office])).toMatchObject({ office_id: offices[office] });
    }
    // The owner came into being at the organization's first sign-in (the keys CLI's link); the owner
    // invited the other three.
    expect(find('member.invited', ownerId)?.actor.type).toBe('cli');
    const invitations = records.filter((r) => r.action === 'member.invited' && r.target.id !== ownerId);
    expect(invitations).toHaveLength(3);
    for (const r of invitations) expect(r.actor).toEqual({ type: 'member', id: ownerId });
    // No secret anywhere in the log.
    expect(audit.text).not.toMatch(/svc_live_[0-9A-Za-z]{40}/);
    expect(audit.text).not.toContain(rotated.body.data.key);
  }, 300_000); // two slide renders queued behind whatever else the suite renders at the time
});
