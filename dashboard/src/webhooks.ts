// Webhooks: the organization's signing secret (shown masked until revealed; rotating keeps the old one
// signing for 24 h), then the mode's webhook endpoints, managed here (create with the secret shown once,
// edit, enable/disable with the replay offer, rotate, ping, delete), and its recent events with their
// attempts, a resend per event and a range resend (docs/readme/webhooks.md).
import {
  call,
  type EventPage,
  type EventRecord,
  type RangeResend,
  type RangeResendAnswer,
  type ReplayOffer,
  type WebhookEndpoint,
  type WebhookSecrets,
} from './api.ts';
import { dismissible, failureBanner, showOnce } from './banner.ts';
import { can, type PageContext } from './context.ts';
import { badge, button, formatTime, h, replace } from './dom.ts';

const mask = (secret: string) => `${secret.slice(0, 6)}${'•'.repeat(24)}${secret.slice(-4)}`;

/** Event types as typed: comma- or space-separated, `*` for all. */
const parseEvents = (text: string) => {
  const types = text
    .split(/[\s,]+/)
    .map((t) => t.trim())
    .filter((t) => t !== '');
  return types.length > 0 ? types : ['*'];
};

/** A failure shown where it happened, in the API's words. */
const failure = (error: unknown) => failureBanner(error, 'webhook-error');

function secretBanner(title: string, secret: string): HTMLElement {
  return dismissible(
    h(
      'div',
      { class: 'banner banner-secret', testid: 'endpoint-secret' },
      h('div', { class: 'banner-title' }, title),
      h('p', {}, 'Store this signing secret now: it is shown only once and cannot be recovered.'),
      h(
        'div',
        { class: 'secret-row' },
        h('code', { class: 'secret', testid: 'endpoint-secret-value' }, secret),
      ),
    ),
    'I have stored it',
    'dismiss-endpoint-secret',
  );
}

const rangeText = (body: RangeResend) =>
  `${formatTime(body.created_from)} – ${formatTime(body.created_to)} UTC`;

function replayBanner(ctx: PageContext, offer: ReplayOffer, onDone: () => Promise<void>): HTMLElement {
  const result = h('p', { testid: 'replay-result' });
  const nothing = offer.failed + offer.missed === 0;
  return h(
    'div',
    { class: 'banner banner-secret', testid: 'replay-offer' },
    h('div', { class: 'banner-title' }, 'Enabled again: replay what it missed?'),
    h(
      'p',
      {},
      `Disabled ${offer.disabled_at ? `at ${formatTime(offer.disabled_at)} UTC` : '(time not recorded)'}`,
      offer.disabled_reason === 'failing' ? ' because every attempt kept failing' : ' by hand',
      `. Since ${rangeText(offer.resend.body)}: ${offer.failed} failed and ${offer.missed} missed event(s)`,
      offer.has_more ? ' (counted among the newest 500; more are older).' : '.',
    ),
    nothing
      ? h('p', {}, 'Nothing to replay.')
      : button(
          `Replay ${offer.failed + offer.missed} event(s)`,
          async () => {
            const answer = await call<RangeResendAnswer>(
              'POST',
              `/v1/dashboard/events/resend?mode=${ctx.mode}`,
              offer.resend.body,
            );
            result.textContent = `Queued ${answer.deliveries} delivery(ies) of ${answer.events} event(s)${answer.has_more ? '; more remain, resend an earlier range' : ''}.`;
            await onDone();
          },
          { kind: 'primary', testid: 'replay-missed' },
        ),
    result,
  );
}

function endpointsCard(
  ctx: PageContext,
  endpoints: readonly WebhookEndpoint[],
  banner: HTMLElement,
  refresh: () => Promise<void>,
): HTMLElement {
  const base = '/v1/dashboard/webhook-endpoints';
  const q = `?mode=${ctx.mode}`;
  const guarded = (run: () => Promise<void>) => async () => {
    try {
      await run();
    } catch (error) {
      replace(banner, failure(error));
    }
  };
  const state = (e: WebhookEndpoint) =>
    e.enabled
      ? e.failing_since
        ? h(
            'span',
            {},
            badge('failing', 'failed'),
            h('div', { class: 'sub' }, `since ${formatTime(e.failing_since)} UTC`),
          )
        : badge('enabled', 'completed')
      : h(
          'span',
          {},
          badge(e.disabled_reason === 'failing' ? 'disabled: kept failing' : 'disabled', 'canceled'),
          e.disabled_at && h('div', { class: 'sub' }, `since ${formatTime(e.disabled_at)} UTC`),
        );

  const url = h('input', {
    attrs: { type: 'text', placeholder: 'https://hooks.example.com/pms' },
    testid: 'endpoint-url',
  });
  const events = h('input', {
    attrs: { type: 'text', placeholder: 'Event types: * or job.completed, job.failed', value: '*' },
    testid: 'endpoint-events',
  });
  const description = h('input', {
    attrs: { type: 'text', placeholder: 'Description (optional)', maxlength: '500' },
    testid: 'endpoint-description',
  });
  const create = button(
    'Create endpoint',
    guarded(async () => {
      const created = await call<WebhookEndpoint & { secret: string }>('POST', `${base}${q}`, {
        url: url.value.trim(),
        enabled_events: parseEvents(events.value),
        ...(description.value.trim() ? { description: description.value.trim() } : {}),
      });
      url.value = '';
      description.value = '';
      showOnce(banner, secretBanner(`Secret of ${created.id}`, created.secret));
      await refresh();
    }),
    { kind: 'primary', testid: 'create-endpoint' },
  );

  const editor = (e: WebhookEndpoint, row: HTMLElement) => {
    const editUrl = h('input', { attrs: { type: 'text', value: e.url }, testid: 'edit-endpoint-url' });
    const editEvents = h('input', {
      attrs: { type: 'text', value: e.enabled_events.join(', ') },
      testid: 'edit-endpoint-events',
    });
    const editDescription = h('input', {
      attrs: { type: 'text', value: e.description ?? '', maxlength: '500' },
      testid: 'edit-endpoint-description',
    });
    const form: HTMLElement = h(
      'tr',
      { testid: `endpoint-editor-${e.id}` },
      h(
        'td',
        { attrs: { colspan: '5' } },
        h(
          'div',
          { class: 'form-row' },
          editUrl,
          editEvents,
          editDescription,
          button(
            'Save',
            guarded(async () => {
              await call('PATCH', `${base}/${e.id}${q}`, {
                url: editUrl.value.trim(),
                enabled_events: parseEvents(editEvents.value),
                description: editDescription.value.trim() || null,
              });
              await refresh();
            }),
            { kind: 'primary', testid: 'save-endpoint' },
          ),
          button('Cancel', () => form.remove(), { kind: 'ghost' }),
        ),
      ),
    );
    row.after(form);
  };

  const actions = (e: WebhookEndpoint, row: () => HTMLElement) =>
    h(
      'span',
      { class: 'btn-group' },
      button('Edit', () => editor(e, row()), { testid: 'edit-endpoint' }),
      button(
        e.enabled ? 'Disable' : 'Enable',
        guarded(async () => {
          const changed = await call<WebhookEndpoint & { replay: ReplayOffer | null }>(
            'PATCH',
            `${base}/${e.id}${q}`,
            { enabled: !e.enabled },
          );
          replace(banner, changed.replay ? replayBanner(ctx, changed.replay, refresh) : null);
          await refresh();
        }),
        { testid: e.enabled ? 'disable-endpoint' : 'enable-endpoint' },
      ),
      button(
        'Send test',
        guarded(async () => {
          const ping = await call<{ event_id: string }>('POST', `${base}/${e.id}/test${q}`);
          replace(
            banner,
            h('div', { class: 'banner', testid: 'ping-sent' }, `Ping ${ping.event_id} queued to ${e.id}.`),
          );
          await refresh();
        }),
        { testid: 'test-endpoint' },
      ),
      button(
        'Rotate secret',
        guarded(async () => {
          if (!window.confirm(`Rotate the secret of ${e.id}? The current one keeps signing for 24 hours.`))
            return;
          const rotated = await call<{ secret: string }>('POST', `${base}/${e.id}/rotate-secret${q}`);
          showOnce(banner, secretBanner(`New secret of ${e.id}`, rotated.secret));
          await refresh();
        }),
        { testid: 'rotate-endpoint-secret' },
      ),
      button(
        'Delete',
        guarded(async () => {
          if (!window.confirm(`Delete ${e.id}? Nothing more is sent to it, retries included.`)) return;
          await call('DELETE', `${base}/${e.id}${q}`);
          replace(banner);
          await refresh();
        }),
        { kind: 'danger', testid: 'delete-endpoint' },
      ),
    );

  return h(
    'div',
    { class: 'card', testid: 'webhook-endpoints' },
    h('div', { class: 'card-title' }, `Endpoints (${ctx.mode})`),
    can(ctx.account, 'webhooks:manage') && h('div', { class: 'form-row' }, url, events, description, create),
    endpoints.length === 0
      ? h('p', { class: 'empty' }, `No ${ctx.mode} webhook endpoints yet.`)
      : h(
          'table',
          { class: 'table' },
          h(
            'thead',
            {},
            h('tr', {}, ...['Endpoint', 'URL', 'Events', 'State', ''].map((t) => h('th', {}, t))),
          ),
          h(
            'tbody',
            {},
            ...endpoints.map((e) => {
              const row: HTMLElement = h(
                'tr',
                { testid: `endpoint-row-${e.id}` },
                // The description names the endpoint when it has one; the id stays beneath it, smaller.
                h(
                  'td',
                  {},
                  e.description && h('div', { class: 'strong' }, e.description),
                  h('div', { class: e.description ? 'sub mono' : 'mono' }, e.id),
                ),
                h('td', { class: 'mono' }, e.url),
                h('td', {}, e.enabled_events.join(', ')),
                h('td', {}, state(e)),
                h('td', { class: 'actions' }, can(ctx.account, 'webhooks:manage') && actions(e, () => row)),
              );
              return row;
            }),
          ),
        ),
  );
}

function attemptsRow(ctx: PageContext, record: EventRecord, banner: HTMLElement): HTMLElement {
  const resendTo = (endpointId: string | null) =>
    can(ctx.account, 'webhooks:manage') &&
    button(
      endpointId ? `Resend to ${endpointId}` : 'Resend',
      async () => {
        try {
          const answer = await call<{ resent_to: string[] }>(
            'POST',
            `/v1/dashboard/events/${record.id}/resend?mode=${ctx.mode}`,
            endpointId ? { endpoint_id: endpointId } : {},
          );
          replace(
            banner,
            h(
              'div',
              { class: 'banner', testid: 'resend-result' },
              `Resent ${record.id} to ${answer.resent_to.join(', ') || 'no receiver'} (same webhook-id).`,
            ),
          );
        } catch (error) {
          replace(banner, failure(error));
        }
      },
      { testid: endpointId ? 'resend-event-to' : 'resend-event' },
    );
  return h(
    'tr',
    { testid: `event-attempts-${record.id}` },
    h(
      'td',
      { attrs: { colspan: '6' } },
      record.deliveries.length === 0
        ? h('p', { class: 'empty' }, 'No attempt yet.')
        : h(
            'table',
            { class: 'table', testid: 'event-deliveries' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ...['Receiver', 'Attempt', 'At (UTC)', 'Status', 'Duration', 'Outcome', ''].map((t) =>
                  h('th', {}, t),
                ),
              ),
            ),
            h(
              'tbody',
              {},
              ...record.deliveries.flatMap((d) =>
                d.attempts.map((a, i) =>
                  h(
                    'tr',
                    {},
                    h('td', { class: 'mono' }, i === 0 ? (d.endpoint_id ?? 'webhook_url') : ''),
                    h('td', {}, `${a.attempt}${a.replay ? ' (resend)' : ''}`),
                    h('td', { class: 'nowrap' }, formatTime(a.attempted_at)),
                    h('td', {}, a.status_code === null ? (a.error ?? '—') : String(a.status_code)),
                    h('td', {}, `${a.duration_ms} ms`),
                    h('td', {}, badge(a.outcome, a.outcome === 'delivered' ? 'completed' : 'failed')),
                    h('td', {}, i === 0 && d.endpoint_id ? resendTo(d.endpoint_id) : ''),
                  ),
                ),
              ),
            ),
          ),
      h('div', { class: 'form-row' }, resendTo(null)),
    ),
  );
}

function eventsCard(
  ctx: PageContext,
  page: EventPage,
  endpoints: readonly WebhookEndpoint[],
  banner: HTMLElement,
): HTMLElement {
  const delivery = (success: boolean | null) =>
    success === null
      ? badge('no receiver yet', 'queued')
      : success
        ? badge('delivered', 'completed')
        : badge('failing', 'failed');

  // The range resend: UTC times, failed only by default, optionally one endpoint.
  const dayAgo = new Date(Date.now() - 86_400_000).toISOString().slice(0, 16);
  const from = h('input', { attrs: { type: 'datetime-local', value: dayAgo }, testid: 'resend-from' });
  const to = h('input', {
    attrs: { type: 'datetime-local', value: new Date(Date.now() + 60_000).toISOString().slice(0, 16) },
    testid: 'resend-to',
  });
  const failedOnly = h('input', { attrs: { type: 'checkbox', checked: '' }, testid: 'resend-failed-only' });
  const target = h(
    'select',
    { testid: 'resend-endpoint' },
    h('option', { attrs: { value: '' } }, 'every receiver'),
    ...endpoints.map((e) => h('option', { attrs: { value: e.id } }, e.id)),
  );
  const rangeResult = h('span', { class: 'sub', testid: 'range-resend-result' });
  const rangeResend = button(
    'Resend range',
    async () => {
      try {
        const body: RangeResend = {
          created_from: `${from.value}:00Z`,
          created_to: `${to.value}:59Z`,
          failed_only: failedOnly.checked,
          ...(target.value ? { endpoint_id: target.value } : {}),
        };
        const answer = await call<RangeResendAnswer>(
          'POST',
          `/v1/dashboard/events/resend?mode=${ctx.mode}`,
          body,
        );
        rangeResult.textContent = `Queued ${answer.deliveries} delivery(ies) of ${answer.events} event(s)${answer.has_more ? '; more than 500 matched, resend an earlier range too' : ''}.`;
      } catch (error) {
        replace(banner, failure(error));
      }
    },
    { testid: 'range-resend' },
  );

  return h(
    'div',
    { class: 'card', testid: 'webhook-events' },
    h('div', { class: 'card-title' }, `Recent events (${ctx.mode}, kept 30 days)`),
    can(ctx.account, 'webhooks:manage') &&
      h(
        'div',
        { class: 'form-row' },
        h('span', { class: 'sub' }, 'From (UTC)'),
        from,
        h('span', { class: 'sub' }, 'to'),
        to,
        h('label', { class: 'sub' }, failedOnly, ' failed only'),
        target,
        rangeResend,
        rangeResult,
      ),
    page.events.length === 0
      ? h('p', { class: 'empty' }, `No ${ctx.mode} events yet.`)
      : h(
          'table',
          { class: 'table' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              ...['Event', 'Type', 'Job', 'Delivery', 'Created (UTC)', ''].map((t) => h('th', {}, t)),
            ),
          ),
          h(
            'tbody',
            {},
            ...page.events.map((e) => {
              let open: HTMLElement | undefined;
              const row: HTMLElement = h(
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
                h(
                  'td',
                  { class: 'actions' },
                  button(
                    'Attempts',
                    async () => {
                      if (open) {
                        open.remove();
                        open = undefined;
                        return;
                      }
                      const record = await call<EventRecord>(
                        'GET',
                        `/v1/dashboard/events/${e.id}?mode=${ctx.mode}`,
                      );
                      open = attemptsRow(ctx, record, banner);
                      row.after(open);
                    },
                    { testid: 'event-attempts' },
                  ),
                ),
              );
              return row;
            }),
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
  const banner = h('div', { testid: 'webhook-banner' });
  const lists = h('div');
  const refresh = async () => {
    const [endpoints, events] = await Promise.all([
      call<{ endpoints: WebhookEndpoint[] }>('GET', `/v1/dashboard/webhook-endpoints?mode=${ctx.mode}`),
      call<EventPage>('GET', `/v1/dashboard/events?mode=${ctx.mode}&limit=20`),
    ]);
    replace(
      lists,
      endpointsCard(ctx, endpoints.endpoints, banner, refresh),
      eventsCard(ctx, events, endpoints.endpoints, banner),
    );
  };
  if (can(ctx.account, 'webhooks:secret')) {
    const [secrets] = await Promise.all([
      call<WebhookSecrets>('GET', '/v1/dashboard/webhook-secret'),
      refresh(),
    ]);
    show(secrets);
  } else {
    await refresh();
    replace(body, h('p', { class: 'sub' }, 'The signing secret is shown to owners and admins.'));
  }
  root.append(banner, lists);
  return root;
}
