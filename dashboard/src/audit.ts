// Audit log: who changed what in the organization's setup (keys, members, webhook endpoints, imagery
// sources, settings, job deletions, resends), newest first, in the mode shown. Filters by action, actor and
// target; pages by cursor; downloads everything the filters match as JSON Lines (the export route).
import { ApiFailure, type AuditEvent, call, download } from './api.ts';
import type { PageContext } from './context.ts';
import { button, formatTime, h, replace } from './dom.ts';

interface AuditPage {
  audit_events: AuditEvent[];
  pagination: { has_more: boolean; next_cursor: string | null };
}

/** The changed fields of a record, one `field: before → after` per line. */
function changesText(changes: AuditEvent['changes']): string {
  if (!changes) return '';
  const before = changes.before ?? {};
  const after = changes.after ?? {};
  const show = (v: unknown) => (v === undefined ? '–' : typeof v === 'string' ? v : JSON.stringify(v));
  // A creation shows what was made, a removal what was removed, a change before → after.
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .map((field) =>
      !changes.before
        ? `${field}: ${show(after[field])}`
        : !changes.after
          ? `${field}: ${show(before[field])}`
          : `${field}: ${show(before[field])} → ${show(after[field])}`,
    )
    .join('\n');
}

/** At most `max` characters of each line (the whole text stays in the cell's title). */
const clipped = (text: string, max = 90) =>
  text
    .split('\n')
    .map((line) => (line.length > max ? `${line.slice(0, max - 1)}…` : line))
    .join('\n');

export async function auditPage(ctx: PageContext): Promise<HTMLElement> {
  const root = h('section', { class: 'page', testid: 'audit-page' });
  const banner = h('div', { testid: 'audit-banner' });
  const table = h('div', { class: 'card' });
  const more = h('div', { class: 'form-row' });
  const field = (placeholder: string, testid: string) =>
    h('input', { attrs: { type: 'text', placeholder, maxlength: '200' }, testid });
  const action = field('Action, e.g. api_key.revoked', 'audit-action');
  const actor = field('Actor: key_… or mem_…', 'audit-actor');
  const target = field('Target id', 'audit-target');
  const rows = h('tbody', {});

  const query = (extra: Record<string, string> = {}) => {
    const params = new URLSearchParams({ mode: ctx.mode, ...extra });
    for (const [name, input] of [
      ['action', action],
      ['actor', actor],
      ['target_id', target],
    ] as const) {
      if (input.value.trim() !== '') params.set(name, input.value.trim());
    }
    return params.toString();
  };
  const failed = (error: unknown) =>
    replace(
      banner,
      h(
        'div',
        { class: 'banner banner-error', testid: 'audit-error' },
        error instanceof ApiFailure ? `${error.code}: ${error.message}` : String(error),
      ),
    );

  const row = (e: AuditEvent) =>
    h(
      'tr',
      { testid: `audit-row-${e.id}` },
      h('td', { class: 'nowrap' }, formatTime(e.created_at)),
      h('td', {}, h('code', { testid: 'audit-row-action' }, e.action)),
      // The source IP under the actor: one column fewer, so the changes keep their room beside it.
      h(
        'td',
        {},
        h('div', { class: 'sub' }, e.actor.type),
        h('div', { class: 'mono' }, e.actor.id),
        h('div', { class: 'sub mono' }, e.source_ip ? `from ${e.source_ip}` : ''),
      ),
      h('td', {}, h('div', { class: 'sub' }, e.target.type), h('div', { class: 'mono' }, e.target.id)),
      h(
        'td',
        {},
        h(
          'pre',
          { class: 'changes', attrs: { title: changesText(e.changes) } },
          clipped(changesText(e.changes)),
        ),
      ),
    );

  const load = async (after?: string) => {
    replace(banner);
    try {
      const page = await call<AuditPage>(
        'GET',
        `/v1/dashboard/audit-events?${query({ limit: '50', ...(after ? { starting_after: after } : {}) })}`,
      );
      if (!after) replace(rows);
      rows.append(...page.audit_events.map(row));
      replace(
        table,
        rows.children.length === 0
          ? h('p', { class: 'empty' }, 'No audit events match.')
          : h(
              'table',
              { class: 'table', testid: 'audit-table' },
              h(
                'thead',
                {},
                h(
                  'tr',
                  {},
                  ...['Time (UTC)', 'Action', 'Actor', 'Target', 'Changes'].map((t) => h('th', {}, t)),
                ),
              ),
              rows,
            ),
      );
      const cursor = page.pagination.next_cursor;
      replace(
        more,
        page.pagination.has_more && cursor
          ? button('Older', () => load(cursor), { testid: 'audit-more' })
          : null,
      );
    } catch (error) {
      failed(error);
    }
  };

  const exportLines = async () => {
    replace(banner);
    try {
      // Every record the filters match, answer after answer (each stops at its size limit with a cursor).
      const parts: string[] = [];
      let cursor: string | null = null;
      do {
        const got = await download(
          `/v1/dashboard/audit-events/export?${query(cursor ? { starting_after: cursor } : {})}`,
        );
        parts.push(got.text);
        cursor = got.nextCursor;
      } while (cursor);
      const link = h('a', {
        attrs: {
          href: URL.createObjectURL(new Blob(parts, { type: 'application/jsonl' })),
          download: `audit-${ctx.account.organization_id}-${ctx.mode}.jsonl`,
        },
      });
      link.click();
    } catch (error) {
      failed(error);
    }
  };

  replace(
    root,
    h(
      'header',
      { class: 'page-header' },
      h('h1', {}, 'Audit log'),
      h(
        'p',
        { class: 'lede' },
        `Who changed what, ${ctx.mode} mode: kept one year, never edited. Secrets are never recorded.`,
      ),
    ),
    banner,
    h(
      'div',
      { class: 'card form-row', testid: 'audit-filters' },
      action,
      actor,
      target,
      button('Filter', () => load(), { kind: 'primary', testid: 'audit-filter' }),
      button('Export JSON Lines', exportLines, { kind: 'ghost', testid: 'audit-export' }),
    ),
    table,
    more,
  );
  await load();
  return root;
}
