import type { CurrentUser, GoogleSignupRequired, LoginResult } from '@app/shared'
import { api } from '../../lib/api-client'

type Message = { message?: string }

/** Calls of the account screens (spec §7, DESIGN §4). */
export const authApi = {
  login: (body: { email: string; password: string }) => api.post<{ data: LoginResult } & Message>('/auth/login', body),
  logout: () => api.post<unknown>('/auth/logout'),
  me: () => api.get<{ data: CurrentUser }>('/auth/me'),
  register: (body: { companies: string; name: string; email: string; password: string; password_confirmation: string }) =>
    api.post<{ data: { email: string } } & Message>('/auth/register', body),
  activate: (body: { token: string; email: string }) => api.post<Message>('/auth/activation', body),
  resendActivation: (body: { email: string }) => api.post<Message>('/auth/resend_activation', body),
  forgot: (body: { email: string }) => api.post<Message>('/auth/forgot', body),
  reset: (body: { token: string; email: string; password: string; password_confirmation: string }) =>
    api.post<Message>('/auth/reset', body),
  changePassword: (body: { password_now: string; password: string; password_confirmation: string }) =>
    api.post<Message>('/auth/change_password', body),
  googleLogin: (body: { credential: string }) =>
    api.post<{ data: LoginResult | GoogleSignupRequired } & Message>('/auth/google_login', body),
  completeSignup: (body: { credential: string; companies: string }) =>
    api.post<{ data: LoginResult } & Message>('/auth/complete_signup', body),
}
