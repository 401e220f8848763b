import { injectCss } from '@honne/ui';

/** Styles of the chat screens only, all from the kit's tokens (`--hn-*`). */
const css = `
.ch-screen { flex: 1; display: flex; flex-direction: column; min-height: 0; height: 100dvh; max-height: 100dvh; }
.ch-header-name { border: 0; background: transparent; font: inherit; font-weight: 700; font-size: var(--hn-font-size-large); color: var(--hn-color-text); cursor: pointer; max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-height: var(--hn-size-target); padding: 0 var(--hn-space-2); border-radius: var(--hn-radius-sm); }
.ch-header-name:disabled { cursor: default; }
.ch-header-name:not(:disabled) { text-decoration: underline dotted; text-underline-offset: 4px; }
.ch-icon-off { opacity: .4; }
.ch-voice-title { margin: 0; padding: var(--hn-space-1) var(--hn-space-4); font-size: 13px; line-height: 1.5; color: var(--hn-color-text-muted); background: var(--hn-color-surface-muted); display: flex; gap: var(--hn-space-2); align-items: baseline; }
.ch-voice-title__name { flex: 1; min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ch-voice-title__left { flex: none; font-variant-numeric: tabular-nums; }
.ch-voice-title__left--warn { color: var(--hn-color-warning); font-weight: 700; }
.ch-present { display: flex; flex-direction: column; gap: var(--hn-space-3); }
.ch-present__balance { display: flex; flex-direction: column; align-items: center; gap: var(--hn-space-1); }
.ch-present__balance h2 { margin: 0; }
.ch-present__points { margin: 0; font-size: 28px; font-weight: 700; color: var(--hn-color-primary); min-height: 36px; }
.ch-present__hint { margin: 0; text-align: center; color: var(--hn-color-text-muted); }
.ch-present__grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: 1fr 1fr; gap: var(--hn-space-3); }
.ch-present__item { width: 100%; display: flex; flex-direction: column; align-items: center; gap: var(--hn-space-1); padding: var(--hn-space-3); border: 2px solid transparent; font: inherit; color: var(--hn-color-text); cursor: pointer; }
.ch-present__item:not(:disabled):hover, .ch-present__item:focus-visible { border-color: var(--hn-color-primary); }
.ch-present__item:disabled { opacity: .5; cursor: not-allowed; }
.ch-present__coin { font-weight: 700; font-size: var(--hn-font-size-large); }
.ch-present__short { color: var(--hn-color-danger, #c0392b); }
.ch-present__confirm { display: flex; flex-direction: column; align-items: center; gap: var(--hn-space-3); text-align: center; }
.ch-present__to { margin: 0; font-size: var(--hn-font-size-large); line-height: 1.6; }
.ch-present__after { display: flex; justify-content: space-between; width: 100%; margin: 0; padding: var(--hn-space-2) 0; border-top: 1px solid var(--hn-color-border); }
.ch-present__after dd { margin: 0; font-weight: 700; }
.ch-log { flex: 1; overflow-y: auto; padding: var(--hn-space-3) var(--hn-space-3) var(--hn-space-4); background: var(--hn-color-bg); overscroll-behavior: contain; }
.ch-day { display: flex; justify-content: center; margin: var(--hn-space-3) 0 var(--hn-space-2); }
.ch-day__time { align-self: center; margin-left: var(--hn-space-2); font-size: 11px; color: var(--hn-color-text-muted); font-variant-numeric: tabular-nums; }
.ch-day span { font-size: 12px; color: var(--hn-color-text-muted); background: var(--hn-color-surface-muted); border-radius: var(--hn-radius-pill); padding: 2px var(--hn-space-3); }
.ch-msg { display: flex; align-items: flex-end; gap: 6px; margin: 6px 0; }
.ch-msg--mine { flex-direction: row-reverse; }
.ch-bubble { max-width: 72%; padding: 8px 12px; border-radius: 18px; background: var(--hn-color-surface); box-shadow: var(--hn-shadow-card); white-space: pre-wrap; overflow-wrap: anywhere; line-height: 1.6; }
.ch-msg--mine .ch-bubble { background: var(--hn-color-primary); color: var(--hn-color-on-primary); border-bottom-right-radius: 6px; }
.ch-msg--theirs .ch-bubble { border-bottom-left-radius: 6px; }
.ch-msg--mine .ch-bubble a { color: #fff; }
.ch-bubble a { color: var(--hn-color-primary); text-decoration: underline; }
.ch-bubble--media { padding: 0; background: transparent !important; box-shadow: none; }
.ch-bubble--media button { border: 0; padding: 0; background: transparent; cursor: zoom-in; display: block; border-radius: 14px; overflow: hidden; }
.ch-bubble img.ch-photo { display: block; max-width: 200px; max-height: 240px; border-radius: 14px; }
.ch-bubble img.ch-stamp { display: block; width: 120px; height: 120px; }
/* A gift's words fit on one line at 375 px (「〇〇さんから300ポイントのプレゼント」). */
.ch-bubble.ch-bubble--gift { max-width: 88%; }
.ch-gift { margin: 0; display: flex; flex-direction: column; align-items: center; gap: var(--hn-space-1); max-width: 300px; }
.ch-gift figcaption { width: max-content; max-width: 100%; font-size: 13px; line-height: 1.5; color: var(--hn-color-text); background: var(--hn-color-surface-muted); border-radius: var(--hn-radius-md); padding: 2px var(--hn-space-2); text-align: center; }
.ch-sound { display: inline-flex; align-items: center; gap: 6px; border: 0; background: transparent; color: inherit; font: inherit; cursor: pointer; min-height: 32px; padding: 0; }
.ch-meta { display: flex; flex-direction: column; align-items: flex-end; font-size: 11px; color: var(--hn-color-text-muted); line-height: 1.3; white-space: nowrap; font-variant-numeric: tabular-nums; }
.ch-msg--theirs .ch-meta { align-items: flex-start; }
.ch-status--fail { color: var(--hn-color-danger); font-weight: 700; }
.ch-resend { border: 1px solid var(--hn-color-danger); color: var(--hn-color-danger); background: var(--hn-color-surface); border-radius: var(--hn-radius-pill); font-size: 11px; padding: 2px 8px; cursor: pointer; min-height: 28px; margin-top: 2px; }
.ch-counter { padding: 2px var(--hn-space-4); text-align: right; font-size: 12px; color: var(--hn-color-text-muted); background: var(--hn-color-surface); border-top: 1px solid var(--hn-color-border); font-variant-numeric: tabular-nums; }
.ch-counter--over { color: var(--hn-color-danger); font-weight: 700; }
.ch-footer { display: flex; align-items: flex-end; gap: 4px; padding: 6px var(--hn-space-2) calc(6px + env(safe-area-inset-bottom)); border-top: 1px solid var(--hn-color-border); background: var(--hn-color-surface); }
.ch-input { flex: 1; resize: none; min-height: 40px; max-height: 70px; padding: 8px 12px; border-radius: 20px; border: 1.5px solid var(--hn-color-border-strong); font: inherit; line-height: 1.4; background: var(--hn-color-bg); }
.ch-input:focus { outline: 2px solid var(--hn-color-focus); outline-offset: 1px; }
.ch-send { border: 0; border-radius: 50%; width: 44px; height: 44px; background: var(--hn-color-primary); color: #fff; display: inline-flex; align-items: center; justify-content: center; cursor: pointer; flex: none; }
.ch-send:disabled { background: var(--hn-color-border-strong); cursor: default; }
.ch-bonus { display: grid; gap: var(--hn-space-2); padding: var(--hn-space-2) var(--hn-space-3); background: var(--hn-color-surface); border-top: 1px solid var(--hn-color-border); }
.ch-progress { padding: 4px var(--hn-space-3); font-size: 12px; color: var(--hn-color-text-muted); background: var(--hn-color-surface); }
.ch-progress progress { width: 100%; height: 6px; accent-color: var(--hn-color-primary); }
.ch-stamps { display: grid; grid-template-columns: repeat(4, minmax(0, 1fr)); gap: var(--hn-space-2); padding: var(--hn-space-2) 0; }
.ch-stamps button { border: 0; background: var(--hn-color-surface-muted); border-radius: var(--hn-radius-md); padding: 4px; cursor: pointer; aspect-ratio: 1; }
.ch-stamps img { display: block; width: 100%; height: auto; max-width: 100%; }
.ch-viewer { position: fixed; inset: 0; z-index: var(--hn-z-popup); background: rgba(0,0,0,.9); display: flex; align-items: center; justify-content: center; }
.ch-viewer img { max-width: 100vw; max-height: 100dvh; object-fit: contain; }
.ch-viewer .hn-icon-button { position: absolute; top: 8px; right: 8px; color: #fff; }
.ch-empty-note { text-align: center; color: var(--hn-color-text-muted); font-size: var(--hn-font-size-small); margin: var(--hn-space-8) var(--hn-space-4); }
.ch-older { text-align: center; color: var(--hn-color-text-muted); font-size: var(--hn-font-size-small); margin: var(--hn-space-2) 0; }
.ch-list { list-style: none; margin: 0; padding: 0; }
.ch-friend { display: grid; grid-template-columns: auto minmax(0,1fr) auto; gap: var(--hn-space-3); align-items: center; padding: var(--hn-space-3) var(--hn-space-3) var(--hn-space-3) var(--hn-space-4); border-bottom: 1px solid var(--hn-color-border); background: var(--hn-color-surface); }
.ch-friend__avatar { position: relative; border: 0; background: transparent; padding: 0; cursor: pointer; border-radius: 50%; }
.ch-friend__badge { position: absolute; top: -4px; right: -6px; min-width: 20px; height: 20px; padding: 0 5px; border-radius: 10px; background: var(--hn-color-badge); color: var(--hn-color-on-badge); font-size: 11px; font-weight: 700; line-height: 20px; text-align: center; font-variant-numeric: tabular-nums; box-shadow: 0 0 0 2px var(--hn-color-surface); }
.ch-friend__name { font-weight: 700; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ch-friend__preview { font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.ch-friend__actions { display: flex; gap: 0; }
.ch-friend__actions .hn-icon-button { width: 40px; min-width: 40px; }
.ch-filter { display: flex; gap: var(--hn-space-2); padding: var(--hn-space-2) var(--hn-space-4); border-bottom: 1px solid var(--hn-color-border); background: var(--hn-color-bg); }
.ch-filter button { border: 1.5px solid var(--hn-color-border-strong); background: var(--hn-color-surface); border-radius: var(--hn-radius-pill); padding: 4px 14px; min-height: 36px; cursor: pointer; font: inherit; font-size: var(--hn-font-size-small); }
.ch-filter button[aria-pressed="true"] { background: var(--hn-color-primary); color: #fff; border-color: var(--hn-color-primary); font-weight: 700; }
.ch-search { display: flex; gap: var(--hn-space-2); padding: var(--hn-space-3) var(--hn-space-4); }
.ch-search input { flex: 1; min-height: 44px; border-radius: var(--hn-radius-pill); border: 1.5px solid var(--hn-color-border-strong); padding: 0 16px; font: inherit; }
.ch-tabs { display: grid; grid-template-columns: repeat(3, 1fr); border-bottom: 1px solid var(--hn-color-border); background: var(--hn-color-surface); }
.ch-tabs button { border: 0; background: transparent; min-height: 48px; font: inherit; cursor: pointer; color: var(--hn-color-text-muted); border-bottom: 3px solid transparent; }
.ch-tabs button[aria-selected="true"] { color: var(--hn-color-text); font-weight: 700; border-bottom-color: var(--hn-color-primary); }
.ch-sounds { display: grid; grid-template-columns: repeat(2, 1fr); gap: var(--hn-space-3); padding: var(--hn-space-4); }
.ch-sounds button { min-height: 72px; border-radius: var(--hn-radius-md); border: 1.5px solid var(--hn-color-border); background: var(--hn-color-surface); box-shadow: var(--hn-shadow-card); font: inherit; font-weight: 700; cursor: pointer; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 4px; }
.ch-sounds button:active { transform: scale(.97); }
.ch-card { display: flex; flex-direction: column; align-items: center; gap: var(--hn-space-2); padding: var(--hn-space-2) 0 var(--hn-space-4); }
.ch-card__meta { display: flex; gap: var(--hn-space-3); color: var(--hn-color-text-muted); font-size: var(--hn-font-size-small); }
.ch-requests { border-bottom: 4px solid var(--hn-color-border); }
.ch-requests__title { margin: 0; padding: var(--hn-space-3) var(--hn-space-4) 0; font-size: 14px; font-weight: 700; color: var(--hn-color-text-muted); }
.ch-requests__actions { display: flex; gap: var(--hn-space-2); }
.ch-requests__button { min-height: 44px; padding: 0 var(--hn-space-3); white-space: nowrap; }
.ch-requested { font-size: 13px; font-weight: 700; color: var(--hn-color-text-muted); padding: 0 var(--hn-space-3); white-space: nowrap; }
.ch-actions { display: flex; flex-direction: column; gap: var(--hn-space-2); }
.ch-section { border-top: 1px solid var(--hn-color-border); padding: var(--hn-space-3) 0; }
.ch-section__title { margin: 0 0 var(--hn-space-1); font-size: var(--hn-font-size-small); font-weight: 700; color: var(--hn-color-text-muted); }
.ch-section__text { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.ch-section__text--empty { color: var(--hn-color-text-muted); }
.ch-topic { border-top: 1px solid var(--hn-color-border); padding: var(--hn-space-3) 0; display: flex; flex-direction: column; gap: var(--hn-space-1); }
.ch-topic__stats { display: flex; flex-wrap: wrap; gap: var(--hn-space-3); font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); font-variant-numeric: tabular-nums; }
.ch-topic__stats strong { color: var(--hn-color-text); }
.ch-topic__remaining[data-countdown='warning'], .ch-topic__remaining[data-countdown='seconds'] { color: var(--hn-color-warning); font-weight: 700; }
.ch-topic__path { margin: 0; font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); }
.ch-topic__title { margin: 0; font-size: var(--hn-font-size-large); overflow-wrap: anywhere; }
.ch-topic__comment { margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; }
.ch-skel-row { display: flex; gap: var(--hn-space-3); align-items: center; padding: var(--hn-space-3) var(--hn-space-4); border-bottom: 1px solid var(--hn-color-border); }
@media (prefers-reduced-motion: reduce) { .ch-log { scroll-behavior: auto; } }
`;

export const ensureChatStyles = () => injectCss('honne-chat', css);
