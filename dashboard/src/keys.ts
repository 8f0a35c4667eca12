// API keys: create, list, rotate, revoke. A new key's secret is shown once, in a banner, then only its hint.
// A key may be bound to one of the organization's offices of its mode (it then sees and makes only that
// office's jobs): the form offers the offices of the mode chosen, and the list names each key's office.
import { API_SCOPES, SCOPE_DESCRIPTIONS } from '../../functions/core/auth/scopes.ts';
import { call, type DashboardKey, type Mode, type Office } from './api.ts';
import { dismissible, showOnce } from './banner.ts';
import { can, type PageContext } from './context.ts';
import { badge, button, formatTime, h, replace } from './dom.ts';

/** The scopes a key can hold (the API's closed set) and what each allows. */
const SCOPES = API_SCOPES.map((scope) => [scope, SCOPE_DESCRIPTIONS[scope]] as const);

function secretBanner(title: string, key: string): HTMLElement {
  const copy = button('Copy', async () => navigator.clipboard?.writeText(key).catch(() => undefined), {
    kind: 'ghost',
  });
  return dismissible(
    h(
      'div',
      { class: 'banner banner-secret', testid: 'new-secret' },
      h('div', { class: 'banner-title' }, title),
      h('p', {}, 'Store this key now: it is shown only once and cannot be recovered.'),
      h(
        'div',
        { class: 'secret-row' },
        h('code', { class: 'secret', testid: 'new-secret-value' }, key),
        copy,
      ),
    ),
    'I have stored it',
    'dismiss-secret',
  );
}

export async function keysPage(ctx: PageContext): Promise<HTMLElement> {
  const manage = can(ctx.account, 'keys:manage');
  const root = h('section', { class: 'page', testid: 'keys-page' });
  const banner = h('div');
  const table = h('div', { class: 'card' });
  const name = h('input', {
    attrs: { type: 'text', placeholder: 'Key name, e.g. CRM integration', maxlength: '100' },
    testid: 'key-name',
  });
  const mode = h(
    'select',
    { testid: 'key-mode' },
    ...ctx.account.modes.map((m) => h('option', { attrs: { value: m } }, m === 'test' ? 'Test' : 'Live')),
  );
  mode.value = ctx.account.modes.includes(ctx.mode) ? ctx.mode : ctx.account.modes[0]!;
  // The organization's offices per mode, read once with the page: the form's choices and the list's names.
  const officesByMode = new Map<string, Office[]>(
    await Promise.all(
      ctx.account.modes.map(
        async (m) =>
          [m, (await call<{ offices: Office[] }>('GET', `/v1/dashboard/offices?mode=${m}`)).offices] as const,
      ),
    ),
  );
  const officeName = new Map([...officesByMode.values()].flat().map((o) => [o.id, o.name]));
  const office = h('select', { testid: 'key-office', attrs: { title: 'The office the key acts for' } });
  const fillOffices = () => {
    const offices = officesByMode.get(mode.value) ?? [];
    replace(
      office,
      h('option', { attrs: { value: '' } }, 'Whole organization'),
      ...offices.map((o) => h('option', { attrs: { value: o.id } }, o.name)),
    );
    // An organization without offices in this mode has nothing to choose.
    office.disabled = offices.length === 0;
  };
  fillOffices();
  mode.addEventListener('change', fillOffices);
  // What the new key may do: ticked scopes only (admin implies the rest, so it unticks and locks them).
  const scopeBoxes = SCOPES.map(([scope, label]) => {
    const box = h('input', { attrs: { type: 'checkbox', value: scope }, testid: `key-scope-${scope}` });
    return { scope, box, row: h('label', { class: 'check', attrs: { title: label } }, box, ` ${scope}`) };
  });
  const admin = scopeBoxes.find((s) => s.scope === 'admin')!.box;
  const syncScopes = () => {
    for (const { scope, box } of scopeBoxes) if (scope !== 'admin') box.disabled = admin.checked;
  };
  admin.addEventListener('change', syncScopes);
  for (const { scope, box } of scopeBoxes) box.checked = scope === 'jobs:read' || scope === 'jobs:write';

  const showSecret = (title: string, key: string) => showOnce(banner, secretBanner(title, key));

  const render = async () => {
    const { keys } = await call<{ keys: DashboardKey[] }>('GET', '/v1/dashboard/keys');
    const rows = keys.map((key) =>
      h(
        'tr',
        { testid: `key-row-${key.key_id}`, class: key.status === 'revoked' ? 'muted' : undefined },
        h('td', {}, h('div', { class: 'strong' }, key.name), h('div', { class: 'sub mono' }, key.key_id)),
        h('td', {}, h('code', { class: 'hint', testid: 'key-hint' }, key.hint)),
        h('td', {}, badge(key.mode, key.mode)),
        h('td', { class: 'scopes', testid: 'key-scopes' }, key.scopes.join(', ')),
        h(
          'td',
          { testid: 'key-office-name', class: key.office_id ? undefined : 'sub' },
          key.office_id ? (officeName.get(key.office_id) ?? key.office_id) : 'All offices',
        ),
        h('td', {}, badge(key.status, key.status, 'key-status')),
        // Made and last used in one column: the table then fits the page beside its buttons.
        h(
          'td',
          { class: 'nowrap' },
          formatTime(key.created_at),
          h(
            'div',
            { class: 'sub', testid: 'key-last-used' },
            key.last_used_at ? `used ${formatTime(key.last_used_at)}` : 'never used',
          ),
        ),
        h(
          'td',
          { class: 'actions' },
          !manage
            ? null
            : key.status === 'active'
              ? h(
                  'span',
                  { class: 'btn-group' },
                  button(
                    'Rotate',
                    async () => {
                      if (!window.confirm(`Rotate ${key.name}? The current key stops working at once.`))
                        return;
                      const created = await call<{ key: string }>(
                        'POST',
                        `/v1/dashboard/keys/${key.key_id}/rotate`,
                      );
                      showSecret(`Replacement for “${key.name}”`, created.key);
                      await render();
                    },
                    { testid: 'rotate-key' },
                  ),
                  button(
                    'Revoke',
                    async () => {
                      if (!window.confirm(`Revoke ${key.name}? Requests with it fail at once.`)) return;
                      await call('POST', `/v1/dashboard/keys/${key.key_id}/revoke`);
                      await render();
                    },
                    { kind: 'danger', testid: 'revoke-key' },
                  ),
                )
              : h('span', { class: 'sub' }, `revoked ${formatTime(key.revoked_at)}`),
        ),
      ),
    );
    replace(
      table,
      keys.length === 0
        ? h('p', { class: 'empty' }, 'No keys yet. Create one above.')
        : h(
            'table',
            { class: 'table', testid: 'keys-table' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ...['Name', 'Key', 'Mode', 'Scopes', 'Office', 'Status', 'Created, last used (UTC)', ''].map(
                  (t) => h('th', {}, t),
                ),
              ),
            ),
            h('tbody', {}, ...rows),
          ),
    );
  };

  const create = button(
    'Create key',
    async () => {
      const scopes = admin.checked
        ? ['admin']
        : scopeBoxes.filter(({ box }) => box.checked).map(({ scope }) => scope);
      if (scopes.length === 0)
        return window.alert('Tick at least one scope: a key with none could do nothing.');
      const created = await call<{ key: string; name: string }>('POST', '/v1/dashboard/keys', {
        name: name.value.trim() || `${mode.value} key`,
        mode: mode.value as Mode,
        scopes,
        ...(office.value ? { office_id: office.value } : {}),
      });
      name.value = '';
      showSecret(`New key “${created.name}”`, created.key);
      await render();
    },
    { kind: 'primary', testid: 'create-key' },
  );

  replace(
    root,
    h(
      'header',
      { class: 'page-header' },
      h('h1', {}, 'API keys'),
      h(
        'p',
        { class: 'lede' },
        'Keys authenticate your servers (X-API-Key). Test keys see test jobs only; live keys live jobs only.',
      ),
    ),
    banner,
    manage &&
      h(
        'div',
        { class: 'card', testid: 'create-key-form' },
        h('div', { class: 'form-row' }, name, mode, office, create),
        h('div', { class: 'form-row scope-row', testid: 'key-scopes-form' }, ...scopeBoxes.map((s) => s.row)),
      ),
    table,
  );
  await render();
  return root;
}
