import { describe, expect, it } from 'vitest'
import { readEmbeddedFirstPage, readEmbeddedSession } from './session'

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

describe('readEmbeddedFirstPage', () => {
  const block = (text: string, url: string | null) => {
    const state = { removed: false }
    const doc = {
      getElementById: (id: string) =>
        id === 'app-first-page' && !state.removed
          ? {
              textContent: text,
              getAttribute: (a: string) => (a === 'data-url' ? url : null),
              remove: () => (state.removed = true),
            }
          : null,
    } as unknown as Document
    return { doc, state }
  }

  it("reads the list's first page and the URL it answers, once", () => {
    const { doc, state } = block('{"data":[],"pagination":{"total":0}}', '/api/v1/hotels?page=0')
    expect(readEmbeddedFirstPage(doc)).toEqual({ url: '/api/v1/hotels?page=0', body: { data: [], pagination: { total: 0 } } })
    expect(state.removed).toBe(true)
    expect(readEmbeddedFirstPage(doc)).toBeUndefined()
  })

  it('is nothing without its URL, with a broken answer or without a page', () => {
    expect(readEmbeddedFirstPage(block('{"data":[]}', null).doc)).toBeUndefined()
    expect(readEmbeddedFirstPage(block('{"data":', '/api/v1/hotels').doc)).toBeUndefined()
    expect(readEmbeddedFirstPage(undefined)).toBeUndefined()
  })
})
