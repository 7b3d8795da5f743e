// An accessible tablist (WAI-ARIA tabs pattern): one tab in the Tab order, arrow keys, Home and
// End move between tabs and select them; each tab controls its panel.
import { type KeyboardEvent, type ReactNode, useRef } from 'react'

export interface TabItem<Id extends string> {
  id: Id
  label: string
}

export interface TabsProps<Id extends string> {
  /** The tablist's accessible name. */
  label: string
  /** Ids of tabs and panels start with this, so two tablists never clash. */
  idPrefix: string
  tabs: readonly TabItem<Id>[]
  selected: Id
  onSelect: (id: Id) => void
  /** The selected tab's panel. */
  children: ReactNode
}

export function Tabs<Id extends string>({
  label,
  idPrefix,
  tabs,
  selected,
  onSelect,
  children,
}: TabsProps<Id>) {
  const refs = useRef(new Map<Id, HTMLButtonElement>())

  function move(event: KeyboardEvent, index: number) {
    const last = tabs.length - 1
    const target =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined
    const tab = target === undefined ? undefined : tabs[target]
    if (!tab) return
    event.preventDefault()
    onSelect(tab.id)
    refs.current.get(tab.id)?.focus()
  }

  return (
    <div className="portico-tabs">
      <div role="tablist" aria-label={label} className="portico-tablist">
        {tabs.map((tab, index) => (
          <button
            key={tab.id}
            ref={(element) => {
              if (element) refs.current.set(tab.id, element)
              else refs.current.delete(tab.id)
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            className="portico-tab"
            onClick={() => onSelect(tab.id)}
            onKeyDown={(event) => move(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${idPrefix}-panel-${selected}`}
        aria-labelledby={`${idPrefix}-tab-${selected}`}
        className="portico-tabpanel"
      >
        {children}
      </div>
    </div>
  )
}
