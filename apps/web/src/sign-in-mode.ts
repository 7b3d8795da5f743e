// Sign-in with the wallet is off unless the page is opened with `?siwx=required` or
// `?siwx=optional` (the e2e specs and a manual try use it).
export type SignInMode = 'required' | 'optional' | undefined

export function signInModeOf(search: string): SignInMode {
  const mode = new URLSearchParams(search).get('siwx')
  return mode === 'required' || mode === 'optional' ? mode : undefined
}

export const signInMode: SignInMode =
  typeof location === 'undefined' ? undefined : signInModeOf(location.search)
