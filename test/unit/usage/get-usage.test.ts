// getUsage: rows per day and job type, totals, live pricing in cents, test usage never billed, the
// default range and the range rules (400 VALIDATION_ERROR); and the billing declarations of the
// registry agree with the outputs and the stage rates.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../../../functions/core/errors.ts';
import type { Tenant } from '../../../functions/core/jobs/job-types.ts';
import { billableUnits, DEFAULT_BILLING, renditionCounts } from '../../../functions/core/usage/billing.ts';
import type { UsageItem, UsageStore } from '../../../functions/core/usage/usage-store.ts';
import { getUsage, type UsagePricing, usageRange } from '../../../functions/core/use-cases/usage.ts';
import { JOB_TYPE_SPECS } from '../../../functions/jobs/registry.ts';
import { DEPLOYABLE_STAGES, STAGES } from '../../../lib/config/stages.ts';

const pricing: UsagePricing = {
  currency: 'AUD',
  livePerUnit: { frontage_detection: 0.5, markup_v2: 1.1, markup_v2_video: 0.07 },
};

/** A store holding items per tenant; it also remembers what it was asked. */
function memoryStore(items: Record<string, UsageItem[]>) {
  const asked: Array<{ tenant: Tenant; from: string; to: string }> = [];
  const store: UsageStore = {
    record: async () => true,
    list: async (tenant, from, to) => {
      asked.push({ tenant, from, to });
      return (items[`${tenant.orgId}#${tenant.mode}`] ?? []).filter((i) => i.date >= from && i.date <= to);
    },
  };
  return { store, asked };
}

const item = (date: string, jobType: string, units = 1): UsageItem => ({
  date,
  jobId: `${date}-${jobType}-${Math.random()}`,
  jobType,
  unit: units === 1 ? 'job' : 'video_second',
  units,
});

const NOW = new Date('2026-05-20T15:00:00.000Z');

describe('getUsage', () => {
  const items = [
    item('2026-05-02', 'markup_v2'),
    item('2026-05-01', 'markup_v2'),
    item('2026-05-01', 'frontage_detection'),
    item('2026-05-01', 'markup_v2'),
    item('2026-05-03', 'markup_v2_video', 7),
    item('2026-05-03', 'markup_v2_video', 10),
  ];

  it('sums jobs, units and live amounts per day and job type, and in totals', async () => {
    const { store } = memoryStore({ 'acme#live': items });
    const report = await getUsage(
      store,
      { orgId: 'acme', mode: 'live', from: '2026-05-01', to: '2026-05-31' },
      pricing,
      NOW,
    );
    expect(report).toEqual({
      object: 'usage',
      organization_id: 'acme',
      mode: 'live',
      from: '2026-05-01',
      to: '2026-05-31',
      currency: 'AUD',
      billed: true,
      days: [
        { date: '2026-05-01', job_type: 'frontage_detection', jobs: 1, units: 1, renditions: 0, amount: 0.5 },
        { date: '2026-05-01', job_type: 'markup_v2', jobs: 2, units: 2, renditions: 0, amount: 2.2 },
        { date: '2026-05-02', job_type: 'markup_v2', jobs: 1, units: 1, renditions: 0, amount: 1.1 },
        { date: '2026-05-03', job_type: 'markup_v2_video', jobs: 2, units: 17, renditions: 0, amount: 1.19 },
      ],
      totals: {
        jobs: 6,
        units: 21,
        renditions: 0,
        amount: 4.99,
        by_job_type: {
          frontage_detection: { jobs: 1, units: 1, renditions: 0, amount: 0.5 },
          markup_v2: { jobs: 3, units: 3, renditions: 0, amount: 3.3 },
          markup_v2_video: { jobs: 2, units: 17, renditions: 0, amount: 1.19 },
        },
        by_rendition: {},
        by_office: { none: { jobs: 6, units: 21, renditions: 0, amount: 4.99 } },
      },
    });
  });

  it('reports usage per office, filters by office, and shows an office key only its own office', async () => {
    const officeItems: UsageItem[] = [
      { ...item('2026-05-01', 'markup_v2'), officeId: 'off_a' },
      { ...item('2026-05-01', 'markup_v2'), officeId: 'off_a' },
      { ...item('2026-05-02', 'frontage_detection'), officeId: 'off_b' },
      item('2026-05-02', 'frontage_detection'),
    ];
    const { store } = memoryStore({ 'acme#live': officeItems });
    const query = { orgId: 'acme', mode: 'live' as const, from: '2026-05-01' };
    const all = await getUsage(store, query, pricing, NOW);
    expect(all.totals.by_office).toEqual({
      none: { jobs: 1, units: 1, renditions: 0, amount: 0.5 },
      off_a: { jobs: 2, units: 2, renditions: 0, amount: 2.2 },
      off_b: { jobs: 1, units: 1, renditions: 0, amount: 0.5 },
    });
    const filtered = await getUsage(store, { ...query, office_id: 'off_b' }, pricing, NOW);
    expect(filtered.totals).toMatchObject({ jobs: 1, by_office: { off_b: { jobs: 1 } } });
    // An office's key: its own office whatever the filter; another office's filter finds nothing.
    const own = await getUsage(store, query, pricing, NOW, 'off_a');
    expect(own.totals).toMatchObject({ jobs: 2, amount: 2.2 });
    expect(Object.keys(own.totals.by_office)).toEqual(['off_a']);
    const other = await getUsage(store, { ...query, office_id: 'off_b' }, pricing, NOW, 'off_a');
    expect(other.days).toEqual([]);
    expect(other.totals).toMatchObject({ jobs: 0, by_office: {} });
  });

  it('bills each rendition at its kind’s live rate beside the job’s units, and test renditions not at all', async () => {
    const withRenditions: UsageItem[] = [
      { ...item('2026-05-04', 'drone_stills'), renditions: { web: 1, social_story: 1 } },
      { ...item('2026-05-04', 'drone_stills'), renditions: { portal: 1 } },
    ];
    const rates: UsagePricing = {
      ...pricing,
      livePerUnit: { drone_stills: 3 },
      livePerRendition: { web: 0.05, social_story: 0.1, portal: 0.05 },
    };
    const { store } = memoryStore({ 'acme#live': withRenditions, 'acme#test': withRenditions });
    const live = await getUsage(store, { orgId: 'acme', mode: 'live', from: '2026-05-04' }, rates, NOW);
    expect(live.days).toEqual([
      { date: '2026-05-04', job_type: 'drone_stills', jobs: 2, units: 2, renditions: 3, amount: 6.2 },
    ]);
    expect(live.totals).toMatchObject({
      renditions: 3,
      amount: 6.2,
      by_rendition: {
        web: { count: 1, amount: 0.05 },
        social_story: { count: 1, amount: 0.1 },
        portal: { count: 1, amount: 0.05 },
      },
    });
    const test = await getUsage(store, { orgId: 'acme', mode: 'test', from: '2026-05-04' }, rates, NOW);
    expect(test.totals).toMatchObject({ renditions: 3, amount: 0 });
  });

  it('counts a job’s renditions from its output: each media file’s each rendition once', () => {
    expect(
      renditionCounts({
        image: {
          s3_key: 'a.jpg',
          renditions: { portal: {}, web: [{}, {}], social_square: {} },
        },
        video: {
          s3_key: 'v.mp4',
          branded: { s3_key: 'b.mp4' },
          renditions: { social_story: { branded: {} } },
        },
        poster: { s3_key: 'p.jpg' },
      }),
    ).toEqual({ portal: 1, web: 1, social_square: 1, social_story: 1 });
    expect(renditionCounts({ image: { s3_key: 'a.jpg' } })).toEqual({});
  });

  it('tracks test usage the same way but never bills it', async () => {
    const { store } = memoryStore({ 'acme#test': items });
    const report = await getUsage(
      store,
      { orgId: 'acme', mode: 'test', from: '2026-05-01', to: '2026-05-31' },
      pricing,
      NOW,
    );
    expect(report.billed).toBe(false);
    expect(report.totals).toMatchObject({ jobs: 6, units: 21, amount: 0 });
    expect(report.days.every((d) => d.amount === 0)).toBe(true);
  });

  it('reads only the asked tenant (organization and mode)', async () => {
    const { store, asked } = memoryStore({ 'acme#live': items, 'other#live': items });
    await getUsage(store, { orgId: 'other', mode: 'test' }, pricing, NOW);
    expect(asked).toEqual([
      { tenant: { orgId: 'other', mode: 'test' }, from: '2026-04-21', to: '2026-05-20' },
    ]);
  });

  it('prices a job type without a rate at 0', async () => {
    const { store } = memoryStore({ 'acme#live': [item('2026-05-01', 'virtual_staging')] });
    const report = await getUsage(store, { orgId: 'acme', mode: 'live', from: '2026-05-01' }, pricing, NOW);
    expect(report.totals).toMatchObject({ jobs: 1, amount: 0 });
  });
});

describe('usage range', () => {
  const invalid = (query: { from?: string; to?: string }) => {
    try {
      usageRange(query, NOW);
    } catch (error) {
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).status).toBe(400);
      expect((error as ApiError).code).toBe('VALIDATION_ERROR');
      return (error as ApiError).details;
    }
    throw new Error(`accepted ${JSON.stringify(query)}`);
  };

  it('defaults to the last 30 days ending today (UTC)', () => {
    expect(usageRange({}, NOW)).toEqual({ from: '2026-04-21', to: '2026-05-20' });
    expect(usageRange({ to: '2026-03-01' }, NOW)).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(usageRange({ from: '2026-05-19' }, NOW)).toEqual({ from: '2026-05-19', to: '2026-05-20' });
  });

  it('accepts one day and 366 days; refuses 367 days and from after to', () => {
    expect(usageRange({ from: '2026-05-01', to: '2026-05-01' }, NOW)).toEqual({
      from: '2026-05-01',
      to: '2026-05-01',
    });
    expect(usageRange({ from: '2024-01-01', to: '2024-12-31' }, NOW)).toEqual({
      from: '2024-01-01',
      to: '2024-12-31',
    });
    expect(invalid({ from: '2025-01-01', to: '2026-01-02' })?.[0]?.message).toMatch(/367 days; at most 366/);
    expect(invalid({ from: '2026-05-02', to: '2026-05-01' })).toEqual([
      { path: 'from', message: 'must not be after to (2026-05-02 > 2026-05-01)' },
    ]);
  });

  it('refuses dates that are not real calendar dates', () => {
    expect(invalid({ from: '2026-02-30' })?.[0]?.path).toBe('from');
    expect(invalid({ to: '2026-13-01' })?.[0]?.path).toBe('to');
    expect(invalid({ from: '20260501' })?.[0]?.path).toBe('from');
  });
});

describe('billing declarations', () => {
  it('bills one unit per job by default and per started second of video', () => {
    expect(billableUnits(DEFAULT_BILLING, {})).toBe(1);
    const video = { unit: 'video_second', outputField: 'duration_seconds' } as const;
    expect(billableUnits(video, { duration_seconds: 5 })).toBe(5);
    expect(billableUnits(video, { duration_seconds: 5.01 })).toBe(6);
    expect(billableUnits(video, { duration_seconds: 0.2 })).toBe(1);
  });

  it('measures each video kind by a numeric field of its own output schema', () => {
    const measured = JOB_TYPE_SPECS.filter((spec) => spec.billing?.unit === 'video_second');
    expect(measured.map((s) => s.type).sort()).toEqual(['drone_footage', 'markup_v2_video', 'video_export']);
    for (const spec of measured) {
      const billing = spec.billing as { outputField: string };
      // The output schema is an object schema, one of whose fields is the billed one.
      expect(spec.output, spec.type).toBeInstanceOf(z.ZodObject);
      const { shape } = spec.output as z.ZodObject;
      expect(shape[billing.outputField]?.type, spec.type).toBe('number');
    }
  });

  it('every stage has a live rate for every job type (a listing kit is free: its children are billed)', () => {
    for (const stage of [...DEPLOYABLE_STAGES, 'local' as const]) {
      const rates = STAGES[stage].usage.livePerUnit;
      for (const spec of JOB_TYPE_SPECS) {
        if (spec.type === 'listing_kit') expect(rates[spec.type], `${stage} ${spec.type}`).toBe(0);
        else expect(rates[spec.type], `${stage} ${spec.type}`).toBeGreaterThan(0);
      }
      expect(STAGES[stage].usage.currency).toBe('AUD');
    }
  });
});
