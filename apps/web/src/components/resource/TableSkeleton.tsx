import type { ReactNode } from 'react'
import { Paper, Skeleton, Stack, Table } from '@mantine/core'
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

/**
 * A phone's placeholder while the first page loads: cards the shape of ListCards' (issue 32), not a table
 * that scrolls sideways; plain blocks, no scroll area to measure (issue 33, "Phone").
 */
export function CardsSkeleton({ cards = 4 }: { cards?: number }) {
  return (
    <Stack gap="sm" aria-busy="true">
      {Array.from({ length: cards }, (_, i) => (
        <Paper key={i} withBorder radius="md" p="sm">
          <Skeleton h={16} w={`${55 + ((i * 17) % 30)}%`} radius="sm" />
          <div className="resource-card-values" style={{ marginTop: 'var(--mantine-spacing-xs)' }}>
            {[0, 1, 2, 3].map((c) => (
              <Stack key={c} gap={6} py={2}>
                <Skeleton h={10} w="40%" radius="sm" />
                <Skeleton h={14} w={`${50 + ((i * 7 + c * 13) % 40)}%`} radius="sm" />
              </Stack>
            ))}
          </div>
        </Paper>
      ))}
    </Stack>
  )
}
