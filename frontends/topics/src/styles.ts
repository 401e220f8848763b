import { injectCss } from '@honne/ui';

/**
 * Styles of the topics screens only; every value comes from the kit's tokens (`--hn-*`), so the
 * screens look like the rest of the app. Injected once per document.
 */
const css = `
.tp-screen { flex: 1; display: flex; flex-direction: column; min-height: 0; }
.tp-selectors {
  position: sticky; top: var(--hn-size-header); z-index: 5;
  display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: var(--hn-space-2);
  padding: var(--hn-space-2) var(--hn-space-3); background: var(--hn-color-bg); border-bottom: 1px solid var(--hn-color-border);
}
.tp-selector {
  display: flex; flex-direction: column; align-items: flex-start; justify-content: center; min-width: 0;
  min-height: var(--hn-size-target); padding: 2px var(--hn-space-3); border-radius: var(--hn-radius-sm);
  border: 1.5px solid var(--hn-color-border-strong); background: var(--hn-color-surface); cursor: pointer; text-align: left;
}
.tp-selector:hover { border-color: var(--hn-color-primary); }
.tp-selector__label { font-size: 11px; color: var(--hn-color-text-muted); line-height: 1.3; }
.tp-selector__value { font-size: var(--hn-font-size-small); font-weight: 700; line-height: 1.4; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tp-theme-bar { display: flex; align-items: center; justify-content: space-between; gap: var(--hn-space-2); padding: var(--hn-space-2) var(--hn-space-4); font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); }
.tp-theme-bar strong { color: var(--hn-color-text); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tp-link-button { border: 0; background: transparent; color: var(--hn-color-primary); font-weight: 700; cursor: pointer; min-height: var(--hn-size-target); padding: 0 var(--hn-space-2); font-size: var(--hn-font-size-small); white-space: nowrap; text-decoration: underline; text-underline-offset: 3px; }

.tp-list { list-style: none; margin: 0; padding: 0; }
.tp-row { border-bottom: 1px solid var(--hn-color-border); background: var(--hn-color-surface); }
.tp-row__button {
  display: grid; grid-template-columns: auto minmax(0, 1fr) auto; gap: var(--hn-space-3); align-items: center;
  width: 100%; min-height: 76px; padding: var(--hn-space-3) var(--hn-space-4); border: 0; background: transparent; text-align: left; cursor: pointer;
}
.tp-row__button:hover { background: var(--hn-color-surface-muted); }
.tp-row--owner { background: var(--hn-color-primary-soft); box-shadow: inset 4px 0 0 var(--hn-color-primary); }
.tp-row--owner .tp-row__button:hover { background: #F8DDD5; }
.tp-row__avatar { position: relative; display: inline-flex; }
.tp-row__call { position: absolute; right: -4px; bottom: -4px; width: 22px; height: 22px; border-radius: 50%; background: var(--hn-color-success); color: #fff; display: inline-flex; align-items: center; justify-content: center; box-shadow: 0 0 0 2px var(--hn-color-surface); }
.tp-row__call--off { background: var(--hn-color-border-strong); }
.tp-row__title { font-weight: 700; line-height: 1.45; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; overflow-wrap: anywhere; }
.tp-row__meta { display: flex; flex-wrap: wrap; align-items: center; gap: 2px var(--hn-space-3); margin-top: 2px; font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); }
.tp-row__name { max-width: 10em; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--hn-color-text); }
.tp-stat { display: inline-flex; align-items: center; gap: 3px; font-variant-numeric: tabular-nums; }
.tp-row__side { display: flex; flex-direction: column; align-items: flex-end; gap: var(--hn-space-1); }
.tp-tag { display: inline-flex; align-items: center; gap: 2px; padding: 0 6px; border-radius: var(--hn-radius-pill); font-size: 11px; font-weight: 700; line-height: 20px; background: var(--hn-color-surface-muted); color: var(--hn-color-text-muted); white-space: nowrap; }
.tp-tag--paid { background: #FFF3D6; color: #7A4B00; }
.tp-tag--owner { background: var(--hn-color-primary); color: var(--hn-color-on-primary); }
.tp-tag--mine { background: var(--hn-color-surface); color: var(--hn-color-primary); box-shadow: inset 0 0 0 1.5px var(--hn-color-primary); }

/* Countdown styles of spec §4: normal, warning (≤1 h), seconds (<60 s). */
.tp-countdown { display: inline-flex; align-items: center; gap: 3px; font-size: var(--hn-font-size-small); font-variant-numeric: tabular-nums; white-space: nowrap; color: var(--hn-color-text-muted); }
.tp-countdown [data-countdown] { font-weight: 700; }
.tp-countdown [data-countdown="normal"] { color: var(--hn-color-text); }
.tp-countdown [data-countdown="warning"] { color: var(--hn-color-warning); }
.tp-countdown [data-countdown="seconds"] { color: #fff; background: var(--hn-color-warning); padding: 0 6px; border-radius: var(--hn-radius-pill); }

.tp-skeleton-row { display: grid; grid-template-columns: 48px 1fr 56px; gap: var(--hn-space-3); align-items: center; padding: var(--hn-space-3) var(--hn-space-4); border-bottom: 1px solid var(--hn-color-border); background: var(--hn-color-surface); }
.tp-more { padding: var(--hn-space-4); display: flex; justify-content: center; }
.tp-footer {
  position: sticky; bottom: calc(var(--hn-size-nav) + env(safe-area-inset-bottom)); z-index: 6; margin-top: auto;
  padding: var(--hn-space-3) var(--hn-space-4); background: linear-gradient(to top, var(--hn-color-bg) 70%, transparent);
}
.tp-footer-spacer { height: var(--hn-space-4); }
.tp-anon-avatar { display: inline-flex; align-items: center; justify-content: center; border-radius: 50%; background: var(--hn-color-surface-muted); color: var(--hn-color-text-muted); border: 2px solid var(--hn-color-surface); box-shadow: 0 0 0 1px var(--hn-color-border); flex: none; }

/* Bubbles of the latest posts. */
.tp-screen--fill { flex: none; height: calc(100vh - var(--hn-size-nav) - env(safe-area-inset-bottom)); height: calc(100dvh - var(--hn-size-nav) - env(safe-area-inset-bottom)); overflow: hidden; }
.tp-bubbles-wrap { position: relative; flex: 1; min-height: 0; display: flex; flex-direction: column; }
.tp-bubbles { flex: 1; min-height: 0; overflow-y: auto; padding: var(--hn-space-3) var(--hn-space-3) var(--hn-space-8); overscroll-behavior: contain; }
.tp-bubbles__grid { display: grid; grid-template-columns: 1fr 1fr; gap: var(--hn-space-3); align-items: start; }
.tp-bubbles__col { display: flex; flex-direction: column; gap: var(--hn-space-3); min-width: 0; }
.tp-bubbles__col--even { padding-top: var(--hn-space-8); }
.tp-bubble {
  position: relative; display: flex; flex-direction: column; gap: var(--hn-space-1); width: 100%; min-height: 96px;
  padding: var(--hn-space-3); border: 0; border-radius: 18px 18px 18px 4px; text-align: left; cursor: pointer;
  background: var(--hn-color-surface); box-shadow: var(--hn-shadow-card); color: var(--hn-color-text);
}
.tp-bubble--even { border-radius: 18px 18px 4px 18px; background: var(--hn-color-primary-soft); }
.tp-bubble:hover { box-shadow: var(--hn-shadow-raised); }
.tp-bubble__title { font-weight: 700; line-height: 1.5; overflow-wrap: anywhere; display: -webkit-box; -webkit-line-clamp: 4; -webkit-box-orient: vertical; overflow: hidden; }
.tp-bubble__who { display: flex; align-items: center; gap: var(--hn-space-2); font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); min-width: 0; }
.tp-bubble__who span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tp-bubble--new { animation: tp-in 600ms var(--hn-motion-easing); }
@keyframes tp-in { from { opacity: 0; transform: translateY(-8px) scale(0.98); } }
.tp-toolbar { display: flex; align-items: center; justify-content: space-between; gap: var(--hn-space-2); padding: var(--hn-space-2) var(--hn-space-3); border-bottom: 1px solid var(--hn-color-border); min-height: 56px; }
.tp-chip-button { display: inline-flex; align-items: center; gap: var(--hn-space-1); min-height: 40px; padding: 0 var(--hn-space-4); border-radius: var(--hn-radius-pill); border: 1.5px solid var(--hn-color-border-strong); background: var(--hn-color-surface); font-weight: 700; font-size: var(--hn-font-size-small); cursor: pointer; max-width: 60%; }
.tp-chip-button span { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tp-chip-button--primary { background: var(--hn-color-primary); border-color: var(--hn-color-primary); color: var(--hn-color-on-primary); }
.tp-welcome {
  display: block; width: calc(100% - 24px); margin: var(--hn-space-3) var(--hn-space-3) 0; padding: var(--hn-space-4); border: 0; border-radius: var(--hn-radius-md);
  background: var(--hn-color-primary); color: var(--hn-color-on-primary); text-align: left; cursor: pointer; box-shadow: var(--hn-shadow-card);
}
.tp-welcome strong { display: block; font-size: var(--hn-font-size-large); margin-bottom: var(--hn-space-1); }
.tp-welcome small { display: block; margin-top: var(--hn-space-2); opacity: 0.9; text-decoration: underline; }

/* Theme search flow. */
.tp-flow { padding: var(--hn-space-4); display: flex; flex-direction: column; gap: var(--hn-space-4); flex: 1; }
.tp-steps { display: flex; gap: var(--hn-space-2); font-size: 11px; color: var(--hn-color-text-muted); }
.tp-steps span { flex: 1; text-align: center; padding-top: 6px; border-top: 3px solid var(--hn-color-border); }
.tp-steps span[aria-current="step"] { border-color: var(--hn-color-primary); color: var(--hn-color-primary); font-weight: 700; }
.tp-steps span.tp-steps--done { border-color: var(--hn-color-primary-soft); }
.tp-choice-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: 1fr 1fr; gap: var(--hn-space-2); }
.tp-choice-grid--areas { grid-template-columns: repeat(3, 1fr); }
.tp-choice-card {
  display: flex; align-items: center; justify-content: space-between; gap: var(--hn-space-1); width: 100%; min-height: 56px; padding: var(--hn-space-2) var(--hn-space-3);
  border: 1.5px solid var(--hn-color-border); border-radius: var(--hn-radius-md); background: var(--hn-color-surface); text-align: left; cursor: pointer; font-weight: 700; line-height: 1.4;
}
.tp-choice-card:hover { border-color: var(--hn-color-primary); }
.tp-choice-card[aria-pressed="true"] { border-color: var(--hn-color-primary); background: var(--hn-color-primary-soft); }
.tp-choice-grid--areas .tp-choice-card { min-height: 44px; justify-content: center; font-weight: 500; font-size: var(--hn-font-size-small); padding: var(--hn-space-1); }
.tp-thread { display: flex; align-items: center; gap: var(--hn-space-3); width: 100%; min-height: 64px; padding: var(--hn-space-3) var(--hn-space-4); border: 0; border-bottom: 1px solid var(--hn-color-border); background: var(--hn-color-surface); text-align: left; cursor: pointer; }
.tp-thread:hover { background: var(--hn-color-surface-muted); }
.tp-thread--mine { background: var(--hn-color-primary-soft); box-shadow: inset 4px 0 0 var(--hn-color-primary); }
.tp-thread__name { flex: 1; min-width: 0; font-weight: 700; overflow-wrap: anywhere; }

/* Detail panel (friend-detail style). */
.tp-detail { display: flex; flex-direction: column; gap: var(--hn-space-4); padding-bottom: var(--hn-space-2); }
.tp-detail__head { display: flex; gap: var(--hn-space-4); align-items: center; }
.tp-detail__name { font-size: var(--hn-font-size-large); font-weight: 700; margin: 0; overflow-wrap: anywhere; }
.tp-detail__facts { display: flex; flex-wrap: wrap; gap: var(--hn-space-1) var(--hn-space-2); font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); margin-top: 2px; }
.tp-detail__stats { display: grid; grid-template-columns: repeat(3, 1fr); gap: var(--hn-space-2); text-align: center; }
.tp-detail__stat { background: var(--hn-color-surface-muted); border-radius: var(--hn-radius-sm); padding: var(--hn-space-2); font-size: 11px; color: var(--hn-color-text-muted); display: flex; flex-direction: column; align-items: center; gap: 2px; }
.tp-detail__stat b { font-size: var(--hn-font-size-body); color: var(--hn-color-text); font-variant-numeric: tabular-nums; }
.tp-detail__heart { border: 1px solid var(--hn-color-border); cursor: pointer; font: inherit; font-size: 11px; min-height: 44px; }
.tp-detail__heart:not(:disabled):hover { border-color: var(--hn-color-primary); }
.tp-detail__heart[aria-pressed='true'] svg { color: var(--hn-color-primary); fill: currentColor; }
.tp-detail__prices { display: grid; grid-template-columns: 1fr 1fr; gap: var(--hn-space-2); margin: 0; }
.tp-detail__prices > div { padding: var(--hn-space-2) var(--hn-space-3); border-radius: var(--hn-radius-md); background: var(--hn-color-surface-muted); }
.tp-detail__prices dt { font-size: 11px; color: var(--hn-color-text-muted); }
.tp-detail__prices dd { margin: 0; font-weight: 700; font-variant-numeric: tabular-nums; }
.tp-detail__path { font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); margin: 0; }
.tp-detail__title { margin: 0; font-size: var(--hn-font-size-large); font-weight: 700; overflow-wrap: anywhere; line-height: 1.5; }
.tp-detail__comment { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.tp-detail section h3 { margin: 0 0 var(--hn-space-1); font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); }
.tp-detail section p { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.tp-detail__actions { display: grid; grid-template-columns: 1fr 1fr; gap: var(--hn-space-2); }
.tp-note { margin: 0; font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); }
.tp-inline-note { font-size: var(--hn-font-size-small); color: var(--hn-color-warning); font-weight: 700; margin: 0; }

/* Tabs (history filters, reply filters). */
.tp-tabs { display: flex; gap: var(--hn-space-1); padding: var(--hn-space-2) var(--hn-space-3); border-bottom: 1px solid var(--hn-color-border); background: var(--hn-color-bg); position: sticky; top: var(--hn-size-header); z-index: 5; }
.tp-tab { flex: 1; min-height: 40px; border: 0; border-radius: var(--hn-radius-pill); background: transparent; color: var(--hn-color-text-muted); font-weight: 700; cursor: pointer; font-size: var(--hn-font-size-small); }
.tp-tab[aria-selected="true"] { background: var(--hn-color-text); color: #fff; }
.tp-history__row { display: grid; grid-template-columns: auto minmax(0, 1fr); gap: var(--hn-space-3); align-items: center; width: 100%; min-height: 72px; padding: var(--hn-space-3) var(--hn-space-4); border: 0; background: transparent; text-align: left; cursor: pointer; }
.tp-history__meta { flex-wrap: nowrap; }
.tp-history__side { margin-left: auto; display: inline-flex; align-items: center; gap: var(--hn-space-2); flex: none; }
.tp-history__row .tp-row__title { display: block; white-space: nowrap; text-overflow: ellipsis; }
.tp-history__row:hover { background: var(--hn-color-surface-muted); }
.tp-history__item { display: flex; align-items: stretch; }
.tp-history__item > .tp-history__row { flex: 1; min-width: 0; }
.tp-history__replies { flex: none; align-self: center; margin-right: var(--hn-space-3); min-height: 44px; padding: 0 var(--hn-space-3); border: 1.5px solid var(--hn-color-primary); border-radius: var(--hn-radius-pill); background: var(--hn-color-surface); color: var(--hn-color-primary); font: inherit; font-size: 12px; font-weight: 700; cursor: pointer; white-space: nowrap; }
.tp-history__msg--unread { color: var(--hn-color-text); font-weight: 700; }
.tp-unread { display: inline-block; min-width: 20px; height: 20px; padding: 0 6px; border-radius: var(--hn-radius-pill); background: var(--hn-color-badge); color: var(--hn-color-on-badge); font-size: 11px; font-weight: 700; line-height: 20px; text-align: center; font-variant-numeric: tabular-nums; }
.tp-history__msg { font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.tp-replies__head { display: flex; flex-direction: column; gap: var(--hn-space-2); padding: var(--hn-space-4); background: var(--hn-color-surface); border-bottom: 1px solid var(--hn-color-border); }
.tp-replies__line { display: flex; align-items: center; justify-content: space-between; gap: var(--hn-space-2); }
.tp-field-note { margin: 0; font-size: var(--hn-font-size-small); color: var(--hn-color-danger); font-weight: 700; }
.tp-form { display: flex; flex-direction: column; gap: var(--hn-space-4); }
label.tp-form__row { cursor: pointer; }
.tp-form__row { display: flex; align-items: center; justify-content: space-between; gap: var(--hn-space-2); }
.tp-counter { text-align: right; font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); margin: 0; font-variant-numeric: tabular-nums; }

@media (prefers-reduced-motion: reduce) { .tp-bubble--new { animation: none; } }
`;

export function ensureTopicsStyles(): void {
  injectCss('honne-topics-styles', css);
}
