// Imagery: the organization's own imagery subscriptions (Nearmap, MetroMap, …) in the mode shown, which
// its address-only markups and frontage detections try before the stage's sources. Add one with its
// licence and key, or remove one. The key field is write-only: it is sent once and never shown again
// (the list shows its hint), and the field is emptied as soon as the source is registered.
import { call, type ImagerySource } from './api.ts';
import { guardedBy } from './banner.ts';
import { can, type PageContext } from './context.ts';
import { badge, button, formatTime, h, replace } from './dom.ts';

const KINDS = ['xyz-tiles', 'wms', 'arcgis-export'] as const;
const USES = ['store', 'print', 'portal'] as const;

const coverageText = (c: ImagerySource['coverage']) => `${c.west}..${c.east} E, ${c.south}..${c.north} N`;

export async function imageryPage(ctx: PageContext): Promise<HTMLElement> {
  const base = '/v1/dashboard/imagery-sources';
  const q = `?mode=${ctx.mode}`;
  const root = h('section', { class: 'page', testid: 'imagery-page' });
  const banner = h('div');
  const list = h('div', { class: 'card' });
  const guarded = guardedBy(banner, 'imagery-error');

  const field = (testid: string, placeholder: string, type = 'text') =>
    h('input', { attrs: { type, placeholder, autocomplete: 'off' }, testid });
  const name = field('imagery-name', 'Name, e.g. nearmap');
  const kind = h(
    'select',
    { testid: 'imagery-kind' },
    ...KINDS.map((k) => h('option', { attrs: { value: k } }, k)),
  );
  const url = field('imagery-url', 'https://api.nearmap.com/tiles/v3/Vert/{z}/{x}/{y}.jpg');
  const maxZoom = field('imagery-max-zoom', 'Max zoom (xyz-tiles)', 'number');
  const layers = field('imagery-layers', 'Layers (wms; arcgis-export optional)');
  const attribution = field('imagery-attribution', 'Attribution, e.g. Imagery © Nearmap');
  const coverage = field('imagery-coverage', 'Coverage WEST,SOUTH,EAST,NORTH (default: Australia)');
  const keyParam = field('imagery-key-param', 'Key parameter, e.g. apikey');
  // Write-only: a password field, never filled from an answer, emptied once sent.
  const key = h('input', {
    attrs: { type: 'password', placeholder: 'API key (kept secret)', autocomplete: 'new-password' },
    testid: 'imagery-key',
  });
  const uses = USES.map((use) => {
    const box = h('input', { attrs: { type: 'checkbox' }, testid: `imagery-licence-${use}` });
    return { use, box, label: h('label', { class: 'check' }, box, ` ${use}`) };
  });

  const bodyOf = () => {
    const chosen = kind.value as (typeof KINDS)[number];
    const box = coverage.value.trim().split(',').map(Number);
    return {
      name: name.value.trim(),
      kind: chosen,
      url: url.value.trim(),
      licence: Object.fromEntries(uses.map((u) => [u.use, u.box.checked])),
      attribution: attribution.value.trim(),
      ...(chosen === 'xyz-tiles' && maxZoom.value !== '' ? { max_zoom: Number(maxZoom.value) } : {}),
      ...(chosen !== 'xyz-tiles' && layers.value.trim() !== '' ? { layers: layers.value.trim() } : {}),
      ...(coverage.value.trim() === ''
        ? {}
        : { coverage: { west: box[0], south: box[1], east: box[2], north: box[3] } }),
      ...(key.value === '' ? {} : { api_key: key.value, api_key_param: keyParam.value.trim() }),
    };
  };

  const add = button(
    'Add source',
    guarded(async () => {
      try {
        const created = await call<ImagerySource>('POST', `${base}${q}`, bodyOf());
        for (const input of [name, url, maxZoom, layers, attribution, coverage, keyParam]) input.value = '';
        replace(
          banner,
          h(
            'div',
            { class: 'banner', testid: 'imagery-added' },
            `Added ${created.name}`,
            created.key_hint
              ? `; its key (${created.key_hint}) is kept secret and will not be shown again.`
              : '.',
          ),
        );
        await render();
      } finally {
        key.value = '';
      }
    }),
    { kind: 'primary', testid: 'add-imagery-source' },
  );

  const render = async () => {
    const { sources } = await call<{ sources: ImagerySource[] }>('GET', `${base}${q}`);
    const rows = sources.map((s) =>
      h(
        'tr',
        { testid: `imagery-row-${s.name}` },
        h('td', {}, h('div', { class: 'strong' }, s.name), h('div', { class: 'sub mono' }, s.id)),
        h('td', {}, s.kind, h('div', { class: 'sub mono' }, s.url)),
        h('td', { class: 'nowrap' }, coverageText(s.coverage)),
        h(
          'td',
          {},
          ...USES.map((use) => badge(use, s.licence[use] ? 'completed' : 'canceled')),
          h('div', { class: 'sub' }, s.attribution),
        ),
        h('td', {}, h('code', { class: 'hint', testid: 'imagery-key-hint' }, s.key_hint ?? 'no key')),
        h('td', { class: 'nowrap' }, formatTime(s.created_at)),
        h(
          'td',
          { class: 'actions' },
          can(ctx.account, 'imagery:manage') &&
            button(
              'Remove',
              guarded(async () => {
                if (!window.confirm(`Remove ${s.name} and its key? Jobs stop using it within a minute.`))
                  return;
                await call('DELETE', `${base}/${s.id}${q}`);
                await render();
              }),
              { kind: 'danger', testid: 'remove-imagery-source' },
            ),
        ),
      ),
    );
    replace(
      list,
      sources.length === 0
        ? h('p', { class: 'empty', testid: 'imagery-empty' }, 'No imagery sources in this mode.')
        : h(
            'table',
            { class: 'table', testid: 'imagery-table' },
            h(
              'thead',
              {},
              h(
                'tr',
                {},
                ...['Source', 'Protocol and URL', 'Coverage', 'Licence', 'Key', 'Added (UTC)', ''].map((t) =>
                  h('th', {}, t),
                ),
              ),
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
      h('h1', {}, 'Imagery sources'),
      h(
        'p',
        { class: 'lede' },
        `Your own imagery subscriptions in ${ctx.mode} mode, tried before the service's sources for your address-only markups and frontage detections, where they cover the property and their licence allows the use. A key is kept secret: only its last characters are ever shown.`,
      ),
    ),
    banner,
    can(ctx.account, 'imagery:manage') &&
      h(
        'div',
        { class: 'card stacked', testid: 'imagery-form' },
        h('div', { class: 'form-row' }, name, kind, url),
        h('div', { class: 'form-row' }, maxZoom, layers, coverage),
        h('div', { class: 'form-row' }, attribution, ...uses.map((u) => u.label)),
        h('div', { class: 'form-row' }, keyParam, key, add),
      ),
    list,
  );
  await render();
  return root;
}
