// Brand kits: the organization's branding in the mode shown (docs/readme/brand-kits.md), named on a job
// (brand_kit_id) or drawn as an office's default. Owners and admins create, edit and delete kits; a viewer
// reads. Each change runs the API's own brand kit use case (the logo is downloaded once and kept; colours
// checked as the slides check them) and is recorded in the audit log with the member. The contrast the
// slides will draw with the kit's colours is shown, with a warning where a colour had to be adjusted.
import { type BrandKit, call, type Office } from './api.ts';
import { guardedBy } from './banner.ts';
import { can, type PageContext } from './context.ts';
import { button, formatTime, h, replace } from './dom.ts';

const ratio = (n: number) => `${n.toFixed(1)}:1`;

/** What the slides will draw with the kit's colours, and a warning when they had to adjust one. */
export function contrastLines(kit: BrandKit): { text: string; warning: string | null } {
  const c = kit.colors.contrast;
  const text = `Text ${c.text_on_primary} on primary ${ratio(c.text_on_primary_ratio)}`;
  const adjusted = [
    c.secondary_on_primary_adjusted &&
      `drawn as ${c.secondary_on_primary} on the primary (${ratio(c.secondary_on_primary_ratio)})`,
    c.secondary_on_paper_adjusted &&
      `drawn as ${c.secondary_on_paper} on the paper (${ratio(c.secondary_on_paper_ratio)})`,
  ].filter((s): s is string => typeof s === 'string');
  return {
    text,
    warning:
      adjusted.length === 0
        ? null
        : `Secondary ${kit.colors.secondary ?? 'default'} stands out too little: ${adjusted.join('; ')}.`,
  };
}

function swatch(colour: string | null, title: string): HTMLElement {
  const el = h('span', { class: 'swatch swatch-large', attrs: { title } });
  if (colour === null) el.classList.add('swatch-none');
  else el.style.background = colour;
  return el;
}

interface Field {
  readonly key: string;
  readonly input: HTMLInputElement | HTMLTextAreaElement;
}

/** The kit form's fields, by the body path each fills (agency.name, colors.primary, …). */
function kitFields(): Field[] {
  const input = (key: string, placeholder: string, type = 'text') => ({
    key,
    input: h('input', {
      attrs: { type, placeholder, title: placeholder, autocomplete: 'off' },
      testid: `kit-${key.replace('.', '-').replace('_', '-')}`,
    }),
  });
  return [
    input('name', 'Kit name, e.g. Harbour & Co Bondi'),
    input('logo_url', 'Logo URL (https://…)', 'url'),
    input('colors.primary', 'Primary #RRGGBB'),
    input('colors.secondary', 'Secondary #RRGGBB'),
    input('agency.name', 'Agency name'),
    input('agency.phone', 'Agency phone'),
    input('agency.email', 'Agency email', 'email'),
    input('agency.licence_number', 'Agency licence number'),
    input('agent.name', 'Agent name'),
    input('agent.phone', 'Agent phone'),
    input('agent.email', 'Agent email', 'email'),
    input('agent.licence_number', 'Agent licence number'),
    {
      key: 'disclaimer',
      input: h('textarea', {
        attrs: { rows: '2', placeholder: 'Disclaimer (small print on every slide and end card)' },
        testid: 'kit-disclaimer',
      }),
    },
  ];
}

/** The kit's value of a form field ('' when it has none). */
function kitValue(kit: BrandKit, key: string): string {
  if (key === 'logo_url') return kit.logo?.source_url ?? '';
  const [group, field] = key.split('.') as [string, string | undefined];
  const holder = (kit as unknown as Record<string, unknown>)[group];
  const value = field === undefined ? holder : (holder as Record<string, unknown> | null)?.[field];
  return typeof value === 'string' ? value : '';
}

/**
 * The request body from the form. A create leaves out what is empty; a change sends null for it (the
 * kit's field is removed), and the agency and agent each whole (the API replaces such an object whole).
 */
function bodyOf(fields: readonly Field[], editing: BrandKit | undefined): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const { key, input } of fields) {
    const value = input.value.trim();
    const [group, field] = key.split('.') as [string, string | undefined];
    if (field === undefined) {
      if (value !== '') body[group] = value;
      else if (editing && group !== 'name') body[group] = null;
      continue;
    }
    const object = (body[group] ?? {}) as Record<string, unknown>;
    if (value !== '') object[field] = value;
    body[group] = object;
  }
  // The form has no field for the agent's photo: a change keeps the one the kit has (not downloaded again).
  const photo = editing?.agent.photo?.source_url;
  const agent = body.agent as Record<string, unknown>;
  if (photo && Object.keys(agent).length > 0) agent.photo_url = photo;
  for (const group of ['colors', 'agency', 'agent']) {
    if (Object.keys(body[group] as object).length === 0) {
      if (editing) body[group] = null;
      else delete body[group];
    }
  }
  return body;
}

export async function brandKitsPage(ctx: PageContext): Promise<HTMLElement> {
  const base = '/v1/dashboard/brand-kits';
  const q = `?mode=${ctx.mode}`;
  const manage = can(ctx.account, 'brand:manage');
  const root = h('section', { class: 'page', testid: 'brand-kits-page' });
  const banner = h('div', { testid: 'brand-kits-banner' });
  const list = h('div', { class: 'card' });
  const guarded = guardedBy(banner, 'brand-kits-error');
  const offices = can(ctx.account, 'offices:read')
    ? (await call<{ offices: Office[] }>('GET', `/v1/dashboard/offices${q}`)).offices
    : [];
  const officeName = (id: string | null) =>
    id === null ? 'Whole organization' : (offices.find((o) => o.id === id)?.name ?? id);

  // One form: it creates a kit, or changes the one opened with Edit.
  let editing: BrandKit | undefined;
  const fields = kitFields();
  const field = (key: string) => fields.find((f) => f.key === key)!.input;
  const office = h(
    'select',
    { testid: 'kit-office' },
    h('option', { attrs: { value: '' } }, 'Whole organization'),
    ...offices.map((o) => h('option', { attrs: { value: o.id } }, o.name)),
  );
  const title = h('div', { class: 'card-title', testid: 'kit-form-title' }, 'New brand kit');
  const clear = () => {
    editing = undefined;
    for (const f of fields) f.input.value = '';
    office.value = '';
    office.disabled = false;
    title.textContent = 'New brand kit';
    save.textContent = 'Create kit';
    cancel.hidden = true;
  };
  /** Saved: says so, with the contrast the slides will draw (and a warning when a colour was adjusted). */
  const saved = (kit: BrandKit, verb: string) => {
    const { text, warning } = contrastLines(kit);
    replace(
      banner,
      h(
        'div',
        { class: 'banner', testid: 'kit-saved' },
        h('div', { class: 'banner-title' }, `${verb} ${kit.name} (version ${kit.version}).`),
        h('div', { class: 'sub' }, text),
        warning && h('div', { class: 'warning', testid: 'kit-contrast-warning' }, warning),
      ),
    );
  };
  const save = button(
    'Create kit',
    guarded(async () => {
      if (editing) {
        const kit = await call<BrandKit>('PATCH', `${base}/${editing.id}${q}`, bodyOf(fields, editing));
        clear();
        saved(kit, 'Saved');
      } else {
        const kit = await call<BrandKit>('POST', `${base}${q}`, {
          ...bodyOf(fields, undefined),
          ...(office.value === '' ? {} : { office_id: office.value }),
        });
        clear();
        saved(kit, 'Created');
      }
      await render();
    }),
    { kind: 'primary', testid: 'save-kit' },
  );
  const cancel = button('Cancel', async () => clear(), { kind: 'ghost', testid: 'cancel-kit' });
  cancel.hidden = true;
  const edit = (kit: BrandKit) => {
    editing = kit;
    for (const f of fields) f.input.value = kitValue(kit, f.key);
    office.value = kit.office_id ?? '';
    office.disabled = true; // a kit's office is fixed once made
    title.textContent = `Edit ${kit.name}`;
    save.textContent = 'Save changes';
    cancel.hidden = false;
    title.scrollIntoView({ block: 'nearest' });
  };

  const render = async () => {
    const { brand_kits: kits } = await call<{ brand_kits: BrandKit[] }>('GET', `${base}${q}&limit=100`);
    const rows = kits.map((kit) => {
      const { text, warning } = contrastLines(kit);
      return h(
        'tr',
        { testid: `kit-row-${kit.id}` },
        h(
          'td',
          { class: 'kit-logo' },
          kit.logo
            ? h('img', { class: 'thumb', attrs: { src: kit.logo.url, alt: `${kit.name} logo` } })
            : h('span', { class: 'sub' }, 'no logo'),
        ),
        h(
          'td',
          {},
          h('div', { class: 'strong', testid: 'kit-row-name' }, kit.name),
          h('div', { class: 'sub mono' }, kit.id),
        ),
        h('td', { testid: 'kit-row-office' }, officeName(kit.office_id)),
        h('td', { class: 'nowrap' }, `v${kit.version}`),
        h(
          'td',
          { class: 'kit-colours' },
          h(
            'div',
            { class: 'swatches' },
            swatch(kit.colors.primary, 'Primary'),
            swatch(kit.colors.secondary, 'Secondary'),
            h(
              'span',
              { class: 'mono sub nowrap' },
              [kit.colors.primary, kit.colors.secondary].filter(Boolean).join(' · ') || 'defaults',
            ),
          ),
          h('div', { class: 'sub' }, text),
          warning && h('div', { class: 'warning', testid: 'kit-row-warning' }, warning),
        ),
        h('td', {}, formatTime(kit.updated_at)),
        h(
          'td',
          { class: 'actions' },
          manage &&
            h(
              'span',
              { class: 'btn-group' },
              button('Edit', async () => edit(kit), { testid: 'edit-kit' }),
              button(
                'Delete',
                guarded(async () => {
                  if (!window.confirm(`Delete ${kit.name}? Jobs naming it afterwards are refused.`)) return;
                  await call('DELETE', `${base}/${kit.id}${q}`);
                  if (editing?.id === kit.id) clear();
                  replace(
                    banner,
                    h('div', { class: 'banner', testid: 'kit-deleted' }, `Deleted ${kit.name}.`),
                  );
                  await render();
                }),
                { kind: 'danger', testid: 'delete-kit' },
              ),
            ),
        ),
      );
    });
    replace(
      list,
      kits.length === 0
        ? h('p', { class: 'empty', testid: 'brand-kits-empty' }, `No brand kits in ${ctx.mode} mode.`)
        : h(
            'table',
            { class: 'table', testid: 'brand-kits-table' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ...['Logo', 'Kit', 'Office', 'Version', 'Colours', 'Updated (UTC)', ''].map((t) =>
                  h('th', {}, t),
                ),
              ),
            ),
            h('tbody', {}, ...rows),
          ),
    );
  };

  const row = (...keys: string[]) => h('div', { class: 'form-row' }, ...keys.map(field));
  replace(
    root,
    h(
      'header',
      { class: 'page-header' },
      h('h1', {}, 'Brand kits'),
      h(
        'p',
        { class: 'lede' },
        `Your branding in ${ctx.mode} mode, named on a job (brand_kit_id) or drawn as an office's default. A change makes a new version: media already made keep the one they drew. A kit that is an office's default is not deleted.`,
      ),
    ),
    banner,
    manage &&
      h(
        'div',
        { class: 'card stacked kit-form', testid: 'kit-form' },
        title,
        h('div', { class: 'form-row' }, field('name'), office),
        row('logo_url', 'colors.primary', 'colors.secondary'),
        row('agency.name', 'agency.phone', 'agency.email', 'agency.licence_number'),
        row('agent.name', 'agent.phone', 'agent.email', 'agent.licence_number'),
        h('div', { class: 'form-row' }, field('disclaimer'), save, cancel),
      ),
    list,
  );
  await render();
  return root;
}
