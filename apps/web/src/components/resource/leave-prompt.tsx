import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useBlocker } from 'react-router'
import { ConfirmModal } from './ConfirmDelete'

/**
 * Unsaved changes on a page form: while `dirty`, leaving for another page in
 * the app asks first (the returned modal, to render in the page), and closing
 * or reloading the tab gets the browser's own warning. Used by every page form
 * (the resource engine's and the order page), so they ask the same way.
 */
export function useLeavePrompt(dirty: boolean) {
  const { t } = useTranslation()
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname)
  useEffect(() => {
    if (!dirty) return
    const warn = (e: BeforeUnloadEvent) => e.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
  return (
    <ConfirmModal
      opened={blocker.state === 'blocked'}
      title={t('kit.page.leave_title')}
      message={t('kit.page.leave_message')}
      confirmLabel={t('kit.page.leave')}
      color="red"
      onCancel={() => blocker.reset?.()}
      onConfirm={() => blocker.proceed?.()}
    />
  )
}
