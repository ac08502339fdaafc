import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react'
import { Route, Switch } from 'wouter'
import { FullScreenLoader } from '../components/FullScreenLoader'
import { NotFound } from '../components/NotFound'
import LoginPage from '../features/auth/LoginPage'
import { loadSignedIn } from './signed-in-loader'

/*
 * The public pages' router: wouter (2 kB), so /login does not download
 * react-router, TanStack Query or zod. The login page is in the entry; the
 * other public pages are small lazy chunks; everything signed in (/app/* and
 * /logout) is one lazy chunk, AppRoot, with its own react-router data router
 * (leave prompts need one) and query client. The two routers share the
 * browser's history: wouter follows every pushState, and AppRoot follows
 * wouter's location, so a navigation in either lands in the other.
 */
const AppRoot = lazy(loadSignedIn)
const RegisterPage = lazy(() => import('../features/auth/RegisterPage'))
const ForgotPage = lazy(() => import('../features/auth/ForgotPage'))
const ResetPage = lazy(() => import('../features/auth/ResetPage'))
const ActivationPage = lazy(() => import('../features/auth/ActivationPage'))

const page = (Component: LazyExoticComponent<ComponentType>) => () => (
  <Suspense fallback={<FullScreenLoader />}>
    <Component />
  </Suspense>
)
const Register = page(RegisterPage)
const Forgot = page(ForgotPage)
const Reset = page(ResetPage)
const Activation = page(ActivationPage)
const SignedInArea = page(AppRoot)

/** /app, /app/... and /logout: one route, so moving inside the app never remounts it. */
const signedInPaths = /^\/(?:app(?:\/.*)?|logout)\/?$/

export function PublicRoutes() {
  return (
    <Switch>
      <Route path="/" component={LoginPage} />
      <Route path="/login" component={LoginPage} />
      <Route path="/register" component={Register} />
      <Route path="/forgot" component={Forgot} />
      <Route path="/reset" component={Reset} />
      <Route path="/activation" component={Activation} />
      <Route path={signedInPaths} component={SignedInArea} />
      <Route>
        <NotFound />
      </Route>
    </Switch>
  )
}
