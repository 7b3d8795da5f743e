// The server and project the default sign-in (createServerSiwx) talks to when the host did not
// name them: those of the client whose sign-in flow started. Kept here rather than read from
// the client's options store so that nothing is added to what the page loads up front.
export interface SignInServer {
  apiUrl: string
  projectId: string
}

let current: SignInServer | undefined

export function setSignInServer(server: SignInServer | undefined): void {
  current = server
}

export function getSignInServer(): SignInServer | undefined {
  return current
}
