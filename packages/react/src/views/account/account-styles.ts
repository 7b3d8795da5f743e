// The Account view: the bar (network, settings, Disconnect), identity, balance, the four actions,
// then the tabs, token rows, NFT grid and activity list.
export const accountStyles = `
.portico-account { display: flex; flex-direction: column; gap: 12px; }
.portico-account-bar { display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.portico-account-bar-end { display: inline-flex; align-items: center; gap: 4px; }
.portico-account-bar .portico-button { min-height: 32px; padding: 0 12px; }
/* Reads as a label with a hint, not as one of the actions: no fill, a thin outline. */
.portico-network-chip {
  display: inline-flex; align-items: center; gap: 6px; min-height: 32px; padding: 0 10px;
  border: 1px solid var(--portico-border); border-radius: 999px; background: transparent;
  color: var(--portico-fg); font: inherit; font-size: calc(var(--portico-font-size-master) * 1.3); cursor: pointer;
}
.portico-network-chip:hover { background: var(--portico-bg-hover); }
.portico-network-chip-name { font-weight: 600; white-space: nowrap; }
.portico-network-chip-hint { color: var(--portico-fg-muted); white-space: nowrap; }
.portico-account-settings {
  display: flex; flex-direction: column; gap: 10px; padding: 10px 12px;
  border-radius: calc(var(--portico-border-radius-master) * 4); background: var(--portico-bg-raised);
}
.portico-account-settings-list { margin: 0; display: flex; flex-direction: column; gap: 8px; }
.portico-account-setting { display: flex; flex-direction: column; gap: 4px; }
.portico-account-setting dt { color: var(--portico-fg-muted); font-size: calc(var(--portico-font-size-master) * 1.2); }
.portico-account-setting dd { margin: 0; display: flex; align-items: center; justify-content: space-between; gap: 8px; }
.portico-account-setting-value { min-width: 0; overflow-wrap: anywhere; }
.portico-account-setting .portico-button { min-height: 32px; padding: 0 12px; flex: none; }
.portico-account-identity { display: flex; flex-direction: column; align-items: center; gap: 6px; text-align: center; }
.portico-account-name { display: flex; align-items: center; gap: 2px; }
.portico-account-name .portico-icon-button { width: 32px; height: 32px; font-size: 16px; text-decoration: none; }
.portico-account-balance {
  margin: 0; text-align: center; font-size: calc(var(--portico-font-size-master) * 2.8); font-weight: 700;
  font-variant-numeric: tabular-nums; overflow-wrap: anywhere;
}
.portico-account-actions { margin: 0; padding: 0; border: 0; min-width: 0; display: grid; grid-auto-flow: column; grid-auto-columns: minmax(0, 1fr); gap: 8px; }
.portico-account-actions .portico-button { padding: 0 8px; }
.portico-tabs { width: 100%; display: flex; flex-direction: column; gap: 10px; text-align: left; }
.portico-tablist { display: flex; gap: 4px; padding: 4px; border-radius: calc(var(--portico-border-radius-master) * 4); background: var(--portico-bg-raised); }
.portico-tab {
  flex: 1; min-height: 32px; border: 0; border-radius: calc(var(--portico-border-radius-master) * 3);
  background: transparent; color: var(--portico-fg-muted); font: inherit; font-weight: 600; cursor: pointer;
}
.portico-tab[aria-selected='true'] { background: var(--portico-bg); color: var(--portico-fg); }
.portico-tabpanel { min-height: 120px; }
.portico-token-row, .portico-activity-row {
  display: flex; align-items: center; gap: 12px; padding: 8px 10px;
  border-radius: calc(var(--portico-border-radius-master) * 4); background: var(--portico-bg-raised);
}
.portico-token-names, .portico-activity-text { flex: 1; display: flex; flex-direction: column; min-width: 0; }
.portico-token-name { font-weight: 600; }
.portico-token-value { font-variant-numeric: tabular-nums; font-weight: 600; }
.portico-nft-grid { list-style: none; margin: 0; padding: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: 8px; }
.portico-nft { margin: 0; padding: 6px; min-width: 0; border-radius: calc(var(--portico-border-radius-master) * 4); background: var(--portico-bg-raised); }
.portico-nft img, .portico-nft-placeholder { width: 100%; aspect-ratio: 1; display: block; border-radius: calc(var(--portico-border-radius-master) * 3); object-fit: cover; background: var(--portico-bg-hover); }
.portico-nft-placeholder { display: flex; flex-direction: column; align-items: center; justify-content: center; gap: 4px; padding: 8px; box-sizing: border-box; text-align: center; }
.portico-nft-monogram { font-size: calc(var(--portico-font-size-master) * 3.2); font-weight: 700; color: var(--portico-fg-muted); }
.portico-nft-collection { max-width: 100%; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; color: var(--portico-fg-muted); font-size: calc(var(--portico-font-size-master) * 1.2); }
.portico-nft figcaption { padding-top: 6px; font-weight: 600; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.portico-activity-month { margin: 10px 0 6px; font-size: calc(var(--portico-font-size-master) * 1.3); color: var(--portico-fg-muted); font-weight: 600; }
.portico-activity-year { margin: 12px 0 0; font-size: calc(var(--portico-font-size-master) * 1.5); }
.portico-activity-row { color: var(--portico-fg); text-decoration: none; }
.portico-activity-row:hover { background: var(--portico-bg-hover); }
.portico-activity-amount { font-variant-numeric: tabular-nums; font-weight: 600; white-space: nowrap; }
.portico-panel-state { padding: 16px 0; text-align: center; display: flex; flex-direction: column; align-items: center; gap: 8px; }
.portico-sentinel { height: 1px; }
`
