// Registering a name (docs/product.md#views), both views in one chunk: RegisterAccountName (the
// name typed, suggestions as it is typed, 300 ms after the last key) and
// RegisterAccountNameSuccess (the pending view while the wallet signs, then the name).
import { routerStore } from '@portico/core'
import { useStore } from '../../hooks/use-store'
import { RegisterNameForm } from './register-name-form'
import { RegisterNameSuccess } from './register-name-success'

export default function RegisterAccountName() {
  const view = useStore(routerStore, (state) => state.view)
  return view === 'RegisterAccountNameSuccess' ? <RegisterNameSuccess /> : <RegisterNameForm />
}
