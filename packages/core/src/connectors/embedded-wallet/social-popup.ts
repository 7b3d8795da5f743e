// The social login's popup (docs/product.md#social-login). It is opened empty inside the click,
// since a browser blocks a window opened after an await, and sent to the provider once the
// frame has started the login: by a form this page posts into it, so that the server sees this
// page's origin in the browser's own Origin header and binds the login to this browser before
// it goes on to the provider. It ends on our result URI, a page of the host's own origin whose
// query says it was meant for a popup (not the window name: browsers clear it on cross-site
// navigation): that page posts its URL to the opener at the page's exact origin, and the opener
// reads only a message from that origin and from that very window.

const SOCIAL_POPUP_NAME = 'portico-social-login'
const RESULT_MESSAGE = 'portico:social-login-result'
/** How often the opener looks whether the visitor closed the popup. */
const CLOSED_POLL_MS = 500
const POPUP_WIDTH = 500
const POPUP_HEIGHT = 640

export class SocialPopupClosedError extends Error {
  override name = 'SocialPopupClosedError'
}

/**
 * Sends the popup (`popup`) or this tab (`tab`) to the login's begin URL, as a form post from
 * this page: the server takes it only with this page's origin in the Origin header.
 */
export function postSocialBegin(target: 'popup' | 'tab', beginUrl: string, state: string): void {
  const form = document.createElement('form')
  form.method = 'post'
  form.action = beginUrl
  form.target = target === 'popup' ? SOCIAL_POPUP_NAME : '_self'
  form.hidden = true
  const field = document.createElement('input')
  field.type = 'hidden'
  field.name = 'state'
  field.value = state
  form.append(field)
  document.body.append(form)
  try {
    form.submit()
  } finally {
    form.remove()
  }
}

/** Opens the empty popup; null when the browser blocked it. Call it inside the click. */
export function openSocialPopup(): Window | null {
  const view = globalThis.window
  if (!view?.open) return null
  const left = Math.max(0, view.screenX + (view.outerWidth - POPUP_WIDTH) / 2)
  const top = Math.max(0, view.screenY + (view.outerHeight - POPUP_HEIGHT) / 2)
  try {
    return view.open(
      'about:blank',
      SOCIAL_POPUP_NAME,
      `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`,
    )
  } catch {
    return null
  }
}

/**
 * The result URI the popup lands on, as its page posts it. Rejects with SocialPopupClosedError
 * when the visitor closes the popup first.
 */
export function waitForSocialResult(popup: Window, origin: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const view = globalThis.window
    const finish = () => {
      view.removeEventListener('message', onMessage)
      clearInterval(poll)
    }
    function onMessage(event: MessageEvent) {
      if (event.origin !== origin || event.source !== popup) return
      const data = event.data as { type?: unknown; uri?: unknown } | null
      if (data?.type !== RESULT_MESSAGE || typeof data.uri !== 'string') return
      finish()
      resolve(data.uri)
    }
    const poll = setInterval(() => {
      if (!popup.closed) return
      finish()
      reject(new SocialPopupClosedError('The login window was closed'))
    }, CLOSED_POLL_MS)
    view.addEventListener('message', onMessage)
  })
}

/**
 * On a result page meant for the popup: hands the URL to the opener (at this page's own origin,
 * so no other site's opener can read it) and closes. False when there is no opener to tell.
 */
export function handOverToOpener(): boolean {
  const view = globalThis.window
  if (!view?.opener) return false
  view.opener.postMessage({ type: RESULT_MESSAGE, uri: view.location.href }, view.location.origin)
  view.close()
  return true
}
