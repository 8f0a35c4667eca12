// Jobs: a filtered, paged list, and one job with its timeline, media previews, webhook attempts, its
// media expiry, and a Delete button (after a confirm) that erases it as DELETE /v1/jobs/{id} does.
import {
  ApiFailure,
  call,
  type DeletionReceipt,
  type Job,
  type JobPage,
  type WebhookAttempt,
} from './api.ts';
import { can, type PageContext } from './context.ts';
import { badge, button, formatTime, h, replace } from './dom.ts';

const STATUSES = ['queued', 'processing', 'completed', 'failed', 'canceled'];
const PAGE_SIZE = 20;

let jobTypes: Promise<string[]> | undefined;
/** The job types, from the public OpenAPI document (x-job-types), so the filter follows the registry. */
function knownJobTypes(): Promise<string[]> {
  jobTypes ??= fetch(new URL('../v1/openapi.json', window.location.href))
    .then((r) => r.json())
    .then((doc: { 'x-job-types'?: Record<string, unknown> }) => Object.keys(doc['x-job-types'] ?? {}))
    .catch(() => []);
  return jobTypes;
}

function progressBar(job: Job): HTMLElement {
  const bar = h('div', { class: 'progress' }, h('div', { class: `progress-fill status-${job.status}` }));
  // Width by attribute-free CSSOM (the page's CSP allows no inline style attributes).
  (bar.firstChild as HTMLElement).style.width = `${job.progress.percent}%`;
  return bar;
}

export async function jobsPage(ctx: PageContext): Promise<HTMLElement> {
  const root = h('section', { class: 'page', testid: 'jobs-page' });
  const status = h(
    'select',
    { testid: 'filter-status' },
    h('option', { attrs: { value: '' } }, 'Any status'),
    ...STATUSES.map((s) => h('option', { attrs: { value: s } }, s)),
  );
  const type = h('select', { testid: 'filter-type' }, h('option', { attrs: { value: '' } }, 'Any job type'));
  for (const t of await knownJobTypes()) type.appendChild(h('option', { attrs: { value: t } }, t));
  const list = h('div', { class: 'card' });
  let offset = 0;

  const render = async () => {
    const query = new URLSearchParams({ mode: ctx.mode, limit: String(PAGE_SIZE), offset: String(offset) });
    if (status.value) query.set('status', status.value);
    if (type.value) query.set('job_type', type.value);
    const page = await call<JobPage>('GET', `/v1/dashboard/jobs?${query}`);
    const rows = page.jobs.map((job) =>
      h(
        'tr',
        {
          class: 'clickable',
          testid: `job-row-${job.job_id}`,
          on: { click: () => ctx.navigate(`#/jobs/${job.job_id}`) },
        },
        h(
          'td',
          {},
          h('a', { class: 'mono', attrs: { href: `#/jobs/${job.job_id}` } }, job.job_id.slice(0, 13), '…'),
        ),
        h('td', {}, job.job_type),
        h('td', {}, badge(job.status, job.status)),
        h(
          'td',
          { class: 'progress-cell' },
          progressBar(job),
          h('span', { class: 'sub' }, job.progress.stage),
        ),
        h('td', { class: 'nowrap' }, formatTime(job.created_at)),
      ),
    );
    replace(
      list,
      page.jobs.length === 0
        ? h('p', { class: 'empty' }, `No ${ctx.mode} jobs match.`)
        : h(
            'table',
            { class: 'table', testid: 'jobs-table' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ...['Job', 'Type', 'Status', 'Progress', 'Created (UTC)'].map((t) => h('th', {}, t)),
              ),
            ),
            h('tbody', {}, ...rows),
          ),
      h(
        'div',
        { class: 'pager' },
        h('span', { class: 'sub' }, page.jobs.length ? `${offset + 1}–${offset + page.jobs.length}` : ''),
        offset > 0 &&
          button(
            'Newer',
            async () => {
              offset = Math.max(0, offset - PAGE_SIZE);
              await render();
            },
            { kind: 'ghost' },
          ),
        page.pagination.has_more &&
          button(
            'Older',
            async () => {
              offset += PAGE_SIZE;
              await render();
            },
            { kind: 'ghost' },
          ),
      ),
    );
  };
  for (const select of [status, type]) {
    select.addEventListener('change', () => {
      offset = 0;
      void render();
    });
  }
  replace(
    root,
    h(
      'header',
      { class: 'page-header' },
      h('h1', {}, 'Jobs'),
      h('p', { class: 'lede' }, `Your organization's ${ctx.mode} jobs, newest first.`),
    ),
    h('div', { class: 'card form-row' }, status, type, button('Refresh', render, { kind: 'ghost' })),
    list,
  );
  await render();
  return root;
}

interface MediaRef {
  readonly name: string;
  readonly url: string;
  readonly contentType: string;
}

/** Every media file of an output ({ url, content_type, … }), named by its path. */
function mediaOf(value: unknown, path = ''): MediaRef[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => mediaOf(v, `${path}[${i}]`));
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  if (typeof record.url === 'string' && typeof record.content_type === 'string') {
    return [{ name: path || 'output', url: record.url, contentType: record.content_type }];
  }
  return Object.entries(record).flatMap(([k, v]) => mediaOf(v, path ? `${path}.${k}` : k));
}

function preview(media: MediaRef): HTMLElement {
  let body: HTMLElement;
  if (media.contentType.startsWith('image/')) {
    body = h('img', { attrs: { src: media.url, alt: media.name, loading: 'lazy' }, testid: 'media-image' });
  } else if (media.contentType.startsWith('video/')) {
    body = h('video', {
      attrs: { src: media.url, controls: '', preload: 'metadata' },
      testid: 'media-video',
    });
  } else {
    body = h(
      'a',
      { class: 'file', attrs: { href: media.url, target: '_blank', rel: 'noopener noreferrer' } },
      `Open ${media.contentType}`,
    );
  }
  return h(
    'figure',
    { class: 'media' },
    body,
    h('figcaption', {}, media.name, h('span', { class: 'sub' }, ` · ${media.contentType}`)),
  );
}

interface TimelineEntry {
  readonly at: string;
  readonly title: string;
  readonly detail?: string;
  readonly kind: string;
}

/** What happened to the job, in order: its own transitions, then every webhook delivery attempt. */
function timelineOf(job: Job): TimelineEntry[] {
  const entries: TimelineEntry[] = [
    { at: job.created_at, title: 'Created', detail: 'queued', kind: 'queued' },
  ];
  if (job.started_at) entries.push({ at: job.started_at, title: 'Processing started', kind: 'processing' });
  if (job.status === 'processing' || job.status === 'queued') {
    entries.push({
      at: job.updated_at,
      title: `In progress: ${job.progress.stage}`,
      detail: `${job.progress.percent}%`,
      kind: 'processing',
    });
  }
  const end = job.completed_at ?? job.updated_at;
  if (job.status === 'completed') entries.push({ at: end, title: 'Completed', kind: 'completed' });
  if (job.status === 'failed')
    entries.push({
      at: end,
      title: `Failed: ${job.error?.code ?? ''}`,
      detail: job.error?.message,
      kind: 'failed',
    });
  if (job.status === 'canceled') entries.push({ at: end, title: 'Canceled', kind: 'canceled' });
  for (const a of job.webhook?.attempts ?? []) entries.push(attemptEntry(a));
  return entries.sort((a, b) => a.at.localeCompare(b.at));
}

function attemptEntry(a: WebhookAttempt): TimelineEntry {
  const answer = a.status_code === null ? (a.error ?? 'no answer') : `HTTP ${a.status_code}`;
  return {
    at: a.attempted_at,
    title: `Webhook ${a.type} (attempt ${a.attempt})`,
    detail: `${answer} · ${a.outcome}`,
    kind: a.delivered ? 'delivered' : 'undelivered',
  };
}

/** A link to a job's page, its id shortened as the job list shows it. */
const jobLink = (jobId: string) =>
  h('a', { class: 'mono', attrs: { href: `#/jobs/${jobId}`, title: jobId } }, jobId.slice(0, 13), '…');

export async function jobPage(ctx: PageContext, jobId: string): Promise<HTMLElement> {
  const job = await call<Job>('GET', `/v1/dashboard/jobs/${encodeURIComponent(jobId)}?mode=${ctx.mode}`);
  // A listing kit's own jobs (GET /v1/jobs?kit_job_id=…): a kit makes at most a few dozen.
  const children =
    job.job_type === 'listing_kit'
      ? (
          await call<JobPage>(
            'GET',
            `/v1/dashboard/jobs?${new URLSearchParams({ mode: ctx.mode, kit_job_id: job.job_id, limit: '100' })}`,
          )
        ).jobs
      : [];
  const media = mediaOf(job.output);
  const attempts = job.webhook?.attempts ?? [];
  const deleteBox = h('div', { class: 'form-row', testid: 'job-delete' });
  if (can(ctx.account, 'jobs:delete'))
    deleteBox.append(
      button(
        'Delete job',
        async () => {
          const confirmed = window.confirm(
            `Delete ${job.job_id} and every job made from it? A running job is canceled; its media, inputs and events are erased. This cannot be undone.`,
          );
          if (!confirmed) return;
          try {
            const receipt = await call<DeletionReceipt>(
              'POST',
              `/v1/dashboard/jobs/${encodeURIComponent(job.job_id)}/delete?mode=${ctx.mode}`,
            );
            replace(
              deleteBox,
              h(
                'div',
                { class: 'banner', testid: 'deletion-receipt' },
                `Deleted ${receipt.jobs.length} job(s) at ${formatTime(receipt.deleted_at)} UTC. `,
                h('a', { attrs: { href: '#/jobs' } }, 'Back to jobs'),
              ),
            );
          } catch (error) {
            const message = error instanceof ApiFailure ? `${error.code}: ${error.message}` : String(error);
            deleteBox.append(h('div', { class: 'banner banner-error' }, message));
          }
        },
        { kind: 'danger', testid: 'delete-job' },
      ),
    );
  return h(
    'section',
    { class: 'page', testid: 'job-page' },
    h(
      'header',
      { class: 'page-header' },
      h('a', { class: 'back', attrs: { href: '#/jobs' } }, '← Jobs'),
      h('h1', {}, job.job_type, ' ', badge(job.status, job.status, 'job-status')),
      h('p', { class: 'lede mono' }, job.job_id),
      (job.kit_job_id || job.parent_job_id) &&
        h(
          'p',
          { class: 'sub', testid: 'job-relations' },
          ...(job.kit_job_id ? ['Made by listing kit ', jobLink(job.kit_job_id), '. '] : []),
          ...(job.parent_job_id ? ['Built on ', jobLink(job.parent_job_id), '.'] : []),
        ),
      h(
        'p',
        { class: 'sub', testid: 'job-retention' },
        job.media_expired
          ? 'Media and inputs expired: erased by retention.'
          : job.media_expires_at
            ? `Media and inputs are erased at ${formatTime(job.media_expires_at)} UTC (retention).`
            : 'No media expiry set.',
      ),
      deleteBox,
    ),
    h(
      'div',
      { class: 'grid-2' },
      h(
        'div',
        { class: 'card', testid: 'job-timeline' },
        h('div', { class: 'card-title' }, 'Timeline (UTC)'),
        h(
          'ol',
          { class: 'timeline' },
          ...timelineOf(job).map((e) =>
            h(
              'li',
              { class: `tl-${e.kind}` },
              h('span', { class: 'tl-time' }, formatTime(e.at)),
              h('span', { class: 'tl-title' }, e.title),
              e.detail && h('span', { class: 'tl-detail' }, e.detail),
            ),
          ),
        ),
      ),
      h(
        'div',
        { class: 'card' },
        h('div', { class: 'card-title' }, 'Request'),
        h('pre', { class: 'json' }, JSON.stringify(job.input, null, 2)),
        job.error &&
          h('div', { class: 'banner banner-error' }, h('strong', {}, job.error.code), ' ', job.error.message),
      ),
    ),
    job.job_type === 'listing_kit' &&
      h(
        'div',
        { class: 'card', testid: 'kit-jobs' },
        h('div', { class: 'card-title' }, `The kit's jobs (${children.length})`),
        children.length === 0
          ? h('p', { class: 'empty' }, 'None yet: the kit makes them as their inputs are ready.')
          : h(
              'table',
              { class: 'table' },
              h(
                'thead',
                {},
                h('tr', {}, ...['Job', 'Type', 'Status', 'Progress'].map((t) => h('th', {}, t))),
              ),
              h(
                'tbody',
                {},
                ...children.map((child) =>
                  h(
                    'tr',
                    { testid: `kit-job-${child.job_id}` },
                    h('td', {}, jobLink(child.job_id)),
                    h('td', {}, child.job_type),
                    h('td', {}, badge(child.status, child.status)),
                    h(
                      'td',
                      { class: 'progress-cell' },
                      progressBar(child),
                      h('span', { class: 'sub' }, child.error ? child.error.code : child.progress.stage),
                    ),
                  ),
                ),
              ),
            ),
      ),
    h(
      'div',
      { class: 'card', testid: 'job-media' },
      h('div', { class: 'card-title' }, 'Media'),
      media.length === 0
        ? h(
            'p',
            { class: 'empty' },
            job.status === 'completed'
              ? 'This job has no media files.'
              : 'Media appear when the job completes.',
          )
        : h('div', { class: 'media-grid' }, ...media.map(preview)),
    ),
    h(
      'div',
      { class: 'card', testid: 'webhook-attempts' },
      h('div', { class: 'card-title' }, 'Webhook attempts'),
      !job.webhook
        ? h('p', { class: 'empty' }, 'No webhook_url was given for this job.')
        : attempts.length === 0
          ? h('p', { class: 'empty' }, `No deliveries to ${job.webhook.url} yet.`)
          : h(
              'table',
              { class: 'table' },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ...['Time (UTC)', 'Event', 'Attempt', 'Answer', 'Outcome'].map((t) => h('th', {}, t)),
                ),
              ),
              h(
                'tbody',
                {},
                ...attempts.map((a) =>
                  h(
                    'tr',
                    {},
                    h('td', { class: 'nowrap' }, formatTime(a.attempted_at)),
                    h('td', {}, a.type),
                    h('td', {}, String(a.attempt)),
                    h('td', {}, a.status_code === null ? (a.error ?? '—') : String(a.status_code)),
                    h('td', {}, badge(a.outcome, a.delivered ? 'completed' : 'failed')),
                  ),
                ),
              ),
            ),
    ),
  );
}
