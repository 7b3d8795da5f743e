// The swap views' own layout: the two sides, the token buttons, the picker's rows.
export const swapStyles = `
.portico-swap-side { border: 0; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 8px; min-width: 0; }
/* A floated legend is laid out as an ordinary line of the fieldset, above the input: the
   rendered legend (sitting on the border, with the form's -6px pull) had the input over it. */
.portico-swap-side > legend { float: left; width: 100%; margin: 0; padding: 0; }
.portico-swap-line { flex-wrap: nowrap; align-items: center; }
.portico-swap-balance { justify-content: space-between; align-items: center; flex-wrap: nowrap; }
.portico-swap-token { display: inline-flex; align-items: center; gap: 6px; white-space: nowrap; }
.portico-swap-output { display: flex; align-items: center; font-variant-numeric: tabular-nums; overflow: hidden; }
.portico-swap-row-names { flex: 1; display: flex; flex-direction: column; text-align: left; min-width: 0; }
.portico-swap-row-balance { font-variant-numeric: tabular-nums; }
`
