import type { XlsxColumn } from '../../crud/xlsx.js'

/**
 * The users table as an .xlsx (spec §9: id, name, email, phone, role, status, created), written by the one
 * export writer (crud/export.ts): headers and statuses in the reader's language, the day DD-MM-YYYY.
 */
export const usersExportColumns: XlsxColumn[] = [
  { header: 'id', width: 10, value: (r) => Number(r.id) },
  { header: 'name', width: 30, value: (r) => r.name },
  { header: 'email', width: 34, value: (r) => r.email },
  { header: 'phone', value: (r) => r.phone ?? '' },
  { header: 'role', width: 20, value: (r) => (r.role as { display_name?: string } | null)?.display_name ?? '' },
  { header: 'status', width: 12, value: (r) => r.status },
  // The day the account was made (the list shows the day): an ISO day in the company's zone is written DD-MM-YYYY.
  { header: 'created', width: 14, labelKey: 'fields.created_at', value: (r) => r.created_at, day: true },
]
