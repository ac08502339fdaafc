import type { FastifyInstance } from 'fastify'
import type { Actor } from './fixtures.js'

/**
 * Catalogue fixtures made through the API, for one company: published
 * locations and an attribute value per group type, so product tests can pick
 * valid and foreign ids.
 */
export interface CatalogueFixtures {
  locations: number[]
  /** One attribute value id per group type, plus a second value of a radio group of each. */
  attribute: { room: number; transportation: number; train: number }
  radio: { transportation: [number, number]; train: [number, number] }
}

async function post(app: FastifyInstance, who: Actor, url: string, payload: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: `/api/v1${url}`, headers: who.headers, payload })
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`)
  return res.json().data as { id: number }
}

let seq = 0

export async function catalogueFixtures(app: FastifyInstance, who: Actor, places = 3): Promise<CatalogueFixtures> {
  const n = ++seq
  const locations: number[] = []
  for (let i = 0; i < places; i++) {
    const loc = await post(app, who, '/locations', {
      name: `Place ${n}-${i}`,
      description: '<p>A place</p>',
      status: 'publish',
      lat: 21.4 + i,
      long: 39.8 + i,
      zoom: 12,
    })
    locations.push(loc.id)
  }
  const value = async (type: string, option: 'checkbox' | 'radio', count: number) => {
    const group = await post(app, who, '/group_attributes', { name: `G ${type} ${option} ${n}`, type, option_type: option })
    const ids: number[] = []
    for (let i = 0; i < count; i++)
      ids.push(
        (
          await post(app, who, '/attributes', {
            name: `V ${type} ${option} ${n}-${i}`,
            description: 'A value',
            is_active: true,
            group_id: group.id,
          })
        ).id,
      )
    return ids
  }
  const [room] = await value('room', 'checkbox', 1)
  const [transportation] = await value('transportation', 'checkbox', 1)
  const [train] = await value('train', 'checkbox', 1)
  const tRadio = await value('transportation', 'radio', 2)
  const trRadio = await value('train', 'radio', 2)
  return {
    locations,
    attribute: { room: room!, transportation: transportation!, train: train! },
    radio: { transportation: [tRadio[0]!, tRadio[1]!], train: [trRadio[0]!, trRadio[1]!] },
  }
}
