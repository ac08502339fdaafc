import type { ReactNode } from 'react'
import { Skeleton, Table } from '@mantine/core'
import { SKELETON_ROWS } from '@app/shared'

/** A placeholder the shape of the table while the first page loads (spec: 12 rows). */
export function TableSkeleton({ columns }: { columns: ReactNode[] }) {
  return (
    <Table.ScrollContainer minWidth={560} aria-busy="true">
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {columns.map((title, i) => (
              <Table.Th key={i}>{title}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {Array.from({ length: SKELETON_ROWS }, (_, r) => (
            <Table.Tr key={r}>
              {columns.map((_, c) => (
                <Table.Td key={c}>
                  <Skeleton h={14} radius="sm" w={`${60 + ((r * 7 + c * 13) % 35)}%`} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  )
}
