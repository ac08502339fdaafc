import { useEffect } from 'react'
import i18n from '../i18n'

/** `Categories | Travel Back Office`: every screen's title carries the product name. */
export function documentTitle(title?: string | null): string {
  const product = i18n.t('app.name')
  return title ? `${title} | ${product}` : product
}

export function useDocumentTitle(title?: string | null) {
  useEffect(() => {
    document.title = documentTitle(title)
  }, [title])
}
