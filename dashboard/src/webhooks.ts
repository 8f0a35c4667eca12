// The webhook signing secret: shown masked until revealed; rotating keeps the old one signing for 24 h.
import { call, type WebhookSecrets } from './api.ts';
import { button, formatTime, h, replace } from './dom.ts';

const mask = (secret: string) => `${secret.slice(0, 6)}${'•'.repeat(24)}${secret.slice(-4)}`;

export async function webhooksPage(): Promise<HTMLElement> {
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
  show(await call<WebhookSecrets>('GET', '/v1/dashboard/webhook-secret'));
  return root;
}
