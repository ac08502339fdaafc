import { useState } from 'react'
import type { Me } from '../../lib/permissions'
import { identityColumn, type ColumnDef } from './column-defs'
import type { ResourceRow } from './row-types'

/**
 * Which of a list's columns the user shows (issue 32): secondary columns start hidden, the others shown,
 * and the identity column is always shown. The user's choice is kept in this browser's storage under their
 * id and the list's name, as the columns they changed from the declaration's default, so a column added
 * to a declaration later appears with its default (see docs/decisions/look.md for why not on the server).
 */
export function columnChoiceKey(userId: number | undefined, list: string) {
  return `list-columns.${userId ?? 0}.${list}`
}

type Choice = Record<string, boolean>

function readChoice(key: string): Choice {
  try {
    const raw = globalThis.localStorage?.getItem(key)
    const parsed: unknown = raw ? JSON.parse(raw) : {}
    return parsed && typeof parsed === 'object' ? (parsed as Choice) : {}
  } catch {
    // A value another version wrote, or storage refused: the defaults.
    return {}
  }
}

export function useColumnChoice<R extends ResourceRow>(list: string, columns: ColumnDef<R>[], me: Me | undefined) {
  const key = columnChoiceKey(me?.id, list)
  const [stored, setStored] = useState<{ key: string; choice: Choice }>(() => ({ key, choice: readChoice(key) }))
  // Another user or list on the same screen reads its own choice.
  const choice = stored.key === key ? stored.choice : readChoice(key)
  if (stored.key !== key) setStored({ key, choice })
  const identity = identityColumn(columns)

  const isShown = (c: ColumnDef<R>) => c === identity || (choice[c.key] ?? !c.secondary)
  const toggle = (c: ColumnDef<R>) => {
    const next = { ...choice }
    const shown = !isShown(c)
    if (shown === !c.secondary) delete next[c.key]
    else next[c.key] = shown
    try {
      globalThis.localStorage?.setItem(key, JSON.stringify(next))
    } catch {
      // Storage full or refused: the choice holds for this visit.
    }
    setStored({ key, choice: next })
  }
  return { identity, isShown, toggle, choosable: columns.filter((c) => c !== identity) }
}
