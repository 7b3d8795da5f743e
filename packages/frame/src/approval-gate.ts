// Not-safe requests wait here for the visitor: the frame asks the modal to show it
// (FRAME_APPROVAL_REQUESTED), draws its confirm, and runs the work only after Approve; Reject
// answers 4001 'User rejected the request.'. Either way FRAME_APPROVAL_SETTLED follows, so the
// modal hides the frame again. One confirm at a time: a second request waits for the first.
import type { FrameOutgoing } from '@portico/protocol/embedded-wallet-frame'
import { USER_REJECTED_MESSAGE } from '@portico/protocol/embedded-wallet-rpc-methods'
import { showApproval } from './approval-view'
import { showApprovalInWindow } from './approval-window'
import type { RequestDetails } from './describe-request'
import { FrameRequestError } from './frame-error'
import { tracksVisibility, type WatchVisibility } from './visibility-gate'

export interface ApprovalGateOptions {
  root: HTMLElement
  post(message: FrameOutgoing): void
  /** The host page's origin, as the message gate checks it on every request: shown as who asks. */
  origin: string
  /** When Approve may be pressed; the browser's own visibility checks unless a test says. */
  watch?: WatchVisibility
  /**
   * Whether Approve is in a window of the frame's own (approval-window.ts) rather than in the
   * frame: by default where the browser cannot tell what is painted over the frame.
   */
  inWindow?: boolean
}

/** Where the browser has IntersectionObserver v2, Approve stays in the frame. */
function browserLacksVisibilityChecks(): boolean {
  return !tracksVisibility(
    typeof IntersectionObserver === 'undefined' ? undefined : IntersectionObserver,
  )
}

export function createApprovalGate(options: ApprovalGateOptions) {
  const { root, post } = options
  const inWindow = options.inWindow ?? browserLacksVisibilityChecks()
  let queue: Promise<unknown> = Promise.resolve()

  /** The approval for the request `id`; `work` runs only after a click on Approve. */
  return function withApproval(id: string) {
    return <T>(method: string, details: RequestDetails, work: () => Promise<T>): Promise<T> => {
      const run = async () => {
        post({ type: 'FRAME_APPROVAL_REQUESTED', payload: { id, method } })
        const prompt = inWindow
          ? showApprovalInWindow(root, details, options.origin)
          : showApproval(root, details, options.origin, options.watch)
        const approved = await prompt.decision
        if (!approved) {
          prompt.close()
          post({ type: 'FRAME_APPROVAL_SETTLED', payload: { id, approved: false } })
          throw new FrameRequestError(USER_REJECTED_MESSAGE, 4001)
        }
        prompt.working()
        try {
          return await work()
        } finally {
          prompt.close()
          post({ type: 'FRAME_APPROVAL_SETTLED', payload: { id, approved: true } })
        }
      }
      const result = queue.then(run, run)
      queue = result.catch(() => undefined)
      return result
    }
  }
}
