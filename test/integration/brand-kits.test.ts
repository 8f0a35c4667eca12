// Brand kits end to end on the local stack: a kit is made with a logo served by a loopback server, which
// then goes away; a brochure slide naming the kit still renders with the kept logo, the kit's colour and
// its disclaimer at the foot (the one render of this file), and its output names the kit's version. Editing the kit makes version 2
// and leaves the submitted job's input as it was. Another organization gets a 404 for the kit wherever it
// names it (its routes and brand_kit_id on a job); bad colours are a 400 naming the field; every change is
// in the audit log.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, type Json, waitForJob } from '../support/http-client.ts';
import { download } from '../support/image-probe.ts';
import { newOrganization } from '../support/local-stack-process.ts';
import { sharedStack } from '../support/shared-stack.ts';

const stack = sharedStack();
const JOB_TIMEOUT_MS = 90_000;
const ADDRESS = '27 Wattle Street, Ultimo NSW 2007';
/** The logo: pure magenta, a colour nothing else on a slide has. */
const MAGENTA = { r: 255, g: 0, b: 255 };
const PRIMARY = '#0E3B4A';

let key = '';
let otherKey = '';
/** The first organization's key with jobs:write alone. */
let writerKey = '';
let logoServer: Server;
let logoUrl = '';
let logoRequests = 0;

beforeAll(async () => {
  const org = await newOrganization(stack);
  key = await org.key('live');
  writerKey = (await stack.admin.createKey(org.orgId, 'live', 'writer', ['jobs:write'])).key;
  otherKey = await (await newOrganization(stack)).key('live');
  const logo = await sharp({ create: { width: 400, height: 160, channels: 3, background: MAGENTA } })
    .png()
    .toBuffer();
  logoServer = createServer((_req, res) => {
    logoRequests += 1;
    res.writeHead(200, { 'content-type': 'image/png' }).end(logo);
  });
  await new Promise<void>((resolve) => logoServer.listen(0, '127.0.0.1', resolve));
  logoUrl = `http://127.0.0.1:${(logoServer.address() as AddressInfo).port}/logo.png`;
}, 60_000);

afterAll(async () => {
  logoServer?.closeAllConnections();
  await new Promise<void>((resolve) =>
    logoServer?.listening ? logoServer.close(() => resolve()) : resolve(),
  );
});

const api = (method: string, path: string, body?: unknown, as = key) =>
  call<Json>(stack.url, method, path, { key: as, ...(body === undefined ? {} : { body }) });

describe('brand kits', () => {
  let kitId = '';
  let jobId = '';

  it('makes a kit with its logo downloaded once and kept, its colours checked as the slides check them', async () => {
    const created = await api('POST', '/v1/brand-kits', {
      name: 'Harbour & Co, Ultimo',
      logo_url: logoUrl,
      colors: { primary: PRIMARY, secondary: '#F4E9C8' },
      fonts: { heading: 'DejaVu Sans', body: 'DejaVu Sans' },
      agency: { name: 'Harbour & Co Property', licence_number: '10012345' },
      agent: { name: 'Olivia Harrington', phone: '0412 345 678', email: 'olivia@harbourco.com.au' },
      disclaimer: 'All information is believed accurate but not guaranteed.',
    });
    expect(created.status, created.text).toBe(201);
    const kit = created.body.data;
    kitId = kit.id;
    expect(kit).toMatchObject({
      object: 'brand_kit',
      version: 1,
      logo: { width: 400, height: 160, content_type: 'image/png', source_url: logoUrl },
      colors: { primary: PRIMARY, contrast: { text_on_primary: '#FFFFFF' } },
      agency: { name: 'Harbour & Co Property', licence_number: '10012345', phone: null },
    });
    expect(kit.colors.contrast.text_on_primary_ratio).toBeGreaterThanOrEqual(4.5);
    expect(logoRequests).toBe(1);
    // The kept copy, served from the media bucket.
    const kept = await sharp(await download(kit.logo.url)).metadata();
    expect([kept.width, kept.height]).toEqual([400, 160]);

    const listed = await api('GET', '/v1/brand-kits?limit=10');
    expect(listed.status).toBe(200);
    expect(listed.body.data.brand_kits.map((k: Json) => k.id)).toEqual([kitId]);
    expect(listed.body.data.pagination).toMatchObject({ count: 1, has_more: false, next_cursor: null });
  });

  it('renders a slide naming the kit with the kept logo after the logo URL has gone away', async () => {
    await new Promise<void>((resolve) => logoServer.close(() => resolve()));
    const accepted = await api('POST', '/v1/brochure-slides/generate', {
      property: { address: ADDRESS, price_display: 'Auction Sat 14 June' },
      slide: { type: 'cover', layout_description: 'image left' },
      brand_kit_id: kitId,
      branding: { agent_name: 'Sam Inline' },
    });
    expect(accepted.status, accepted.text).toBe(202);
    jobId = accepted.body.data.job_id;
    const job = await waitForJob(stack.url, key, jobId, JOB_TIMEOUT_MS);
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect(job.output.brand_kit).toEqual({ id: kitId, version: 1 });
    expect(job.input).toMatchObject({
      brand_kit_id: kitId,
      branding: {
        agent_name: 'Sam Inline',
        agency_name: 'Harbour & Co Property',
        primary_color: PRIMARY,
        // The kit's small print reaches the slide: its agency licence and its disclaimer.
        agency_licence_number: '10012345',
        disclaimer: 'All information is believed accurate but not guaranteed.',
      },
      brand_kit: { id: kitId, version: 1 },
    });
    expect(job.output.text_truncated).toEqual([]);
    // The logo (magenta) and the kit's primary colour are in the picture.
    const { data, info } = await sharp(await download(job.output.png.url))
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    let magenta = 0;
    let primary = 0;
    // The disclaimer's ink at the foot of the brand panel (right of the photo, under the agency line):
    // the panel is bare there without small print.
    let smallPrint = 0;
    for (let i = 0; i < data.length; i += info.channels) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (r > 235 && g < 25 && b > 235) magenta += 1;
      const isPrimary = Math.abs(r - 0x0e) < 6 && Math.abs(g - 0x3b) < 6 && Math.abs(b - 0x4a) < 6;
      if (isPrimary) primary += 1;
      const pixel = i / info.channels;
      const [x, y] = [pixel % info.width, Math.floor(pixel / info.width)];
      if (x >= 1240 && x < 1830 && y >= 990 && y < 1048 && r + g + b > 400) smallPrint += 1;
    }
    expect(magenta).toBeGreaterThan(2_000);
    expect(primary).toBeGreaterThan(50_000);
    expect(smallPrint, 'the disclaimer drawn at the foot of the panel').toBeGreaterThan(300);
  });

  it('makes version 2 on a change, leaving the submitted job as it was', async () => {
    const changed = await api('PATCH', `/v1/brand-kits/${kitId}`, {
      colors: { primary: '#7A1F1F' },
      disclaimer: null,
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.body.data).toMatchObject({ version: 2, colors: { primary: '#7A1F1F' }, disclaimer: null });
    // The logo is the kept copy: its dead URL was not fetched again.
    expect(changed.body.data.logo.source_url).toBe(logoUrl);
    const job = (await api('GET', `/v1/jobs/${jobId}`)).body.data;
    expect(job.input.branding.primary_color).toBe(PRIMARY);
    expect(job.output.brand_kit).toEqual({ id: kitId, version: 1 });
  });

  it('needs brand:manage to read or change a kit, and only jobs:write to name one on a job', async () => {
    for (const [method, path] of [
      ['GET', '/v1/brand-kits'],
      ['GET', `/v1/brand-kits/${kitId}`],
      ['DELETE', `/v1/brand-kits/${kitId}`],
    ] as const) {
      const refused = await api(method, path, undefined, writerKey);
      expect(refused.status, `${method} ${path}`).toBe(403);
      expect(refused.body.error.code).toBe('INSUFFICIENT_SCOPE');
    }
    const accepted = await api(
      'POST',
      '/v1/brochure-slides/generate',
      { property: { address: ADDRESS }, slide: { type: 'cover' }, brand_kit_id: kitId },
      writerKey,
    );
    expect(accepted.status, accepted.text).toBe(202);
    // Not rendered: this file's one render is above.
    await api('POST', `/v1/jobs/${accepted.body.data.job_id}/cancel`, undefined, writerKey);
    const job = (await api('GET', `/v1/jobs/${accepted.body.data.job_id}`)).body.data;
    expect(job.input.brand_kit).toMatchObject({ id: kitId, version: 2 });
  });

  it('refuses bad colours with a 400 naming the field', async () => {
    const bad = await api('POST', '/v1/brand-kits', { name: 'Bad', colors: { primary: 'navy' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: [{ path: 'colors.primary', message: expect.stringContaining('hex colour') }],
    });
    const badPatch = await api('PATCH', `/v1/brand-kits/${kitId}`, { colors: { secondary: '#12345' } });
    expect(badPatch.status).toBe(400);
    expect(badPatch.body.error.details[0].path).toBe('colors.secondary');
  });

  it('is a 404 to another organization wherever it names the kit, brand_kit_id on a job included', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { name: 'Taken' }],
      ['DELETE', undefined],
    ] as const) {
      const answer = await api(method, `/v1/brand-kits/${kitId}`, body, otherKey);
      expect(answer.status, `${method} ${answer.text}`).toBe(404);
      expect(answer.body.error.code).toBe('NOT_FOUND');
    }
    const job = await api(
      'POST',
      '/v1/brochure-slides/generate',
      { property: { address: ADDRESS }, slide: { type: 'cover' }, brand_kit_id: kitId },
      otherKey,
    );
    expect(job.status).toBe(404);
    expect(job.body.error).toMatchObject({ code: 'NOT_FOUND', details: [{ path: 'brand_kit_id' }] });
    expect((await api('GET', '/v1/brand-kits', undefined, otherKey)).body.data.brand_kits).toEqual([]);
    // Still the owner's, unchanged.
    expect((await api('GET', `/v1/brand-kits/${kitId}`)).body.data.name).toBe('Harbour & Co, Ultimo');
  });

  it('records every change in the audit log, and deletes', async () => {
    const deleted = await api('DELETE', `/v1/brand-kits/${kitId}`);
    expect(deleted.body.data).toEqual({ id: kitId, object: 'brand_kit', deleted: true });
    expect((await api('GET', `/v1/brand-kits/${kitId}`)).status).toBe(404);
    const audit = await api('GET', `/v1/audit-events?target_id=${kitId}`);
    expect(audit.status, audit.text).toBe(200);
    const events = audit.body.data.audit_events as Json[];
    expect(events.map((e) => e.action)).toEqual([
      'brand_kit.deleted',
      'brand_kit.updated',
      'brand_kit.created',
    ]);
    const updated = events[1]!;
    expect(updated.changes.before).toMatchObject({ version: 1, colors: { primary: PRIMARY } });
    expect(updated.changes.after).toMatchObject({
      version: 2,
      colors: { primary: '#7A1F1F' },
      disclaimer: null,
    });
    expect(updated.changes.before).not.toHaveProperty('logo');
  });
});
