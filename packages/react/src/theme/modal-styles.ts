// The modal's stylesheet, injected once by the lazily loaded modal chunk so a page that never
// opens the modal never pays for it. Everything reads the theme's CSS custom properties; their
// defaults that the spec sets (docs/product.md#constants: layout, modal timings) come from
// core's constants, the one place those numbers are written.
import {
  BORDER_RADIUS_MASTER,
  FONT_SIZE_MASTER,
  HEADER_TEXT_ANIMATION_MS,
  MODAL_HEIGHT_ANIMATION_MS,
  MODAL_WIDTH_PX,
  MODAL_Z_INDEX,
  PHONE_MAX_WIDTH_PX,
  VIEW_TRANSITION_MS,
} from '@portico/core'

export const modalStyles = `
.portico-root {
  --portico-accent: #2563eb;
  --portico-accent-contrast: #ffffff;
  --portico-bg: #141414;
  --portico-bg-raised: #1f1f1f;
  --portico-bg-hover: #2a2a2a;
  --portico-fg: #f5f5f5;
  --portico-fg-muted: #a3a3a3;
  --portico-border: #333333;
  --portico-error: #f87171;
  --portico-success: #4ade80;
  --portico-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif;
  --portico-font-size-master: ${FONT_SIZE_MASTER};
  --portico-border-radius-master: ${BORDER_RADIUS_MASTER};
  --portico-z-index: ${MODAL_Z_INDEX};
  --portico-modal-width: ${MODAL_WIDTH_PX}px;
  --portico-duration-header: ${HEADER_TEXT_ANIMATION_MS}ms;
  --portico-duration-height: ${MODAL_HEIGHT_ANIMATION_MS}ms;
  --portico-duration-view: ${VIEW_TRANSITION_MS}ms;
  font-family: var(--portico-font-family);
  font-size: calc(var(--portico-font-size-master) * 1.4);
  color: var(--portico-fg);
}
.portico-root[data-theme='light'] {
  --portico-bg: #ffffff;
  --portico-bg-raised: #f4f4f5;
  --portico-bg-hover: #e4e4e7;
  --portico-fg: #18181b;
  --portico-fg-muted: #52525b;
  --portico-border: #d4d4d8;
  --portico-error: #b91c1c;
  --portico-success: #15803d;
  --portico-accent: #1d4ed8;
}
.portico-dialog {
  --portico-modal-top: clamp(16px, 12vh, 120px);
  position: fixed;
  z-index: var(--portico-z-index);
  width: min(var(--portico-modal-width), calc(100% - 16px));
  max-width: none;
  max-height: calc(100dvh - var(--portico-modal-top) - 16px);
  padding: 0;
  /* The top edge stays where it opened: a change of height moves only the bottom edge. */
  margin: var(--portico-modal-top) auto auto;
  border: 1px solid var(--portico-border);
  border-radius: calc(var(--portico-border-radius-master) * 8);
  background: var(--portico-bg);
  color: var(--portico-fg);
  overflow: hidden;
  box-shadow: 0 16px 48px rgb(0 0 0 / 0.35);
  animation: portico-in var(--portico-duration-view) ease-out;
}
.portico-dialog[open] { display: flex; flex-direction: column; }
.portico-dialog::backdrop { background: rgb(0 0 0 / 0.5); }
@keyframes portico-in { from { opacity: 0; transform: translateY(8px); } to { opacity: 1; transform: none; } }
.portico-body {
  flex: 0 1 auto;
  min-height: 0;
  transition: height var(--portico-duration-height) ease;
  overflow: hidden auto;
  overscroll-behavior: contain;
}
/* A phone: a bottom sheet, full width, its own scrolling under a fixed header. */
@media (max-width: ${PHONE_MAX_WIDTH_PX}px) {
  .portico-dialog {
    width: 100%;
    max-height: calc(100dvh - 24px);
    margin: auto 0 0;
    border-width: 1px 0 0;
    border-radius: calc(var(--portico-border-radius-master) * 6) calc(var(--portico-border-radius-master) * 6) 0 0;
    animation-name: portico-sheet-in;
  }
  .portico-body > div { padding-bottom: env(safe-area-inset-bottom); }
}
@keyframes portico-sheet-in { from { transform: translateY(24px); } to { transform: none; } }
.portico-view { padding: 12px 16px 16px; animation: portico-view-in var(--portico-duration-view) ease-out; }
@keyframes portico-view-in { from { opacity: 0; } to { opacity: 1; } }
.portico-header {
  flex: none;
  display: grid;
  grid-template-columns: 40px 1fr 40px;
  align-items: center;
  padding: 12px 12px 0;
}
.portico-title {
  margin: 0;
  text-align: center;
  font-size: calc(var(--portico-font-size-master) * 1.6);
  font-weight: 600;
  animation: portico-view-in var(--portico-duration-header) ease-out;
}
.portico-icon-button {
  width: 36px; height: 36px;
  display: inline-flex; align-items: center; justify-content: center;
  border: 0; border-radius: calc(var(--portico-border-radius-master) * 3);
  background: transparent; color: var(--portico-fg); cursor: pointer;
  font: inherit; font-size: 18px;
}
.portico-icon-button:hover { background: var(--portico-bg-hover); }
.portico-list { list-style: none; margin: 0; padding: 0; display: flex; flex-direction: column; gap: 6px; }
.portico-list-item {
  width: 100%; box-sizing: border-box;
  display: flex; align-items: center; gap: 12px;
  padding: 10px 12px;
  border: 0; border-radius: calc(var(--portico-border-radius-master) * 4);
  background: var(--portico-bg-raised); color: var(--portico-fg);
  font: inherit; text-align: left; cursor: pointer;
}
.portico-list-item:hover { background: var(--portico-bg-hover); }
.portico-list-item-placeholder, .portico-list-item-placeholder:hover {
  cursor: default; background: var(--portico-bg-raised);
  animation: portico-pulse 1.2s ease-in-out infinite alternate;
}
.portico-list-item-placeholder .portico-avatar { background: var(--portico-bg-hover); }
@keyframes portico-pulse { from { opacity: 1; } to { opacity: 0.5; } }
.portico-list-item[aria-current='true'] { outline: 1px solid var(--portico-accent); }
.portico-list-item-label { flex: 1; font-weight: 500; }
.portico-tag {
  font-size: calc(var(--portico-font-size-master) * 1.1);
  padding: 2px 6px; border-radius: calc(var(--portico-border-radius-master) * 2);
  background: var(--portico-bg-hover); color: var(--portico-fg-muted);
}
.portico-avatar { width: 36px; height: 36px; border-radius: calc(var(--portico-border-radius-master) * 3); flex: none; object-fit: cover; }
.portico-avatar-fallback {
  display: inline-flex; align-items: center; justify-content: center;
  background: linear-gradient(135deg, var(--portico-accent), #8b5cf6); color: #fff; font-weight: 700;
}
.portico-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  min-height: 40px; padding: 0 16px;
  border: 1px solid transparent; border-radius: calc(var(--portico-border-radius-master) * 4);
  background: var(--portico-accent); color: var(--portico-accent-contrast);
  font: inherit; font-weight: 600; cursor: pointer;
}
.portico-button[data-variant='secondary'] { background: var(--portico-bg-raised); color: var(--portico-fg); border-color: var(--portico-border); }
.portico-button[data-variant='danger'] { background: transparent; color: var(--portico-error); border-color: var(--portico-border); }
.portico-button:disabled { opacity: 0.5; cursor: not-allowed; }
.portico-root :focus-visible { outline: 2px solid var(--portico-accent); outline-offset: 2px; }
.portico-stack { display: flex; flex-direction: column; gap: 12px; align-items: stretch; }
.portico-center { display: flex; flex-direction: column; gap: 12px; align-items: center; text-align: center; }
.portico-muted { color: var(--portico-fg-muted); margin: 0; }
.portico-error-text { color: var(--portico-error); margin: 0; }
.portico-big-avatar { width: 72px; height: 72px; border-radius: 50%; }
.portico-address { font-size: calc(var(--portico-font-size-master) * 2); font-weight: 700; margin: 0; }
.portico-row { display: flex; gap: 8px; justify-content: center; flex-wrap: wrap; }
.portico-spinner {
  width: 20px; height: 20px; border-radius: 50%;
  border: 2px solid var(--portico-border); border-top-color: var(--portico-accent);
  animation: portico-spin 800ms linear infinite;
}
@keyframes portico-spin { to { transform: rotate(360deg); } }
.portico-toast {
  position: fixed; left: 50%; bottom: 24px; transform: translateX(-50%);
  z-index: calc(var(--portico-z-index) + 1);
  display: flex; align-items: center; gap: 8px;
  padding: 8px 14px; border-radius: 999px;
  background: var(--portico-bg-raised); color: var(--portico-fg); border: 1px solid var(--portico-border);
}
.portico-toast[data-variant='error'] { color: var(--portico-error); }
.portico-toast[data-variant='success'] { color: var(--portico-success); }
.portico-visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (prefers-reduced-motion: reduce) {
  .portico-root *, .portico-dialog { animation: none !important; transition: none !important; }
}
`
