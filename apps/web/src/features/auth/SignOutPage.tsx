import { useEffect } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { Navigate, useLocation, useNavigate } from 'react-router'
import { FullScreenLoader } from '../../components/FullScreenLoader'
import { clearNavState } from '../../lib/nav'
import { authApi } from './api'

/**
 * `/logout`: signing out is a navigation, so a page form with unsaved changes asks first with the app's one
 * leave prompt (and staying keeps the session). Only the app's own Logout signs out here: a link from
 * elsewhere carries no navigation state and just goes to /app.
 */
export default function SignOutPage() {
  const location = useLocation()
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const asked = (location.state as { signOut?: boolean } | null)?.signOut === true
  useEffect(() => {
    if (!asked) return
    let done = false
    void authApi.logout().then(() => {
      // Whatever the answer, this browser is signed out afterwards.
      if (done) return
      clearNavState()
      queryClient.clear()
      void navigate('/', { replace: true })
    })
    return () => {
      done = true
    }
  }, [asked, navigate, queryClient])
  return asked ? <FullScreenLoader /> : <Navigate to="/app" replace />
}
