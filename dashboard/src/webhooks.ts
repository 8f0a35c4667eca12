// Webhooks: the organization's signing secret (shown masked until revealed; rotating keeps the old one
// signing for 24 h), then the mode's webhook endpoints and its recent events with whether every receiver
// has them (read only: endpoints are managed with the API, docs/readme/webhooks.md).
import { call, type EventPage, type WebhookEndpoint, type WebhookSecrets } from './api.ts';
import type { PageContext } from './context.ts';
import { badge, button, formatTime, h, replace } from './dom.ts';

const mask = (secret: string) => `${secret.slice(0, 6)}${'•'.repeat(24)}${secret.slice(-4)}`;

function endpointsCard(ctx: PageContext, endpoints: readonly WebhookEndpoint[]): HTMLElement {
  const state = (e: WebhookEndpoint) =>
    e.enabled
      ? e.failing_since
        ? badge(`failing since ${formatTime(e.failing_since)}`, 'failed')
        : badge('enabled', 'completed')
      : badge(e.disabled_reason === 'failing' ? 'disabled: kept failing' : 'disabled', 'canceled');
  return h(
    'div',
    { class: 'card', testid: 'webhook-endpoints' },
    h('div', { class: 'card-title' }, `Endpoints (${ctx.mode})`),
    endpoints.length === 0
      ? h(
          'p',
          { class: 'empty' },
          `No ${ctx.mode} webhook endpoints: create one with POST /v1/webhook-endpoints.`,
        )
      : h(
          'table',
          { class: 'table' },
          h('thead', {}, h('tr', {}, ...['Endpoint', 'URL', 'Events', 'State'].map((t) => h('th', {}, t)))),
          h(
            'tbody',
            {},
            ...endpoints.map((e) =>
              h(
                'tr',
                { testid: `endpoint-row-${e.id}` },
                h(
                  'td',
                  {},
                  h('span', { class: 'mono' }, e.id),
                  e.description && h('div', { class: 'sub' }, e.description),
                ),
                h('td', { class: 'mono' }, e.url),
                h('td', {}, e.enabled_events.join(', ')),
                h('td', {}, state(e)),
              ),
            ),
          ),
        ),
  );
}

function eventsCard(ctx: PageContext, page: EventPage): HTMLElement {
  const delivery = (success: boolean | null) =>
    success === null
      ? badge('no receiver yet', 'queued')
      : success
        ? badge('delivered', 'completed')
        : badge('failing', 'failed');
  return h(
    'div',
    { class: 'card', testid: 'webhook-events' },
    h('div', { class: 'card-title' }, `Recent events (${ctx.mode}, kept 30 days)`),
    page.events.length === 0
      ? h('p', { class: 'empty' }, `No ${ctx.mode} events yet.`)
      : h(
          'table',
          { class: 'table' },
          h(
            'thead',
            {},
            h('tr', {}, ...['Event', 'Type', 'Job', 'Delivery', 'Created (UTC)'].map((t) => h('th', {}, t))),
          ),
          h(
            'tbody',
            {},
            ...page.events.map((e) =>
              h(
                'tr',
                { testid: `event-row-${e.id}` },
                h('td', { class: 'mono' }, e.id),
                h('td', {}, e.type),
                h(
                  'td',
                  {},
                  e.job_id
                    ? h(
                        'a',
                        { class: 'mono', attrs: { href: `#/jobs/${e.job_id}` } },
                        e.job_id.slice(0, 13),
                        '…',
                      )
                    : '—',
                ),
                h('td', {}, delivery(e.delivery_success)),
                h('td', { class: 'nowrap' }, formatTime(e.created_at)),
              ),
            ),
          ),
        ),
  );
}

export async function webhooksPage(ctx: PageContext): Promise<HTMLElement> {
  const root = h('section', { class: 'page', testid: 'webhooks-page' });
  const body = h('div');
  const show = (secrets: WebhookSecrets) => {
    let revealed = false;
    const value = h('code', { class: 'secret', testid: 'webhook-secret' }, mask(secrets.current.secret));
    const reveal = button(
      'Reveal',
      () => {
        revealed = !revealed;
        value.textContent = revealed ? secrets.current.secret : mask(secrets.current.secret);
        reveal.textContent = revealed ? 'Hide' : 'Reveal';
      },
      { kind: 'ghost', testid: 'reveal-secret' },
    );
    replace(
      body,
      h(
        'div',
        { class: 'card' },
        h('div', { class: 'card-title' }, 'Signing secret'),
        h('div', { class: 'secret-row' }, value, reveal),
        h('p', { class: 'sub' }, `Created ${formatTime(secrets.current.created_at)} UTC`),
        button(
          'Rotate secret',
          async () => {
            if (!window.confirm('Rotate the signing secret? The current one keeps signing for 24 hours.'))
              return;
            show(await call<WebhookSecrets>('POST', '/v1/dashboard/webhook-secret/rotate'));
          },
          { kind: 'primary', testid: 'rotate-secret' },
        ),
      ),
      secrets.previous.length > 0 &&
        h(
          'div',
          { class: 'card', testid: 'previous-secrets' },
          h('div', { class: 'card-title' }, 'Still signing (rotated out)'),
          ...secrets.previous.map((s) =>
            h(
              'div',
              { class: 'secret-row' },
              h('code', { class: 'secret' }, mask(s.secret)),
              h('span', { class: 'sub' }, `until ${formatTime(s.expires_at)} UTC`),
            ),
          ),
        ),
    );
  };
  replace(
    root,
    h(
      'header',
      { class: 'page-header' },
      h('h1', {}, 'Webhooks'),
      h(
        'p',
        { class: 'lede' },
        'Deliveries are signed per Standard Webhooks (webhook-id, webhook-timestamp, webhook-signature) with this secret.',
      ),
    ),
    body,
  );
  const [secrets, endpoints, events] = await Promise.all([
    call<WebhookSecrets>('GET', '/v1/dashboard/webhook-secret'),
    call<{ endpoints: WebhookEndpoint[] }>('GET', `/v1/dashboard/webhook-endpoints?mode=${ctx.mode}`),
    call<EventPage>('GET', `/v1/dashboard/events?mode=${ctx.mode}&limit=20`),
  ]);
  show(secrets);
  root.append(endpointsCard(ctx, endpoints.endpoints), eventsCard(ctx, events));
  return root;
}
