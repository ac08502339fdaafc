/**
 * Loads the signed-in part of the app (AppRoot) in steps (issue 33, "Phone"). A dynamic import evaluates the
 * whole graph of modules it reaches in one task: for AppRoot that was ~250–400 ms at a phone's 4× slowdown
 * (react-router, TanStack Query, the shell's Mantine parts, the registry), one long task the page could not
 * answer in. Each step evaluates one part of that graph, and the browser runs a task of its own (input, a
 * paint) between two steps; AppRoot then evaluates only what is left. The steps' chunks are in the signed-in
 * page's preloads (server: plugins/web-pages.ts `signedInAssets`), so on a page load the steps cost no round
 * trip; after a sign-in they are fetched one after another, each a few hundred bytes over what AppRoot needs.
 */
const SIGNED_IN_STEPS: ReadonlyArray<() => Promise<unknown>> = [
  () => import('./load-steps/router'),
  () => import('./load-steps/query'),
  () => import('./load-steps/shell-parts'),
]

/** Resolves in a later task: what is queued (input, rendering) runs first. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

export async function loadSignedIn() {
  for (const step of SIGNED_IN_STEPS) {
    await step()
    await nextTask()
  }
  return import('./AppRoot')
}
