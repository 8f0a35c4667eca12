// Settings: the organization's media retention (how long new jobs' media and inputs are kept), shown
// with the plan's and the stage's defaults and editable within the stage's bounds.
import { ApiFailure, call, type RetentionSettings } from './api.ts';
import { can, type PageContext } from './context.ts';
import { button, h, replace } from './dom.ts';

export async function settingsPage(ctx: PageContext): Promise<HTMLElement> {
  const root = h('section', { class: 'page', testid: 'settings-page' });
  const card = h('div', { class: 'card', testid: 'retention-settings' });
  const show = (settings: RetentionSettings, note?: HTMLElement) => {
    const days = h('input', {
      attrs: {
        type: 'number',
        min: '1',
        max: String(settings.max_days),
        value: String(settings.media_retention_days ?? settings.effective_days),
      },
      testid: 'retention-days',
    });
    replace(
      card,
      h('div', { class: 'card-title' }, 'Media retention'),
      h(
        'p',
        { testid: 'retention-effective' },
        `New jobs keep their media and inputs for ${settings.effective_days} day(s)`,
        settings.media_retention_days !== null
          ? ' (this organization’s setting).'
          : settings.plan_days !== null
            ? ` (the ${settings.plan} plan’s default).`
            : ' (the stage’s default).',
      ),
      h(
        'p',
        { class: 'sub' },
        `Stage default ${settings.stage_days} day(s)`,
        settings.plan_days !== null ? `, plan ${settings.plan} ${settings.plan_days} day(s)` : '',
        `; at most ${settings.max_days}. A request’s delete_after still wins; jobs already created keep their expiry.`,
      ),
      can(ctx.account, 'settings:manage') &&
        h(
          'div',
          { class: 'form-row' },
          days,
          h('span', { class: 'sub' }, 'days'),
          button(
            'Save',
            async () => {
              try {
                show(
                  await call<RetentionSettings>('PATCH', '/v1/dashboard/settings', {
                    media_retention_days: Number(days.value),
                  }),
                  h('p', { class: 'sub', testid: 'retention-saved' }, 'Saved.'),
                );
              } catch (error) {
                const message = error instanceof ApiFailure ? error.message : String(error);
                card.append(h('div', { class: 'banner banner-error', testid: 'retention-error' }, message));
              }
            },
            { kind: 'primary', testid: 'save-retention' },
          ),
        ),
      note,
    );
  };
  replace(
    root,
    h(
      'header',
      { class: 'page-header' },
      h('h1', {}, 'Settings'),
      h('p', { class: 'lede' }, 'Organization settings (both modes).'),
    ),
    card,
  );
  show(await call<RetentionSettings>('GET', '/v1/dashboard/settings'));
  return root;
}
