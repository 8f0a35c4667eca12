// Offices: the organization's branches in the mode shown (docs/readme/offices.md). Owners and admins
// create one, rename it, set its default brand kit and media retention, or delete it; a viewer reads.
// Every change runs the API's own office use case for the organization, recorded in the audit log with the
// member; the server's refusals (an office with running jobs, a kit of another office) are shown as worded.
import { type BrandKit, call, type Office } from './api.ts';
import { guardedBy } from './banner.ts';
import { can, type PageContext } from './context.ts';
import { button, formatTime, h, replace } from './dom.ts';

/** A select of the mode's kits (what an office's default may name), "No default kit" first. */
function kitSelect(kits: readonly BrandKit[], selected: string | null, testid: string): HTMLSelectElement {
  const select = h(
    'select',
    { testid },
    h('option', { attrs: { value: '' } }, 'No default kit'),
    ...kits.map((k) => h('option', { attrs: { value: k.id } }, k.name)),
  );
  select.value = selected ?? '';
  return select;
}

const retentionInput = (value: number | null, testid: string) =>
  h('input', {
    class: 'narrow',
    attrs: {
      type: 'number',
      min: '1',
      max: '3650',
      placeholder: 'Retention days',
      title: "Days its jobs' media are kept; empty: the organization's retention",
      value: value === null ? undefined : String(value),
    },
    testid,
  });

/** The body of a create or change: an empty retention or kit is null (the organization's, none). */
const officeFields = (name: HTMLInputElement, kit: HTMLSelectElement, days: HTMLInputElement) => ({
  name: name.value.trim(),
  default_brand_kit_id: kit.value === '' ? null : kit.value,
  media_retention_days: days.value.trim() === '' ? null : Number(days.value),
});

export async function officesPage(ctx: PageContext): Promise<HTMLElement> {
  const base = '/v1/dashboard/offices';
  const q = `?mode=${ctx.mode}`;
  const manage = can(ctx.account, 'offices:manage');
  const root = h('section', { class: 'page', testid: 'offices-page' });
  const banner = h('div', { testid: 'offices-banner' });
  const list = h('div', { class: 'card' });
  const guarded = guardedBy(banner, 'offices-error');
  // The mode's kits: what an office may default to (the server checks it again), and their names.
  const kits = can(ctx.account, 'brand:read')
    ? (await call<{ brand_kits: BrandKit[] }>('GET', `/v1/dashboard/brand-kits${q}&limit=100`)).brand_kits
    : [];
  /** What an office may default to: the organization's kits and its own (a new office has none yet). */
  const kitsFor = (officeId: string | null) =>
    kits.filter((k) => k.office_id === null || k.office_id === officeId);
  const kitName = (id: string | null) => (id === null ? 'none' : (kits.find((k) => k.id === id)?.name ?? id));

  const name = h('input', {
    attrs: { type: 'text', placeholder: 'Office name, e.g. Harbour & Co Bondi', maxlength: '120' },
    testid: 'office-name',
  });
  const kit = kitSelect(kitsFor(null), null, 'office-kit');
  const days = retentionInput(null, 'office-retention');
  const create = button(
    'Create office',
    guarded(async () => {
      const created = await call<Office>('POST', `${base}${q}`, officeFields(name, kit, days));
      name.value = '';
      days.value = '';
      kit.value = '';
      replace(banner, h('div', { class: 'banner', testid: 'office-created' }, `Created ${created.name}.`));
      await render();
    }),
    { kind: 'primary', testid: 'create-office' },
  );

  /** The row's editing form, under the row, while it is open. */
  const editor = (o: Office, done: () => Promise<void>) => {
    const newName = h('input', {
      attrs: { type: 'text', value: o.name, maxlength: '120' },
      testid: 'edit-office-name',
    });
    const newKit = kitSelect(kitsFor(o.id), o.default_brand_kit_id, 'edit-office-kit');
    const newDays = retentionInput(o.media_retention_days, 'edit-office-retention');
    return h(
      'tr',
      { class: 'editing', testid: `office-editor-${o.id}` },
      h(
        'td',
        { attrs: { colspan: '5' } },
        h(
          'div',
          { class: 'form-row' },
          newName,
          newKit,
          newDays,
          button(
            'Save',
            guarded(async () => {
              await call('PATCH', `${base}/${o.id}${q}`, officeFields(newName, newKit, newDays));
              await done();
            }),
            { kind: 'primary', testid: 'save-office' },
          ),
          button('Cancel', done, { kind: 'ghost', testid: 'cancel-office' }),
        ),
      ),
    );
  };

  const render = async () => {
    const { offices } = await call<{ offices: Office[] }>('GET', `${base}${q}`);
    const body = h('tbody', {});
    for (const o of offices) {
      const row: HTMLTableRowElement = h(
        'tr',
        { testid: `office-row-${o.id}` },
        h(
          'td',
          {},
          h('div', { class: 'strong', testid: 'office-row-name' }, o.name),
          h('div', { class: 'sub mono' }, o.id),
        ),
        h('td', { testid: 'office-row-kit' }, kitName(o.default_brand_kit_id)),
        h(
          'td',
          { class: 'nowrap', testid: 'office-row-retention' },
          o.media_retention_days === null ? "Organization's" : `${o.media_retention_days} days`,
        ),
        h('td', { class: 'nowrap' }, formatTime(o.created_at)),
        h(
          'td',
          { class: 'actions' },
          manage &&
            h(
              'span',
              { class: 'btn-group' },
              button(
                'Edit',
                () => {
                  const open = body.querySelector(`[data-testid="office-editor-${o.id}"]`);
                  if (open) open.remove();
                  else row.after(editor(o, render));
                },
                { testid: 'edit-office' },
              ),
              button(
                'Delete',
                guarded(async () => {
                  if (!window.confirm(`Delete ${o.name}? Its finished jobs stay with the organization.`))
                    return;
                  await call('DELETE', `${base}/${o.id}${q}`);
                  replace(
                    banner,
                    h('div', { class: 'banner', testid: 'office-deleted' }, `Deleted ${o.name}.`),
                  );
                  await render();
                }),
                { kind: 'danger', testid: 'delete-office' },
              ),
            ),
        ),
      );
      body.append(row);
    }
    replace(
      list,
      offices.length === 0
        ? h('p', { class: 'empty', testid: 'offices-empty' }, `No offices in ${ctx.mode} mode.`)
        : h(
            'table',
            { class: 'table', testid: 'offices-table' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ...['Office', 'Default brand kit', 'Media retention', 'Created (UTC)', ''].map((t) =>
                  h('th', {}, t),
                ),
              ),
            ),
            body,
          ),
    );
  };

  replace(
    root,
    h(
      'header',
      { class: 'page-header' },
      h('h1', {}, 'Offices'),
      h(
        'p',
        { class: 'lede' },
        `Your organization's offices in ${ctx.mode} mode: each has its own jobs, events, usage and webhook endpoints, may keep its jobs' media for its own number of days, and may name the brand kit its jobs draw when they name none. An office with a job still queued or processing is not deleted.`,
      ),
    ),
    banner,
    manage && h('div', { class: 'card form-row', testid: 'office-form' }, name, kit, days, create),
    list,
  );
  await render();
  return root;
}
