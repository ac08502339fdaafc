import { localName } from '../../lib/display-names'
/**
 * Room attribute values grouped by their attribute group (spec §2 Rooms,
 * checklist D-07): one block per group of type room, in the groups' order; a
 * radio group holds at most one value, a checkbox group many.
 */
export interface AttributeGroupRow {
  id: number
  name: string
  option_type: string
}
export interface AttributeRow {
  id: number
  name: string
  name_en?: string | null
  name_id?: string | null
  [key: string]: unknown
  group: { id: number; name: string } | null
}
export interface AttributeBlock {
  group: AttributeGroupRow
  radio: boolean
  values: { id: number; name: string }[]
}

/** Groups with their values; groups without values are left out. */
export function groupAttributes(groups: AttributeGroupRow[], values: AttributeRow[], lang = 'en'): AttributeBlock[] {
  return groups
    .map((group) => ({
      group,
      radio: group.option_type === 'radio',
      // Each value in the reader's language when it has a name in it (issue 32, item 14).
      values: values.filter((v) => v.group?.id === group.id).map((v) => ({ id: v.id, name: localName(v, lang) })),
    }))
    .filter((b) => b.values.length > 0)
}

/**
 * The chosen ids after choosing `next` in one block: a checkbox block takes its
 * checked ids, a radio block its one id; ids of other blocks (and ids no block
 * shows, such as a value made inactive since) stay as they were.
 */
export function chooseInBlock(selected: readonly number[], block: AttributeBlock, next: readonly number[]): number[] {
  const inBlock = new Set(block.values.map((v) => v.id))
  const kept = selected.filter((id) => !inBlock.has(id))
  const chosen = block.radio ? next.slice(-1) : next.filter((id) => inBlock.has(id))
  return [...kept, ...chosen]
}
