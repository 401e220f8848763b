import { tokensToCss } from './tokens.ts';

/**
 * The kit's stylesheet. Class names are `hn-<component>`; every colour, size and duration comes
 * from a token. Injected once per document by `ensureStyles` (the kit is a singleton, so the
 * shell and every remote share the one <style> element).
 */
export const baseCss = `
*, *::before, *::after { box-sizing: border-box; }
html { -webkit-text-size-adjust: 100%; }
body {
  margin: 0;
  background: var(--hn-color-surface-muted);
  color: var(--hn-color-text);
  font-family: var(--hn-font-family);
  font-size: var(--hn-font-size-body);
  line-height: var(--hn-font-line-height);
  -webkit-font-smoothing: antialiased;
  font-feature-settings: "palt" 0;
}
button, input, textarea, select { font: inherit; color: inherit; }
a { color: var(--hn-color-primary); }
:focus-visible { outline: 3px solid var(--hn-color-focus); outline-offset: 2px; }
.hn-visually-hidden {
  position: absolute !important; width: 1px; height: 1px; padding: 0; margin: -1px;
  overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
.hn-num { font-variant-numeric: tabular-nums; }
.hn-expert { display: inline-block; padding: 0 6px; border-radius: 999px; font-size: 11px; font-weight: 700; line-height: 18px; color: #fff; background: var(--hn-color-primary); vertical-align: middle; white-space: nowrap; }

/* The app is a phone-width column, centred on wide screens. */
.hn-frame {
  position: relative;
  min-height: 100vh; min-height: 100dvh;
  max-width: var(--hn-size-column);
  margin: 0 auto;
  background: var(--hn-color-bg);
  display: flex; flex-direction: column;
  padding-left: env(safe-area-inset-left); padding-right: env(safe-area-inset-right);
}
@media (min-width: 481px) { .hn-frame { box-shadow: 0 0 0 1px var(--hn-color-border), var(--hn-shadow-card); } }
.hn-page { flex: 1; display: flex; flex-direction: column; padding: var(--hn-space-6) var(--hn-space-5); gap: var(--hn-space-4); }
.hn-page--with-nav { padding-bottom: calc(var(--hn-size-nav) + var(--hn-space-6) + env(safe-area-inset-bottom)); }
.hn-stack { display: flex; flex-direction: column; gap: var(--hn-space-4); }
.hn-title { font-size: var(--hn-font-size-heading); font-weight: var(--hn-font-weight-bold); line-height: var(--hn-font-line-height-tight); margin: 0; text-wrap: balance; word-break: auto-phrase; }
.hn-text-muted { color: var(--hn-color-text-muted); }
.hn-text-small { font-size: var(--hn-font-size-small); }
.hn-text-center { text-align: center; }

/* Buttons: primary = the main safe action, secondary = the other choice, destructive = cannot be undone. */
.hn-button {
  display: inline-flex; align-items: center; justify-content: center; gap: var(--hn-space-2);
  min-height: var(--hn-size-target); min-width: var(--hn-size-target);
  padding: var(--hn-space-2) var(--hn-space-5);
  border-radius: var(--hn-radius-pill); border: 1.5px solid transparent;
  font-weight: var(--hn-font-weight-bold); font-size: var(--hn-font-size-body); line-height: 1.3;
  cursor: pointer; text-decoration: none;
  transition: background-color var(--hn-motion-fast) var(--hn-motion-easing), border-color var(--hn-motion-fast), opacity var(--hn-motion-fast);
}
.hn-button--block { display: flex; width: 100%; }
.hn-button--primary { background: var(--hn-color-primary); color: var(--hn-color-on-primary); }
.hn-button--primary:hover:not(:disabled) { background: var(--hn-color-primary-hover); }
.hn-button--secondary { background: var(--hn-color-surface); color: var(--hn-color-primary); border-color: var(--hn-color-primary); }
.hn-button--secondary:hover:not(:disabled) { background: var(--hn-color-primary-soft); }
.hn-button--destructive { background: var(--hn-color-danger); color: #fff; }
.hn-button--destructive:hover:not(:disabled) { filter: brightness(0.92); }
.hn-button--text { background: transparent; color: var(--hn-color-primary); padding-left: var(--hn-space-2); padding-right: var(--hn-space-2); text-decoration: underline; text-underline-offset: 3px; font-weight: 500; }
.hn-button:disabled, .hn-button[aria-disabled="true"] { opacity: 0.45; cursor: not-allowed; }
.hn-button__spinner { width: 18px; height: 18px; border-width: 2px; }

/* Text fields: label above, error line under the field. */
.hn-field { display: flex; flex-direction: column; gap: var(--hn-space-1); }
.hn-field__label { font-size: var(--hn-font-size-small); font-weight: var(--hn-font-weight-bold); color: var(--hn-color-text); }
.hn-field__input {
  min-height: var(--hn-size-target); width: 100%;
  padding: var(--hn-space-2) var(--hn-space-3);
  border: 1.5px solid var(--hn-color-border-strong); border-radius: var(--hn-radius-sm);
  background: var(--hn-color-surface); font-size: 16px; /* 16px keeps iOS from zooming */
}
.hn-field__input:focus { border-color: var(--hn-color-primary); outline: none; box-shadow: 0 0 0 3px var(--hn-color-focus); }
.hn-field__input[aria-invalid="true"] { border-color: var(--hn-color-danger); background: var(--hn-color-danger-soft); }
.hn-field__hint { font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); margin: 0; }
.hn-field__error { font-size: var(--hn-font-size-small); color: var(--hn-color-danger); margin: 0; display: flex; gap: var(--hn-space-1); align-items: baseline; }
.hn-field__error::before { content: "!"; font-weight: 700; display: inline-flex; align-items: center; justify-content: center; width: 16px; height: 16px; border-radius: 50%; background: var(--hn-color-danger); color: #fff; font-size: 11px; flex: none; transform: translateY(2px); }
.hn-form-error { color: var(--hn-color-danger); background: var(--hn-color-danger-soft); border-radius: var(--hn-radius-sm); padding: var(--hn-space-2) var(--hn-space-3); margin: 0; font-size: var(--hn-font-size-small); }

/* Checkbox: the whole row is the 44px target. */
.hn-checkbox { display: flex; align-items: center; gap: var(--hn-space-3); min-height: var(--hn-size-target); cursor: pointer; }
.hn-checkbox input { width: 22px; height: 22px; margin: 0; accent-color: var(--hn-color-primary); flex: none; cursor: inherit; }
.hn-checkbox--disabled { cursor: not-allowed; color: var(--hn-color-text-muted); }

/* Header with back arrow. */
.hn-header {
  position: sticky; top: 0; z-index: var(--hn-z-header);
  display: grid; grid-template-columns: minmax(var(--hn-size-target), 1fr) auto minmax(var(--hn-size-target), 1fr); align-items: center; gap: var(--hn-space-1);
  min-height: var(--hn-size-header); padding: env(safe-area-inset-top) var(--hn-space-1) 0;
  background: var(--hn-color-bg); border-bottom: 1px solid var(--hn-color-border);
}
.hn-header__side { display: flex; align-items: center; }
.hn-header__side--end { justify-content: flex-end; padding-right: var(--hn-space-2); white-space: nowrap; }
.hn-header__title { text-align: center; font-size: var(--hn-font-size-large); font-weight: var(--hn-font-weight-bold); margin: 0; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
.hn-icon-button {
  display: inline-flex; align-items: center; justify-content: center;
  width: var(--hn-size-target); height: var(--hn-size-target); border-radius: 50%;
  border: 0; background: transparent; color: var(--hn-color-text); cursor: pointer; padding: 0;
}
.hn-icon-button:hover { background: var(--hn-color-surface-muted); }

/* Bottom navigation. */
.hn-nav {
  position: fixed; bottom: 0; left: 50%; transform: translateX(-50%); z-index: var(--hn-z-nav);
  width: 100%; max-width: var(--hn-size-column);
  display: grid; grid-template-columns: repeat(5, 1fr);
  min-height: var(--hn-size-nav); padding-bottom: env(safe-area-inset-bottom);
  background: var(--hn-color-surface); border-top: 1px solid var(--hn-color-border);
}
.hn-nav__tab {
  position: relative; display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 2px;
  min-height: var(--hn-size-target); padding: var(--hn-space-1) 0;
  color: var(--hn-color-text-muted); text-decoration: none; font-size: 11px; line-height: 1.2;
}
.hn-nav__tab[aria-current="page"] { color: var(--hn-color-primary); font-weight: var(--hn-font-weight-bold); }
/* Not colour alone: the active tab also gets a bar on top and a filled icon. */
.hn-nav__tab[aria-current="page"]::before {
  content: ""; position: absolute; top: 0; left: 25%; right: 25%; height: 3px;
  border-radius: 0 0 3px 3px; background: var(--hn-color-primary);
}
.hn-nav__icon { position: relative; display: inline-flex; }
.hn-nav__tab--home .hn-nav__icon {
  width: 40px; height: 40px; align-items: center; justify-content: center; border-radius: 50%;
  border: 1.5px solid var(--hn-color-border-strong); background: var(--hn-color-surface);
}
.hn-nav__tab--home[aria-current="page"] .hn-nav__icon { background: var(--hn-color-primary); color: var(--hn-color-on-primary); border-color: var(--hn-color-primary); }
.hn-badge {
  position: absolute; top: -6px; left: 60%;
  min-width: 18px; height: 18px; padding: 0 5px; border-radius: var(--hn-radius-pill);
  background: var(--hn-color-badge); color: var(--hn-color-on-badge);
  font-size: 10.5px; font-weight: 700; line-height: 18px; text-align: center; font-variant-numeric: tabular-nums;
  box-shadow: 0 0 0 2px var(--hn-color-surface);
}

/* Popups (errors and confirms) and bottom sheets. */
.hn-backdrop {
  position: fixed; inset: 0; z-index: var(--hn-z-popup);
  background: var(--hn-color-overlay);
  display: flex; align-items: center; justify-content: center; padding: var(--hn-space-6);
  animation: hn-fade var(--hn-motion-normal) var(--hn-motion-easing);
}
.hn-popup {
  width: 100%; max-width: 320px; background: var(--hn-color-surface); border-radius: var(--hn-radius-lg);
  box-shadow: var(--hn-shadow-raised); padding: var(--hn-space-6) var(--hn-space-5) var(--hn-space-5);
  display: flex; flex-direction: column; gap: var(--hn-space-4); text-align: center;
  animation: hn-pop var(--hn-motion-normal) var(--hn-motion-easing);
}
.hn-popup__title { margin: 0; font-size: var(--hn-font-size-large); font-weight: 700; }
.hn-popup__message { margin: 0; white-space: pre-line; }
.hn-sns { padding: var(--hn-space-2) 0; }
.hn-sns__title { margin: 0 0 var(--hn-space-2); font-size: 14px; font-weight: 700; }
.hn-sns__list { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: var(--hn-space-2); }
.hn-sns__link { display: inline-flex; align-items: center; min-height: 44px; padding: 0 var(--hn-space-4); border-radius: 22px; border: 1px solid var(--hn-color-border); color: var(--hn-color-primary); font-weight: 700; text-decoration: none; }
.hn-popup__actions { display: flex; flex-direction: column; gap: var(--hn-space-2); }
.hn-backdrop--sheet { align-items: flex-end; padding: 0; z-index: var(--hn-z-sheet); }
.hn-sheet {
  width: 100%; max-width: var(--hn-size-column); max-height: 85vh; overflow: auto;
  background: var(--hn-color-surface); border-radius: var(--hn-radius-lg) var(--hn-radius-lg) 0 0;
  padding: var(--hn-space-2) var(--hn-space-5) calc(var(--hn-space-5) + env(safe-area-inset-bottom));
  animation: hn-rise var(--hn-motion-normal) var(--hn-motion-easing);
}
.hn-sheet__grip { width: 40px; height: 4px; border-radius: 2px; background: var(--hn-color-border-strong); margin: 0 auto var(--hn-space-3); }
.hn-sheet__head { display: flex; align-items: center; justify-content: space-between; gap: var(--hn-space-2); margin-bottom: var(--hn-space-2); }

/* Loading. */
.hn-spinner {
  display: inline-block; width: 36px; height: 36px; border-radius: 50%;
  border: 3px solid var(--hn-color-primary-soft); border-top-color: var(--hn-color-primary);
  animation: hn-spin 0.8s linear infinite;
}
.hn-loader {
  position: fixed; inset: 0; z-index: var(--hn-z-loader);
  display: flex; align-items: center; justify-content: center;
  background: rgba(251, 247, 244, 0.6);
}
.hn-loader--inline { position: static; background: transparent; padding: var(--hn-space-10) 0; }
.hn-skeleton { display: block; background: var(--hn-color-skeleton); border-radius: var(--hn-radius-sm); animation: hn-pulse 1.4s ease-in-out infinite; }

/* Offline banner. */
.hn-offline {
  position: sticky; top: 0; z-index: var(--hn-z-banner);
  display: flex; align-items: center; justify-content: center; gap: var(--hn-space-2);
  padding: var(--hn-space-2) var(--hn-space-4); min-height: 40px;
  background: var(--hn-color-text); color: #fff; font-size: var(--hn-font-size-small); font-weight: 700;
}
.hn-arrival { position: fixed; left: var(--hn-space-3); right: var(--hn-space-3); top: calc(var(--hn-space-2) + env(safe-area-inset-top)); max-width: 456px; margin: 0 auto; z-index: calc(var(--hn-z-banner) + 1); }
.hn-arrival__body { display: flex; flex-direction: column; align-items: flex-start; gap: 2px; width: 100%; min-height: var(--hn-size-target); padding: var(--hn-space-2) var(--hn-space-4); border: 1px solid var(--hn-color-border); border-radius: var(--hn-radius-lg); background: var(--hn-color-surface); box-shadow: var(--hn-shadow-card); text-align: left; cursor: pointer; font: inherit; color: var(--hn-color-text); }
.hn-arrival__from { font-weight: 700; font-size: var(--hn-font-size-small); }
.hn-arrival__text { font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.hn-offline--degraded { justify-content: flex-start; text-align: left; line-height: 1.5; word-break: auto-phrase; }
.hn-offline > svg { flex: none; }

/* Empty states. */
.hn-empty { display: flex; flex-direction: column; align-items: center; text-align: center; gap: var(--hn-space-3); padding: var(--hn-space-10) var(--hn-space-5); color: var(--hn-color-text-muted); }
.hn-empty__icon { color: var(--hn-color-primary); opacity: 0.8; }
.hn-empty__title { margin: 0; color: var(--hn-color-text); font-size: var(--hn-font-size-large); font-weight: 700; }
.hn-empty__body { margin: 0; }

/* Select field (opens a choice sheet). */
.hn-select { display: flex; align-items: center; justify-content: space-between; gap: var(--hn-space-2); text-align: left; cursor: pointer; }
.hn-select:focus-visible { outline: 3px solid var(--hn-color-focus); outline-offset: 2px; }
.hn-choice-list { list-style: none; margin: 0; padding: 0; }
.hn-choice {
  display: flex; align-items: center; justify-content: space-between; width: 100%;
  min-height: 48px; padding: 0 var(--hn-space-2); border: 0; border-bottom: 1px solid var(--hn-color-border);
  background: transparent; text-align: left; cursor: pointer; font-size: var(--hn-font-size-body);
}
.hn-choice[aria-selected="true"] { color: var(--hn-color-primary); font-weight: 700; }
.hn-choice:hover { background: var(--hn-color-surface-muted); }

/* Slider. */
.hn-slider__head { display: flex; align-items: baseline; justify-content: space-between; }
.hn-slider__value { font-weight: 700; color: var(--hn-color-primary); font-size: var(--hn-font-size-large); }
.hn-slider__input { width: 100%; min-height: var(--hn-size-target); accent-color: var(--hn-color-primary); margin: 0; }

/* Toggle switch. */
.hn-toggle { display: inline-flex; align-items: center; gap: var(--hn-space-2); min-height: var(--hn-size-target); padding: 0; border: 0; background: transparent; cursor: pointer; }
.hn-toggle:disabled { opacity: 0.5; cursor: not-allowed; }
.hn-toggle__state { color: var(--hn-color-text-muted); min-width: 2em; text-align: right; }
.hn-toggle__track { position: relative; width: 50px; height: 30px; border-radius: 15px; background: var(--hn-color-border-strong); transition: background-color var(--hn-motion-fast); flex: none; }
.hn-toggle__thumb { position: absolute; top: 3px; left: 3px; width: 24px; height: 24px; border-radius: 50%; background: #fff; box-shadow: 0 1px 3px rgba(0,0,0,0.25); transition: transform var(--hn-motion-fast) var(--hn-motion-easing); }
.hn-toggle[aria-checked="true"] .hn-toggle__track { background: var(--hn-color-primary); }
.hn-toggle[aria-checked="true"] .hn-toggle__thumb { transform: translateX(20px); }

/* Chips (radio / checkbox groups). */
.hn-chips { border: 0; margin: 0; padding: 0; min-width: 0; display: flex; flex-direction: column; gap: var(--hn-space-2); }
.hn-chips__legend { padding: 0; margin-bottom: var(--hn-space-2); }
.hn-chips__list { display: flex; flex-wrap: wrap; gap: var(--hn-space-2); }
.hn-chips__list--large .hn-chip { flex: 1; }
.hn-chips__list--large .hn-chip__face { width: 100%; padding-left: var(--hn-space-2); padding-right: var(--hn-space-2); white-space: nowrap; }
.hn-chip { position: relative; display: inline-flex; }
.hn-chip input { position: absolute; opacity: 0; width: 1px; height: 1px; }
.hn-chip__face {
  display: inline-flex; align-items: center; justify-content: center; gap: 4px;
  min-height: var(--hn-size-target); padding: var(--hn-space-1) var(--hn-space-4);
  border: 1.5px solid var(--hn-color-border-strong); border-radius: var(--hn-radius-pill);
  background: var(--hn-color-surface); cursor: pointer; font-size: var(--hn-font-size-body); line-height: 1.3;
}
.hn-chip input:checked + .hn-chip__face { background: var(--hn-color-primary); border-color: var(--hn-color-primary); color: var(--hn-color-on-primary); font-weight: 700; }
.hn-chip input:checked + .hn-chip__face::before { content: "✓"; }
.hn-chip input:focus-visible + .hn-chip__face { outline: 3px solid var(--hn-color-focus); outline-offset: 2px; }

/* Avatars. */
.hn-avatar { display: inline-block; border-radius: 50%; object-fit: cover; background: var(--hn-color-surface-muted); flex: none; border: 2px solid var(--hn-color-surface); box-shadow: 0 0 0 1px var(--hn-color-border); }
.hn-avatar--empty { background: var(--hn-color-skeleton); }
.hn-avatar-grid { border: 0; margin: 0; padding: 0; min-width: 0; display: grid; grid-template-columns: repeat(3, 1fr); gap: var(--hn-space-3); }
.hn-avatar-grid__item { position: relative; display: block; border-radius: var(--hn-radius-md); cursor: pointer; }
.hn-avatar-grid__item input { position: absolute; opacity: 0; width: 1px; height: 1px; }
.hn-avatar-grid__item img { display: block; width: 100%; height: auto; aspect-ratio: 1; border-radius: 50%; border: 3px solid transparent; background: var(--hn-color-surface); }
.hn-avatar-grid__item input:checked + img { border-color: var(--hn-color-primary); box-shadow: 0 0 0 3px var(--hn-color-primary-soft); }
.hn-avatar-grid__item input:checked ~ img { outline: none; }
.hn-avatar-grid__item:has(input:checked)::after { content: "✓"; position: absolute; right: 4px; bottom: 4px; width: 24px; height: 24px; border-radius: 50%; background: var(--hn-color-primary); color: #fff; font-size: 14px; font-weight: 700; display: flex; align-items: center; justify-content: center; }
.hn-avatar-grid__item input:focus-visible + img { outline: 3px solid var(--hn-color-focus); outline-offset: 2px; }

/* Text area with a limit; the spec's pink box when over. */
.hn-textarea { resize: vertical; min-height: 96px; line-height: var(--hn-font-line-height); }
.hn-textarea--over, .hn-textarea--over:focus { border-color: var(--hn-color-warning); background: var(--hn-color-warning-soft); }
.hn-textarea__count { text-align: right; }
.hn-textarea__count--over { color: var(--hn-color-warning); font-weight: 700; }

/* Lists of rows (settings, profile). */
.hn-list { list-style: none; margin: 0; padding: 0; background: var(--hn-color-surface); border-top: 1px solid var(--hn-color-border); }
.hn-row { border-bottom: 1px solid var(--hn-color-border); }
.hn-row__body { display: flex; align-items: center; gap: var(--hn-space-3); width: 100%; min-height: 56px; padding: var(--hn-space-2) var(--hn-space-4); background: transparent; border: 0; text-align: left; }
.hn-row__body--button, label.hn-row__body { cursor: pointer; }
.hn-row__body--button:hover { background: var(--hn-color-surface-muted); }
.hn-row__label { flex: 1; min-width: 0; }
.hn-row__value { color: var(--hn-color-text-muted); font-size: var(--hn-font-size-small); text-align: right; overflow-wrap: anywhere; max-width: 55%; }
.hn-row__chevron { color: var(--hn-color-text-muted); flex: none; }
.hn-row__leading { display: inline-flex; flex: none; }

/* Crop dialog. */
.hn-crop { max-width: 340px; }
.hn-crop__view { position: relative; overflow: hidden; margin: 0 auto; border-radius: var(--hn-radius-sm); background: #222; touch-action: none; cursor: grab; }
.hn-crop__view:active { cursor: grabbing; }
.hn-crop__view img { position: absolute; max-width: none; user-select: none; pointer-events: none; }
.hn-crop__view::after { content: ""; position: absolute; inset: 0; border-radius: 50%; box-shadow: 0 0 0 999px rgba(0,0,0,0.35); pointer-events: none; }
.hn-popup[role="dialog"] { text-align: left; }

/* Label / value summaries. */
.hn-summary { display: grid; grid-template-columns: auto 1fr; gap: var(--hn-space-2) var(--hn-space-4); margin: 0; align-items: center; }
.hn-summary dt { color: var(--hn-color-text-muted); font-size: var(--hn-font-size-small); }
.hn-summary dd { margin: 0; text-align: right; }

.hn-card { background: var(--hn-color-surface); border-radius: var(--hn-radius-md); box-shadow: var(--hn-shadow-card); padding: var(--hn-space-4); }

@keyframes hn-spin { to { transform: rotate(360deg); } }
@keyframes hn-fade { from { opacity: 0; } }
@keyframes hn-pop { from { opacity: 0; transform: scale(0.96); } }
@keyframes hn-rise { from { transform: translateY(24px); opacity: 0.6; } }
@keyframes hn-pulse { 50% { opacity: 0.55; } }

@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after {
    animation-duration: 0.01ms !important; animation-iteration-count: 1 !important;
    transition-duration: 0.01ms !important; scroll-behavior: auto !important;
  }
  .hn-spinner { animation: hn-spin 1.6s linear infinite !important; animation-duration: 1.6s !important; animation-iteration-count: infinite !important; }
}
`;

export const STYLE_ELEMENT_ID = 'honne-ui-styles';

/** The full stylesheet: tokens as custom properties, then the components. */
export const uiCss = `${tokensToCss()}\n${baseCss}`;

/** Adds a stylesheet once per document (by id); later calls are no-ops. Safe without a DOM. */
export function injectCss(id: string, css: string): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}

export function ensureStyles(): void {
  injectCss(STYLE_ELEMENT_ID, uiCss);
}
