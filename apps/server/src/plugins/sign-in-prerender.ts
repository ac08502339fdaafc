import { pathToFileURL } from 'node:url'
import { Worker } from 'node:worker_threads'
import { LOCALES } from '@app/shared'

/** What the prerender thread draws, per language: the sign-in page, and the signed-in shell's frame (with each screen's head). */
export interface DrawnPages {
  signIn: Record<string, string>
  /** Empty with a web build that has no frame to draw (`renderShellFrame`). */
  frames: Record<string, string>
  /** The frame with a screen's head, per language, for the screen at `path` under /app (`renderScreenFrames`). */
  screens: Record<string, Array<{ path: string; html: string; firstPage?: string }>>
}

/**
 * Draws the sign-in page and the signed-in shell's frame in every language in a thread of its own, which ends
 * when it is done: the prerender loads React, Mantine and the icon set (about
 * 30 MB of heap) that the server would otherwise keep for its whole life, where
 * every full garbage collection marks them again (docs/performance/calendars.md's git history, 2026-11-25 night).
 */
export function drawSignInPages(modulePath: string, config: Record<string, unknown>) {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads')
    import(workerData.url).then(async (mod) => {
      const drawn = { signIn: {}, frames: {}, screens: {} }
      for (const lang of workerData.locales) {
        drawn.signIn[lang] = await mod.renderSignIn(lang, workerData.config)
        if (typeof mod.renderShellFrame === 'function') drawn.frames[lang] = await mod.renderShellFrame(lang, workerData.config)
        if (typeof mod.renderScreenFrames === 'function') drawn.screens[lang] = await mod.renderScreenFrames(lang, workerData.config)
      }
      parentPort.postMessage(drawn)
    })`,
    { eval: true, workerData: { url: pathToFileURL(modulePath).href, locales: [...LOCALES], config } },
  )
  let stopping = false
  const pages = new Promise<DrawnPages | undefined>((resolve, reject) => {
    worker.once('message', (drawn: DrawnPages) => {
      resolve(drawn)
      void worker.terminate()
    })
    worker.once('error', reject)
    // Stopped by the server's close before it was done: nothing drawn, nothing wrong.
    worker.once('exit', (code) => (stopping ? resolve(undefined) : reject(new Error(`the prerender thread ended (${code})`))))
  })
  return {
    pages,
    stop: () => {
      stopping = true
      return worker.terminate()
    },
  }
}
