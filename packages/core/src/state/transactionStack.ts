// The transaction stack (spec section 2): how the modal navigates when a pending transaction
// ends: go back, replace, or reset to a view on success; go back on cancel; nothing when the
// modal closed meanwhile. Apart from
// router.ts because only the lazily loaded send views use it: the page's first chunk holds
// the router, and a module there is kept whole.
import { goBack, replaceView, resetView, routerStore, type TransactionAction } from './router'

/** Records how to navigate when the pending transaction ends. It navigates nothing now. */
export function pushTransactionStack(action: TransactionAction): void {
  routerStore.set((state) => ({ transactionStack: [...state.transactionStack, action] }))
}

function popTransactionStack(): TransactionAction | undefined {
  const { transactionStack } = routerStore.get()
  const action = transactionStack[transactionStack.length - 1]
  if (action) routerStore.set({ transactionStack: transactionStack.slice(0, -1) })
  return action
}

/** The pending transaction succeeded: go back, replace, or reset to its view, then onSuccess. */
export function completeTransactionStack(): void {
  const action = popTransactionStack()
  if (!action) return
  if (action.goBack) goBack()
  else if (action.view && action.replace) replaceView(action.view)
  else if (action.view) resetView(action.view)
  action.onSuccess?.()
}

/**
 * The modal closed while the transaction was pending: the next opening starts from its own
 * view, so nothing navigates; onCancel as for a cancel.
 */
export function abandonTransactionStack(): void {
  popTransactionStack()?.onCancel?.()
}

/** The pending transaction was cancelled or failed: go back, then onCancel. */
export function cancelTransactionStack(): void {
  const action = popTransactionStack()
  if (!action) return
  goBack()
  action.onCancel?.()
}
