// The fields, inputs and summary lists of the send and swap forms and their outcome views.
export const formStyles = `
.portico-field { font-weight: 600; margin: 0 0 -6px; text-align: left; }
.portico-input {
  flex: 1; min-height: 40px; padding: 0 12px; min-width: 0;
  border: 1px solid var(--portico-border); border-radius: calc(var(--portico-border-radius-master) * 4);
  background: var(--portico-bg-raised); color: var(--portico-fg); font: inherit;
}
.portico-summary { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 8px 12px; text-align: left; }
.portico-summary dt { color: var(--portico-fg-muted); }
.portico-summary dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; word-break: break-all; }
/* An amount with its symbol stays on one line; a line breaks only between such phrases. */
.portico-summary .portico-number { white-space: nowrap; word-break: normal; }
[aria-invalid='true'].portico-input { border-color: var(--portico-error); }
.portico-hash { font-family: ui-monospace, monospace; font-size: 0.85em; }
.portico-link { color: var(--portico-fg); text-decoration: underline; text-align: center; }
`
