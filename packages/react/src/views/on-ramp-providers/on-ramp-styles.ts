// The buy views: provider choice, amount presets, the quote.
export const onRampStyles = `
.portico-field { font-weight: 600; margin: 0 0 -6px; text-align: left; }
.portico-input {
  flex: 1; min-height: 40px; padding: 0 12px; min-width: 0;
  border: 1px solid var(--portico-border); border-radius: calc(var(--portico-border-radius-master) * 4);
  background: var(--portico-bg-raised); color: var(--portico-fg); font: inherit;
}
[aria-invalid='true'].portico-input { border-color: var(--portico-error); }
.portico-providers { border: 0; margin: 0; padding: 0; display: grid; gap: 8px; text-align: left; }
.portico-providers legend { font-weight: 600; margin-bottom: 8px; padding: 0; }
.portico-provider {
  display: flex; align-items: center; gap: 10px; padding: 10px 12px; cursor: pointer;
  border: 1px solid var(--portico-border); border-radius: calc(var(--portico-border-radius-master) * 4);
  background: var(--portico-bg-raised);
}
.portico-provider:has(input:checked) { border-color: var(--portico-accent, var(--portico-fg)); }
.portico-provider span:last-child { margin-left: auto; color: var(--portico-fg-muted); }
.portico-summary { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 8px 12px; text-align: left; }
.portico-summary dt { color: var(--portico-fg-muted); }
.portico-summary dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
.portico-link { color: var(--portico-fg); text-decoration: underline; text-align: center; }
`
