import { useQuery } from '@tanstack/react-query'
import type { CompanySettings } from '@app/shared'
import { api, unwrap } from './api-client'

/** Query key of the company's settings: the settings screen's save invalidates it. */
export const companyKey = ['company'] as const

/**
 * `GET /company`: the caller's company settings, readable by every signed-in
 * user (the pilgrim rules are shown against them: passport validity months,
 * the mahram rule).
 */
export function useCompanySettings() {
  return useQuery({
    queryKey: companyKey,
    queryFn: () => unwrap(api.get<{ data: CompanySettings }>('/company')).then((r) => r.data),
    staleTime: 60_000,
  })
}
