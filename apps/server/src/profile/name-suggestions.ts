// Names to offer for what the visitor typed: the name itself (marked when taken) and free
// variants of it, all in our zone. Variants are fixed forms of the label (no dictionary), kept
// only where they still keep the name rule.

import type { NameSuggestion } from '@portico/protocol/profile'
import { isNameLabel, nameInZone } from '@portico/protocol/profile-name'
import type { ProfileStore } from './profile-store'

/** The peer's count: the name and up to four free variants. */
const SUGGESTION_COUNT = 5

function variants(label: string): string[] {
  const forms = [
    `${label}1`,
    `${label}-id`,
    `${label}-eth`,
    `my-${label}`,
    `${label}2`,
    `${label}-wallet`,
    `${label}3`,
    `the-${label}`,
  ]
  return forms.filter(isNameLabel)
}

/** `label` lowercase and by the rule. */
export async function suggestNames(store: ProfileStore, label: string): Promise<NameSuggestion[]> {
  const exact = nameInZone(label)
  const others = variants(label).map(nameInZone)
  const taken = await store.registered([exact, ...others])
  const free = others.filter((name) => !taken.has(name)).slice(0, SUGGESTION_COUNT - 1)
  return [
    { name: exact, registered: taken.has(exact) },
    ...free.map((name) => ({ name, registered: false })),
  ]
}
