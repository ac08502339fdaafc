import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { createBrowserRouter } from 'react-router'
import { FullScreenLoader } from '../components/FullScreenLoader'
import { NotFound } from '../components/NotFound'
import LoginPage from '../features/auth/LoginPage'

/*
 * The login page is the entry and ships in the main bundle; everything else is
 * split: the other public pages, and the whole signed-in area (/app/*, with its
 * registry, shell and screens) as one lazy chunk that routes its own children.
 */
const AppArea = lazy(() => import('./AppArea'))
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'))
const ForgotPage = lazy(() => import('../features/auth/ForgotPage'))
const ResetPage = lazy(() => import('../features/auth/ResetPage'))
const ActivationPage = lazy(() => import('../features/auth/ActivationPage'))
const SignOutPage = lazy(() => import('../features/auth/SignOutPage'))

const page = (Component: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<FullScreenLoader />}>
    <Component />
  </Suspense>
)

export const router = createBrowserRouter([
  { path: '/', element: <LoginPage /> },
  { path: '/login', element: <LoginPage /> },
  { path: '/register', element: page(RegisterPage) },
  { path: '/forgot', element: page(ForgotPage) },
  { path: '/reset', element: page(ResetPage) },
  { path: '/activation', element: page(ActivationPage) },
  { path: '/logout', element: page(SignOutPage) },
  { path: '/app/*', element: page(AppArea) },
  { path: '*', element: <NotFound /> },
])
