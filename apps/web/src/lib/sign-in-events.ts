/**
 * "Someone just signed in", from the public pages to the signed-in part without importing it: the login
 * page (in the entry) must not pull in the query client, yet a cached "signed out" answer from before has to
 * go before /app asks who is signed in.
 */
const listeners = new Set<() => void>()

export function onSignIn(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function signedIn(): void {
  for (const listener of listeners) listener()
}
