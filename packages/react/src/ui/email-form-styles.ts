// The e-mail and code forms' fields (the Connect view's e-mail field, the code views).
export const emailFormStyles = `
.portico-form { display: flex; flex-direction: column; gap: 8px; text-align: left; }
.portico-form label { font-weight: 600; }
.portico-form .portico-form-row { display: flex; gap: 8px; }
.portico-form input {
  flex: 1; min-height: 40px; padding: 0 12px; min-width: 0;
  border: 1px solid var(--portico-border); border-radius: calc(var(--portico-border-radius-master) * 4);
  background: var(--portico-bg-raised); color: var(--portico-fg); font: inherit;
}
.portico-form input[aria-invalid='true'] { border-color: var(--portico-error); }
.portico-form .portico-code { letter-spacing: 0.5em; font-variant-numeric: tabular-nums; text-align: center; }
.portico-form-message { margin: 0; }
.portico-form-submit-labels { display: inline-grid; }
.portico-form-submit-labels > span { grid-area: 1 / 1; }
.portico-form-submit-labels > [aria-hidden='true'] { visibility: hidden; }
`
