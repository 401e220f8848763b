import { injectCss } from '@honne/ui';

/** The call overlay: a full-height layer above every route (z above the bottom nav, below popups). */
const css = `
.cl-note { position: fixed; left: 50%; bottom: calc(88px + env(safe-area-inset-bottom, 0px)); transform: translateX(-50%); z-index: calc(var(--hn-z-sheet) + 3); margin: 0; max-width: min(340px, calc(100vw - 32px)); padding: var(--hn-space-2) var(--hn-space-4); border-radius: var(--hn-radius-pill); background: rgba(43, 37, 35, .9); color: #fff; font-size: 14px; line-height: 1.6; text-align: center; box-shadow: 0 4px 16px rgba(0,0,0,.2); pointer-events: none; }
.cl-layer { position: fixed; inset: 0; z-index: calc(var(--hn-z-sheet) + 2); display: flex; justify-content: center; background: rgba(20, 18, 30, .55); }
.cl-screen { width: 100%; max-width: var(--hn-size-column, 480px); height: 100dvh; display: flex; flex-direction: column; background: linear-gradient(180deg, #3b3558 0%, #2a2540 100%); color: #fff; padding: env(safe-area-inset-top) 0 env(safe-area-inset-bottom); overflow-y: auto; }
.cl-head { display: flex; align-items: center; justify-content: space-between; min-height: 52px; padding: 0 var(--hn-space-2) 0 var(--hn-space-4); }
.cl-head h2 { margin: 0; font-size: 17px; font-weight: 700; letter-spacing: .04em; }
.cl-head .hn-icon-button { color: #fff; }
.cl-body { flex: 1; display: flex; flex-direction: column; align-items: center; gap: var(--hn-space-3); padding: var(--hn-space-4) var(--hn-space-5); text-align: center; }
.cl-name { font-size: 22px; font-weight: 700; margin: 0; overflow-wrap: anywhere; }
.cl-meta { display: flex; flex-wrap: wrap; justify-content: center; gap: 6px; font-size: 13px; }
.cl-meta span { background: rgba(255,255,255,.14); border-radius: var(--hn-radius-pill); padding: 2px 10px; }
.cl-comment { margin: 0; font-size: 14px; line-height: 1.7; color: rgba(255,255,255,.86); white-space: pre-wrap; overflow-wrap: anywhere; }
.cl-status { font-size: 15px; color: rgba(255,255,255,.86); margin: 0; min-height: 1.7em; }
.cl-elapsed { font-size: 30px; font-weight: 700; font-variant-numeric: tabular-nums; letter-spacing: .04em; }
.cl-note { font-size: 13px; color: #ffd7de; margin: 0; }
.cl-charge { display: flex; flex-direction: column; gap: 8px; align-items: center; padding: 12px; border-radius: 12px; background: rgba(255, 255, 255, .12); }
.cl-charge__buttons { display: flex; gap: 8px; }
.cl-charge .hn-field { width: 100%; }
.cl-charge .hn-field__label { color: #fff; font-weight: 700; }
.cl-charge select.hn-input { width: 100%; min-height: 44px; color: var(--hn-color-text); background-color: #fff; border: 1px solid rgba(255, 255, 255, .6); border-radius: 8px; padding: 0 12px; font: inherit; font-weight: 700; }
.cl-charge select.hn-input option { color: var(--hn-color-text); background: #fff; }
.cl-avatar { position: relative; }
.cl-avatar .hn-avatar { box-shadow: 0 0 0 4px rgba(255,255,255,.25); }
.cl-pulse .hn-avatar { animation: cl-pulse 1.6s ease-out infinite; }
@keyframes cl-pulse { 0% { box-shadow: 0 0 0 0 rgba(255,255,255,.5); } 100% { box-shadow: 0 0 0 24px rgba(255,255,255,0); } }
.cl-controls { display: grid; grid-template-columns: repeat(3, 1fr); gap: var(--hn-space-4) var(--hn-space-2); padding: var(--hn-space-4) var(--hn-space-5) var(--hn-space-6); }
.cl-control { display: flex; flex-direction: column; align-items: center; gap: 6px; border: 0; background: transparent; color: #fff; font: inherit; font-size: 12px; cursor: pointer; min-height: 44px; }
.cl-control__disc { width: 60px; height: 60px; border-radius: 50%; display: flex; align-items: center; justify-content: center; background: rgba(255,255,255,.16); }
.cl-control[aria-pressed="true"] .cl-control__disc { background: #fff; color: #2a2540; }
.cl-control--end .cl-control__disc { background: #e5484d; }
.cl-control--answer .cl-control__disc { background: #30a46c; }
.cl-control:focus-visible { outline: none; }
.cl-control:focus-visible .cl-control__disc { outline: 3px solid #fff; outline-offset: 3px; }
.cl-control:disabled { opacity: .45; cursor: default; }
.cl-actions { display: flex; justify-content: space-around; padding: var(--hn-space-4) var(--hn-space-5) var(--hn-space-6); }
.cl-profile { width: 100%; text-align: left; background: rgba(255,255,255,.08); border-radius: var(--hn-radius-md); padding: var(--hn-space-3) var(--hn-space-4); display: grid; grid-template-columns: auto 1fr; gap: 4px var(--hn-space-3); font-size: 13px; }
.cl-profile dt { color: rgba(255,255,255,.7); white-space: nowrap; }
.cl-profile dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; }
.cl-link { border: 0; background: transparent; color: rgba(255,255,255,.8); text-decoration: underline; font: inherit; font-size: 13px; cursor: pointer; min-height: 44px; }
.cl-bar { position: fixed; left: 50%; transform: translateX(-50%); top: env(safe-area-inset-top); z-index: calc(var(--hn-z-sheet) + 2); width: 100%; max-width: var(--hn-size-column, 480px); display: flex; align-items: center; gap: var(--hn-space-2); min-height: 44px; padding: 6px var(--hn-space-4); background: #30a46c; color: #fff; border: 0; font: inherit; font-size: 14px; font-weight: 700; cursor: pointer; box-shadow: 0 2px 8px rgba(0,0,0,.2); }
.cl-anon-avatar { display: inline-flex; align-items: center; justify-content: center; border-radius: 50%; background: var(--hn-color-surface-muted); color: var(--hn-color-text-muted); border: 2px solid var(--hn-color-surface); }
.cl-bar-open .hn-frame { padding-top: 44px; }
.cl-bar-open .hn-header { top: 44px; }
.cl-bar-open .ch-screen { height: calc(100dvh - 44px); max-height: calc(100dvh - 44px); }
.cl-bar span:last-child { margin-left: auto; font-variant-numeric: tabular-nums; }
@media (prefers-reduced-motion: reduce) { .cl-pulse .hn-avatar { animation: none; } }
`;

export const ensureCallStyles = () => injectCss('honne-call', css);
