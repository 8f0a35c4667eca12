// Members: who may sign in to the organization's dashboard, and with what role. Owners and admins invite
// (an email and a role; a `member` also its offices), change a role, or remove someone; on the local stack
// an invitation answers a one-time sign-in link to hand over. Only an owner may touch an owner, and the last
// owner cannot step down: the server refuses both, and the page shows its answer.
import { call, type Member, type Office, type Role } from './api.ts';
import { dismissible, guardedBy, showOnce } from './banner.ts';
import type { PageContext } from './context.ts';
import { badge, button, formatTime, h, replace } from './dom.ts';

const ROLES: readonly Role[] = ['owner', 'admin', 'member', 'viewer', 'billing'];
const ROLE_TEXT: Record<Role, string> = {
  owner: 'everything, owners included',
  admin: 'everything but owners',
  member: 'the jobs of its offices',
  viewer: 'read-only',
  billing: 'usage only',
};

/** The office ids chosen in an office picker. */
const officesOf = (picker: HTMLSelectElement) => [...picker.selectedOptions].map((option) => option.value);

/**
 * A picker of the organization's offices by name (both modes), with `chosen` selected. An id it does not
 * know (an office since deleted) is offered too, selected, so that it is seen and can be taken off.
 */
function officePicker(
  names: Map<string, string>,
  chosen: readonly string[],
  testid: string,
): HTMLSelectElement {
  const ids = [...names.keys(), ...chosen.filter((id) => !names.has(id))];
  const picker = h(
    'select',
    {
      testid,
      class: 'office-picker',
      attrs: {
        multiple: '',
        size: String(Math.min(3, Math.max(2, ids.length))),
        title: 'Ctrl/⌘-click: more than one',
      },
    },
    ...ids.map((id) =>
      h('option', { attrs: { value: id, title: id } }, names.get(id) ?? `${id} (no such office)`),
    ),
  );
  for (const option of picker.options) option.selected = chosen.includes(option.value);
  return picker;
}

function roleSelect(selected: Role, testid: string, long = true): HTMLSelectElement {
  // The invitation form says what each role may do; a member's row only names it (the table stays narrow).
  const select = h(
    'select',
    { testid },
    ...ROLES.map((r) =>
      h('option', { attrs: { value: r, title: ROLE_TEXT[r] } }, long ? `${r} (${ROLE_TEXT[r]})` : r),
    ),
  );
  select.value = selected;
  return select;
}

/**
 * The organization's offices of both modes by id, as "Bondi Beach (live)": a member's offices are shown by
 * name. Empty for a role that may not list offices (it then sees the ids).
 */
async function officeNames(): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for (const mode of ['test', 'live'] as const) {
    try {
      const { offices } = await call<{ offices: Office[] }>('GET', `/v1/dashboard/offices?mode=${mode}`);
      for (const office of offices) names.set(office.id, `${office.name} (${mode})`);
    } catch {
      // Not this role's to list: the ids stand.
    }
  }
  return names;
}

export async function membersPage(ctx: PageContext): Promise<HTMLElement> {
  const base = '/v1/dashboard/members';
  const me = ctx.account.member;
  const root = h('section', { class: 'page', testid: 'members-page' });
  const banner = h('div', { testid: 'members-banner' });
  const list = h('div', { class: 'card' });
  const guarded = guardedBy(banner, 'members-error');

  const email = h('input', {
    attrs: { type: 'email', placeholder: 'name@agency.com.au', maxlength: '254' },
    testid: 'invite-email',
  });
  const role = roleSelect('viewer', 'invite-role');
  role.addEventListener('change', () => (offices.hidden = role.value !== 'member'));
  // The member role's offices, by name; the picker is made again with each render (offices may change).
  let offices = officePicker(new Map(), [], 'invite-offices');
  const invite = button(
    'Invite',
    guarded(async () => {
      const invited = await call<
        Member & { invitation: 'sign_in_link' | 'email' | 'existing_account'; sign_in_link: string | null }
      >('POST', base, {
        email: email.value.trim(),
        role: role.value,
        ...(role.value === 'member' ? { office_ids: officesOf(offices) } : {}),
      });
      email.value = '';
      for (const option of offices.options) option.selected = false;
      showOnce(
        banner,
        dismissible(
          h(
            'div',
            { class: 'banner banner-secret', testid: 'invitation' },
            h('div', { class: 'banner-title' }, `Invited ${invited.email} as ${invited.role}`),
            invited.sign_in_link
              ? h(
                  'div',
                  {},
                  h('p', {}, 'Send them this one-time sign-in link (15 minutes, works once):'),
                  h('code', { class: 'secret', testid: 'invitation-link' }, invited.sign_in_link),
                )
              : h(
                  'p',
                  {},
                  invited.invitation === 'existing_account'
                    ? 'They already have a user of this organization: they sign in with it.'
                    : 'The stage’s user pool has emailed them a temporary password; they set their own and an authenticator app at their first sign-in.',
                ),
          ),
          'Done',
          'dismiss-invitation',
        ),
      );
      await render();
    }),
    { kind: 'primary', testid: 'invite-member' },
  );

  const render = async () => {
    const [{ members }, names] = await Promise.all([call<{ members: Member[] }>('GET', base), officeNames()]);
    const fresh = officePicker(names, officesOf(offices), 'invite-offices');
    fresh.hidden = role.value !== 'member';
    offices.replaceWith(fresh);
    offices = fresh;
    const officesCell = (m: Member) =>
      m.role !== 'member'
        ? 'all'
        : m.office_ids.length === 0
          ? 'none'
          : h(
              'span',
              { testid: 'member-office-names', attrs: { title: m.office_ids.join(', ') } },
              m.office_ids.map((id) => names.get(id) ?? id).join(', '),
            );
    const rows = members.map((m) => {
      const select = roleSelect(m.role, 'member-role', false);
      const memberOffices = officePicker(names, m.office_ids, 'member-offices');
      // Offices limit the member role only: the picker shows while that role is chosen.
      const showOffices = () => (memberOffices.hidden = select.value !== 'member');
      select.addEventListener('change', showOffices);
      showOffices();
      return h(
        'tr',
        { testid: `member-row-${m.id}` },
        h(
          'td',
          {},
          h('div', { class: 'strong', testid: 'member-email' }, m.email, m.id === me.id ? ' (you)' : ''),
          h('div', { class: 'sub mono' }, m.id),
        ),
        h('td', {}, badge(m.role, m.role === 'owner' ? 'completed' : 'queued', 'member-role-badge')),
        h('td', {}, officesCell(m)),
        h('td', { class: 'nowrap' }, formatTime(m.created_at)),
        h(
          'td',
          { class: 'actions' },
          h(
            'span',
            { class: 'btn-group' },
            select,
            memberOffices,
            button(
              'Save',
              guarded(async () => {
                await call('PATCH', `${base}/${m.id}`, {
                  role: select.value,
                  ...(select.value === 'member' ? { office_ids: officesOf(memberOffices) } : {}),
                });
                await render();
              }),
              { testid: 'save-member' },
            ),
            button(
              'Remove',
              guarded(async () => {
                if (!window.confirm(`Remove ${m.email}? Their sessions end at once.`)) return;
                await call('DELETE', `${base}/${m.id}`);
                await render();
              }),
              { kind: 'danger', testid: 'remove-member' },
            ),
          ),
        ),
      );
    });
    replace(
      list,
      h(
        'table',
        { class: 'table', testid: 'members-table' },
        h(
          'thead',
          {},
          h('tr', {}, ...['Member', 'Role', 'Offices', 'Joined (UTC)', ''].map((t) => h('th', {}, t))),
        ),
        h('tbody', {}, ...rows),
      ),
    );
  };

  replace(
    root,
    h(
      'header',
      { class: 'page-header' },
      h('h1', {}, 'Members'),
      h(
        'p',
        { class: 'lede' },
        'Who may sign in to this dashboard. Owners and admins manage everything (only an owner touches an owner); a member sees the jobs of its offices; a viewer reads; billing sees usage. Every change is in the audit log.',
      ),
    ),
    banner,
    h('div', { class: 'card form-row', testid: 'invite-form' }, email, role, offices, invite),
    list,
  );
  await render();
  return root;
}
