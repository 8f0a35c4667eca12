// The developer dashboard: sign in, then API keys, webhooks, imagery sources, jobs, usage, settings and
// members of one organization, as far as the member's role allows (the rest is not shown; the server
// refuses it anyway). Hash routes (#/keys, #/webhooks, #/imagery, #/offices, #/brand-kits, #/jobs,
// #/jobs/<id>, #/usage, #/settings, #/members, #/audit); the mode (test/live) is a toggle.
import {
  ApiFailure,
  call,
  currentSession,
  forgetSession,
  loadConfig,
  type Mode,
  type SignInConfig,
  whenUnauthorized,
} from './api.ts';
import { auditPage } from './audit.ts';
import { exchangeToken, finishCognitoSignIn, signInFromLink, startCognitoSignIn } from './auth.ts';
import { clearNotices } from './banner.ts';
import { brandKitsPage } from './brand-kits.ts';
import { type Account, can, type PageContext } from './context.ts';
import { button, h, replace } from './dom.ts';
import { imageryPage } from './imagery.ts';
import { jobPage, jobsPage } from './jobs.ts';
import { keysPage } from './keys.ts';
import { membersPage } from './members.ts';
import { officesPage } from './offices.ts';
import { settingsPage } from './settings.ts';
import { usagePage } from './usage.ts';
import { webhooksPage } from './webhooks.ts';

const MODE_KEY = 'pms.dashboard.mode';
const app = document.getElementById('app')!;
let config: SignInConfig;
/**
 * Counts what changes the screen (a hash change, a mode switch, a sign-in or sign-out screen). A page is
 * shown only if nothing has changed the screen since it was asked for: answers can arrive out of order,
 * and a slow one must not put back a page the person has already left.
 */
let screen = 0;

function signInScreen(message?: string): void {
  screen += 1;
  clearNotices();
  const input = h('input', {
    testid: 'sign-in-token',
    attrs: { type: 'text', placeholder: 'Paste a sign-in link or dsi_… token', autocomplete: 'off' },
  });
  const body =
    config.sign_in === 'cognito'
      ? [
          h('p', {}, 'Sign in with your organization account.'),
          button('Sign in', () => startCognitoSignIn(config), { kind: 'primary', testid: 'cognito-sign-in' }),
        ]
      : [
          h(
            'p',
            {},
            'Open the one-time sign-in link printed by ',
            h('code', {}, 'npm start'),
            ', or print a new one:',
          ),
          h('pre', { class: 'cmd' }, 'npm run keys -- signin-link --org <organization> [--email <you>]'),
          h(
            'div',
            { class: 'form-row' },
            input,
            button(
              'Sign in',
              async () => {
                const token = /dsi_[0-9A-Za-z]+/.exec(input.value)?.[0];
                if (!token) return signInScreen('That is not a sign-in link.');
                try {
                  await exchangeToken(token);
                  window.location.hash = '#/keys';
                  await start();
                } catch (error) {
                  signInScreen((error as Error).message);
                }
              },
              { kind: 'primary', testid: 'sign-in-submit' },
            ),
          ),
        ];
  replace(
    app,
    h(
      'main',
      { class: 'sign-in', testid: 'sign-in' },
      h(
        'div',
        { class: 'card sign-in-card' },
        h('div', { class: 'brand brand-large' }, h('span', { class: 'logo' }), 'Property Media API'),
        h('h1', {}, 'Developer dashboard'),
        message && h('div', { class: 'banner banner-error', testid: 'sign-in-error' }, message),
        ...body,
      ),
    ),
  );
}

/** Each page, and what the role must be able to do for it to be shown. */
const NAV: ReadonlyArray<readonly [string, string, string]> = [
  ['#/keys', 'API keys', 'keys:read'],
  ['#/webhooks', 'Webhooks', 'webhooks:read'],
  ['#/imagery', 'Imagery', 'imagery:read'],
  ['#/offices', 'Offices', 'offices:read'],
  ['#/brand-kits', 'Brand kits', 'brand:read'],
  ['#/jobs', 'Jobs', 'jobs:read'],
  ['#/usage', 'Usage', 'usage:read'],
  ['#/settings', 'Settings', 'settings:read'],
  ['#/members', 'Members', 'members:read'],
  ['#/audit', 'Audit log', 'audit:read'],
];

async function shell(account: Account, mine = ++screen): Promise<void> {
  const stored = sessionStorage.getItem(MODE_KEY) as Mode | null;
  const mode: Mode = stored && account.modes.includes(stored) ? stored : account.modes[0]!;
  const content = h('div', { class: 'content' });
  const nav = NAV.filter(([, , ability]) => can(account, ability));
  const asked = window.location.hash;
  // A page the role may not see opens the first one it may (the server would refuse the other's calls).
  const route = nav.some(([hash]) => asked.startsWith(hash)) ? asked : (nav[0]?.[0] ?? '#/none');
  const ctx: PageContext = {
    account,
    mode,
    navigate: (hash) => {
      window.location.hash = hash;
    },
  };
  const toggle = h(
    'div',
    { class: 'mode-toggle', testid: 'mode-toggle' },
    ...account.modes.map((m) =>
      button(
        m === 'test' ? 'Test' : 'Live',
        () => {
          sessionStorage.setItem(MODE_KEY, m);
          void shell(account);
        },
        { kind: m === mode ? 'primary' : 'ghost', testid: `mode-${m}` },
      ),
    ),
  );
  replace(
    app,
    h(
      'div',
      { class: 'layout' },
      h(
        'nav',
        { class: 'sidebar' },
        h('div', { class: 'brand' }, h('span', { class: 'logo' }), 'Property Media API'),
        ...nav.map(([hash, label]) =>
          h(
            'a',
            {
              class: route.startsWith(hash) ? 'nav-link active' : 'nav-link',
              attrs: { href: hash },
              testid: `nav-${hash.slice(2)}`,
            },
            label,
          ),
        ),
        h(
          'div',
          { class: 'sidebar-foot' },
          h(
            'a',
            { class: 'nav-link', attrs: { href: '../v1/openapi.json', target: '_blank', rel: 'noopener' } },
            'OpenAPI document',
          ),
        ),
      ),
      h(
        'div',
        { class: 'main' },
        h(
          'header',
          { class: 'topbar' },
          h(
            'div',
            { class: 'org' },
            h('span', { class: 'sub' }, 'Organization'),
            h('strong', { testid: 'org-id' }, account.organization_id),
          ),
          h(
            'div',
            { class: 'org' },
            h('span', { class: 'sub', testid: 'signed-in-role' }, account.member.role),
            h('strong', { testid: 'signed-in-email' }, account.member.email),
          ),
          toggle,
          button('Sign out', signOut, { kind: 'ghost', testid: 'sign-out' }),
        ),
        content,
      ),
    ),
  );
  replace(content, h('p', { class: 'loading' }, 'Loading…'));
  try {
    const job = /^#\/jobs\/([0-9a-f-]{36})$/.exec(route)?.[1];
    const page = job
      ? await jobPage(ctx, job)
      : route.startsWith('#/webhooks')
        ? await webhooksPage(ctx)
        : route.startsWith('#/imagery')
          ? await imageryPage(ctx)
          : route.startsWith('#/jobs')
            ? await jobsPage(ctx)
            : route.startsWith('#/usage')
              ? await usagePage(ctx)
              : route.startsWith('#/settings')
                ? await settingsPage(ctx)
                : route.startsWith('#/members')
                  ? await membersPage(ctx)
                  : route.startsWith('#/audit')
                    ? await auditPage(ctx)
                    : route.startsWith('#/offices')
                      ? await officesPage(ctx)
                      : route.startsWith('#/brand-kits')
                        ? await brandKitsPage(ctx)
                        : route.startsWith('#/keys')
                          ? await keysPage(ctx)
                          : h('p', { class: 'empty' }, 'Your role has no page here.');
    if (mine === screen) replace(content, page);
  } catch (error) {
    if (mine !== screen || (error instanceof ApiFailure && error.status === 401)) return;
    replace(
      content,
      h('div', { class: 'banner banner-error', testid: 'page-error' }, (error as Error).message),
    );
  }
}

async function signOut(): Promise<void> {
  const session = currentSession();
  if (session?.kind === 'sign-in-link')
    await call('POST', '/v1/dashboard/sessions/end').catch(() => undefined);
  forgetSession();
  if (session?.kind === 'cognito' && config.cognito) {
    const url = new URL('/logout', config.cognito.domain);
    url.search = new URLSearchParams({
      client_id: config.cognito.client_id,
      logout_uri: `${window.location.origin}${window.location.pathname}`,
    }).toString();
    window.location.assign(url.toString());
    return;
  }
  signInScreen('You are signed out.');
}

async function start(): Promise<void> {
  if (!currentSession()) return signInScreen();
  const mine = ++screen;
  // The page left is taken down at once, not when the account's answer comes: until then a click on it
  // would act on what the person has navigated away from (a Delete on the previous job's page).
  const shown = app.querySelector('.content');
  if (shown) replace(shown, h('p', { class: 'loading' }, 'Loading…'));
  const account = await call<Account>('GET', '/v1/dashboard/account');
  // A later navigation has asked for its own page meanwhile: its layout and page win.
  if (mine === screen) await shell(account, mine);
}

async function boot(): Promise<void> {
  config = await loadConfig();
  whenUnauthorized(() => signInScreen('Your session has ended; sign in again.'));
  window.addEventListener('hashchange', () => {
    if (/sign-in=/.test(window.location.hash)) {
      signInFromLink()
        .then(start)
        .catch((error: Error) => signInScreen(error.message));
    } else if (currentSession()) void start();
  });
  try {
    if (config.sign_in === 'cognito') await finishCognitoSignIn(config);
    else await signInFromLink();
  } catch (error) {
    return signInScreen((error as Error).message);
  }
  await start();
}

void boot();
