// The dialog shell, loaded lazily on first open: a native <dialog> opened with showModal()
// (the page behind becomes inert), a focus trap, Escape and backdrop close through the
// modal store's guards, and the router outlet.
import {
  closeModal,
  connectionStore,
  featureAllowsView,
  isModalCloseBlocked,
  modalStore,
  onrampStore,
  resetView,
  routerStore,
  siwxStore,
  startAnalytics,
  themeStore,
  toastStore,
} from '@portico/core'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { usePorticoClient } from '../context'
import { useStore } from '../hooks/use-store'
import { modalStyles } from '../theme/modal-styles'
import { IconButton } from '../ui/icon-button'
import { Toast } from '../ui/toast'
import { useViewComponent } from '../views/registry'
import { useAnimatedHeight } from './use-animated-height'
import { focusFirstControl, useFocusTrap } from './use-focus-trap'
import { viewTitle } from './view-titles'

// For the page's ModalHost, which holds this chunk once loaded: whether a view is here yet, and
// the host's theme options to apply before the dialog first draws.
export { applyInitialTheme } from '@portico/core'
export { isViewLoaded } from '../views/registry'

let stylesInjected = false
function injectStyles() {
  if (stylesInjected || typeof document === 'undefined') return
  const style = document.createElement('style')
  style.dataset.portico = 'modal'
  style.textContent = modalStyles
  document.head.append(style)
  stylesInjected = true
}

export default function Modal() {
  injectStyles()
  const client = usePorticoClient()
  const open = useStore(modalStore, (state) => state.open)
  const router = useStore(routerStore)
  const themeMode = useStore(themeStore, (state) => state.themeMode)
  const themeVariables = useStore(themeStore, (state) => state.themeVariables)
  const toast = useStore(toastStore)
  const dialogRef = useRef<HTMLDialogElement>(null)
  const bodyRef = useRef<HTMLDivElement>(null)
  // The dialog is the first thing an opening loads: analytics start with it, never before.
  useEffect(() => {
    void startAnalytics(client)
  }, [client])

  // A view of a feature the host turned off is never shown, however it was asked for
  // (open({ view }), navigate): the modal goes back, or starts where it would have.
  const viewAllowed = featureAllowsView(client.options.features, router.view)
  const startView = connectionStore.get().status === 'connected' ? 'Account' : 'Connect'
  useLayoutEffect(() => {
    if (viewAllowed) return
    if (routerStore.get().history.length > 1) client.goBack()
    else resetView(startView)
  }, [client, viewAllowed, startView])
  // The refused view's code is not even fetched.
  const View = useViewComponent(viewAllowed ? router.view : startView)
  const connectorName = (router.data as { connector?: { name?: string } } | undefined)?.connector
    ?.name
  const onrampStatus = useStore(onrampStore, (state) => state.order?.status)
  const title = viewTitle(router.view, {
    ...(connectorName ? { connectorName } : {}),
    ...(onrampStatus ? { onrampStatus } : {}),
  })
  const canGoBack = router.history.length > 1 && router.view !== 'UnsupportedChain'
  // A close guard (sign-in required, no session yet) keeps the modal open: no close button
  // is offered then, rather than one that does nothing. Re-read when the view or session moves.
  useStore(siwxStore, (state) => state.session)
  const canClose = !isModalCloseBlocked()
  const toastElement =
    toast.open && toast.message ? <Toast message={toast.message} variant={toast.variant} /> : null

  return (
    <div
      className="portico-root"
      data-theme={themeMode}
      style={themeVariables as React.CSSProperties}
    >
      {open ? (
        <DialogFrame
          dialogRef={dialogRef}
          bodyRef={bodyRef}
          title={title}
          canGoBack={canGoBack}
          canClose={canClose}
          onBack={() => client.goBack()}
          onClose={() => closeModal()}
          toast={toastElement}
        >
          {View && viewAllowed ? (
            <>
              <View />
              <FocusOnShow key={router.view} container={bodyRef} />
            </>
          ) : (
            <div className="portico-view" aria-busy="true" />
          )}
        </DialogFrame>
      ) : (
        toastElement
      )}
    </div>
  )
}

/** Mounts with each view, after it, so focus lands once the view is painted. */
function FocusOnShow({ container }: { container: React.RefObject<HTMLElement | null> }) {
  useEffect(() => focusFirstControl(container.current), [container])
  return null
}

interface DialogFrameProps {
  dialogRef: React.RefObject<HTMLDialogElement | null>
  bodyRef: React.RefObject<HTMLDivElement | null>
  title: string
  canGoBack: boolean
  canClose: boolean
  onBack: () => void
  onClose: () => void
  /**
   * Shown inside the dialog: a modal dialog sits in the browser's top layer and makes the rest
   * of the page inert, so a toast outside it would be drawn under the backdrop (hidden behind
   * the phone's sheet) and unheard by screen readers.
   */
  toast: React.ReactNode
  children: React.ReactNode
}

function DialogFrame({
  dialogRef,
  bodyRef,
  title,
  canGoBack,
  canClose,
  onBack,
  onClose,
  toast,
  children,
}: DialogFrameProps) {
  useFocusTrap(dialogRef)
  const contentRef = useRef<HTMLDivElement>(null)
  useAnimatedHeight(bodyRef, contentRef)
  useLayoutEffect(() => {
    const dialog = dialogRef.current
    if (dialog && !dialog.open) dialog.showModal()
  }, [dialogRef])

  return (
    <dialog
      ref={dialogRef}
      className="portico-dialog"
      aria-labelledby="portico-modal-title"
      onCancel={(event) => {
        // Escape: the store decides (close guards), the browser must not close on its own.
        event.preventDefault()
        onClose()
      }}
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) onClose()
      }}
    >
      <div className="portico-header">
        {canGoBack ? (
          <IconButton label="Back" onClick={onBack}>
            ←
          </IconButton>
        ) : (
          <span />
        )}
        <h2 id="portico-modal-title" className="portico-title">
          {title}
        </h2>
        {canClose ? (
          <IconButton label="Close" onClick={onClose}>
            ×
          </IconButton>
        ) : (
          <span />
        )}
      </div>
      <div ref={bodyRef} className="portico-body">
        <div ref={contentRef}>{children}</div>
      </div>
      {toast}
    </dialog>
  )
}
