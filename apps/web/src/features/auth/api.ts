import { api } from '../../lib/api-client'

/** Calls of the account screens (spec §7, DESIGN §4). */
export const authApi = {
  login: (body: { email: string; password: string }) => api.post<{ data: { token?: string } }>('/auth/login', body),
  logout: () => api.post<unknown>('/auth/logout'),
  changePassword: (body: { password_now: string; password: string; password_confirmation: string }) =>
    api.post<unknown>('/auth/change_password', body),
}
