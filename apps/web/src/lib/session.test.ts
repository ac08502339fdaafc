import { describe, expect, it } from 'vitest'
import { readEmbeddedSession } from './session'

/** A page holding `text` as the #app-session block; `removed` tells whether the block was taken out. */
function pageWith(text: string | null) {
  const state = { removed: false }
  const doc = {
    getElementById: (id: string) =>
      id === 'app-session' && text !== null && !state.removed
        ? { textContent: text, remove: () => (state.removed = true) }
        : null,
  } as unknown as Document
  return { doc, state }
}

const me = {
  id: 1,
  name: 'Siti',
  email: 'owner@demo.travel',
  username: null,
  permissions: ['hotel_list'],
  role_name: 'Owner',
  company: null,
}

describe('readEmbeddedSession', () => {
  it('reads the session answer the server put in a signed-in page, once', () => {
    const { doc, state } = pageWith(JSON.stringify({ data: me }))
    expect(readEmbeddedSession(doc)).toEqual(me)
    expect(state.removed).toBe(true)
    expect(readEmbeddedSession(doc)).toBeUndefined()
  })

  it('keeps "nobody is signed in" as an answer', () => {
    expect(readEmbeddedSession(pageWith('{"data":null}').doc)).toBeNull()
  })

  it('is no answer without a block, with a broken one or one without data (the app asks the server)', () => {
    expect(readEmbeddedSession(pageWith(null).doc)).toBeUndefined()
    expect(readEmbeddedSession(pageWith('{"data":').doc)).toBeUndefined()
    expect(readEmbeddedSession(pageWith('{}').doc)).toBeUndefined()
    expect(readEmbeddedSession(undefined)).toBeUndefined()
  })
})
