/**
 * The console's layout on top of the UI kit's tokens and components: desktop-first (a side menu and
 * a wide work area, still usable at 1024 px), dense tables whose rows are links, visible focus.
 */
export const consoleCss = `
.cn-app { display: grid; grid-template-columns: 208px 1fr; min-height: 100vh; background: var(--hn-color-surface-muted); }
.cn-side { background: var(--hn-color-surface); border-right: 1px solid var(--hn-color-border); padding: var(--hn-space-4) var(--hn-space-3); display: flex; flex-direction: column; gap: var(--hn-space-1); }
.cn-side__title { font-weight: 700; font-size: var(--hn-font-size-large); margin: 0 var(--hn-space-2) var(--hn-space-4); }
.cn-side a { display: block; padding: var(--hn-space-2) var(--hn-space-3); border-radius: var(--hn-radius-sm); color: var(--hn-color-text); text-decoration: none; }
.cn-side a:hover { background: var(--hn-color-surface-muted); }
.cn-side a[aria-current="page"] { background: var(--hn-color-primary-soft); color: var(--hn-color-primary); font-weight: 700; box-shadow: inset 3px 0 0 var(--hn-color-primary); }
.cn-side__who { margin-top: auto; font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); padding: var(--hn-space-2); word-break: break-all; }
.cn-main { padding: var(--hn-space-6) var(--hn-space-8); min-width: 0; }
.cn-main h1 { font-size: var(--hn-font-size-display); margin: 0 0 var(--hn-space-4); }
.cn-main h2 { font-size: var(--hn-font-size-heading); margin: var(--hn-space-6) 0 var(--hn-space-3); }
.cn-card { background: var(--hn-color-surface); border: 1px solid var(--hn-color-border); border-radius: var(--hn-radius-md); padding: var(--hn-space-4); }
.cn-row { display: flex; gap: var(--hn-space-4); flex-wrap: wrap; align-items: flex-end; }
.cn-filters { margin-bottom: var(--hn-space-4); }
.cn-filters label, .cn-form label { display: flex; flex-direction: column; gap: var(--hn-space-1); font-size: var(--hn-font-size-small); font-weight: 700; }
.cn-input { min-height: 40px; padding: var(--hn-space-1) var(--hn-space-3); border: 1.5px solid var(--hn-color-border-strong); border-radius: var(--hn-radius-sm); background: var(--hn-color-surface); font-weight: 400; font-size: var(--hn-font-size-body); }
.cn-input:focus { border-color: var(--hn-color-primary); outline: none; box-shadow: 0 0 0 3px var(--hn-color-focus); }
textarea.cn-input { min-height: 72px; resize: vertical; }
.cn-table { width: 100%; border-collapse: collapse; background: var(--hn-color-surface); border: 1px solid var(--hn-color-border); border-radius: var(--hn-radius-md); overflow: hidden; font-size: 14px; }
.cn-table th { text-align: left; font-size: var(--hn-font-size-small); color: var(--hn-color-text-muted); background: var(--hn-color-bg); padding: var(--hn-space-2) var(--hn-space-3); border-bottom: 1px solid var(--hn-color-border); white-space: nowrap; }
.cn-table td { padding: var(--hn-space-2) var(--hn-space-3); border-bottom: 1px solid var(--hn-color-border); vertical-align: top; }
.cn-table tr:last-child td { border-bottom: none; }
.cn-table tbody tr:hover { background: var(--hn-color-bg); }
.cn-table a { font-weight: 700; }
.cn-num { font-variant-numeric: tabular-nums; white-space: nowrap; }
.cn-clip { max-width: 420px; overflow: hidden; text-overflow: ellipsis; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; }
.cn-tag { display: inline-block; padding: 0 8px; border-radius: var(--hn-radius-pill); font-size: 12px; font-weight: 700; line-height: 22px; background: var(--hn-color-surface-muted); white-space: nowrap; }
.cn-tag--hot { background: var(--hn-color-danger-soft); color: var(--hn-color-danger); }
.cn-tag--ok { background: #E3F3EA; color: var(--hn-color-success); }
.cn-late { color: var(--hn-color-danger); font-weight: 700; }
.cn-grid { display: grid; grid-template-columns: minmax(0, 3fr) minmax(320px, 2fr); gap: var(--hn-space-6); align-items: start; }
.cn-dl { display: grid; grid-template-columns: max-content 1fr; gap: var(--hn-space-1) var(--hn-space-4); margin: 0; }
.cn-dl dt { color: var(--hn-color-text-muted); font-size: var(--hn-font-size-small); }
.cn-dl dd { margin: 0; }
.cn-form { display: flex; flex-direction: column; gap: var(--hn-space-3); }
.cn-audited { border: 2px solid var(--hn-color-warning); background: var(--hn-color-warning-soft); border-radius: var(--hn-radius-md); padding: var(--hn-space-3) var(--hn-space-4); margin-top: var(--hn-space-3); }
.cn-audited__flag { font-weight: 700; color: var(--hn-color-warning); margin: 0 0 var(--hn-space-2); }
.cn-msgs { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 2px; max-height: 420px; overflow: auto; background: var(--hn-color-surface); border-radius: var(--hn-radius-sm); }
.cn-msgs li { padding: 4px 8px; font-size: 14px; }
.cn-msgs li[data-anchor="true"] { background: var(--hn-color-primary-soft); font-weight: 700; }
.cn-msgs small { color: var(--hn-color-text-muted); margin-right: 8px; font-variant-numeric: tabular-nums; }
.cn-pre { white-space: pre-wrap; word-break: break-all; font-size: 13px; background: var(--hn-color-surface); padding: var(--hn-space-2); border-radius: var(--hn-radius-sm); margin: 0; }
.cn-state { padding: var(--hn-space-8); text-align: center; color: var(--hn-color-text-muted); }
.cn-error { color: var(--hn-color-danger); font-weight: 700; }
.cn-notice { background: #E3F3EA; color: var(--hn-color-success); border-radius: var(--hn-radius-sm); padding: var(--hn-space-2) var(--hn-space-3); font-weight: 700; }
.cn-secret { font-family: ui-monospace, monospace; background: var(--hn-color-surface-muted); padding: var(--hn-space-2); border-radius: var(--hn-radius-sm); word-break: break-all; }
.cn-signin { min-height: 100vh; display: grid; place-items: center; background: var(--hn-color-surface-muted); }
.cn-signin .cn-card { width: 380px; padding: var(--hn-space-8); }
.cn-signin h1 { font-size: var(--hn-font-size-heading); margin: 0 0 var(--hn-space-5); }
.cn-totp { font-size: 24px; letter-spacing: 0.4em; text-align: center; font-variant-numeric: tabular-nums; }
.cn-stats { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: var(--hn-space-4); }
.cn-stat__value { font-size: 28px; font-weight: 700; font-variant-numeric: tabular-nums; }
@media (max-width: 1100px) { .cn-main { padding: var(--hn-space-4); } .cn-grid { grid-template-columns: 1fr; } }
`;
