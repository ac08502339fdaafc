import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * mantine-datatable names its sort icons in English ("Not sorted", "Sorted ascending") with no prop to
 * change it; this puts the reader's language on them whenever the header renders them again.
 */
export function useSortIconLabels(table: HTMLTableElement | null) {
  const { t } = useTranslation()
  useEffect(() => {
    if (!table) return
    const relabel = () => {
      for (const el of table.querySelectorAll<HTMLElement>('thead [role="img"][aria-label]')) {
        const label = el.classList.contains('mantine-datatable-header-cell-sortable-unsorted-icon')
          ? t('table.sort_none')
          : el.classList.contains('mantine-datatable-header-cell-sortable-icon-reversed')
            ? t('table.sort_desc')
            : t('table.sort_asc')
        if (el.getAttribute('aria-label') !== label) el.setAttribute('aria-label', label)
      }
    }
    relabel()
    const observer = new MutationObserver(relabel)
    observer.observe(table, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-label', 'class'] })
    return () => observer.disconnect()
  }, [table, t])
}
