import { queryOptions, useQuery } from '@tanstack/react-query'
import { LegalInfo } from '@areia/contracts/legal'
import { apiRequest } from '../../lib/api-client'

export function fetchLegalInfo() {
  return apiRequest('/api/v1/public/legal', { auth: false, schema: LegalInfo })
}

export const legalInfoQuery = () =>
  queryOptions({ queryKey: ['public', 'legal'], queryFn: fetchLegalInfo, staleTime: Infinity })

export function useLegalInfo() {
  return useQuery(legalInfoQuery())
}

/** What the documents print: the configured value, or a visible placeholder to be filled in. */
export type LegalFields = {
  company: string
  city: string
  state: string
  contactEmail: string
  privacyEmail: string
}

export function legalFields(info: LegalInfo | undefined): LegalFields {
  return {
    company: info?.company_name ?? '[NOME DA EMPRESA]',
    city: info?.forum_city ?? '[CIDADE DO FORO]',
    state: info?.forum_state ?? '[UF DO FORO]',
    contactEmail: info?.contact_email ?? '[E-MAIL DE CONTATO]',
    privacyEmail: info?.privacy_email ?? '[E-MAIL DE PRIVACIDADE]',
  }
}
