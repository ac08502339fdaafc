import type { ReactNode } from 'react'
import { Avatar, Badge, Group, Modal, Stack, Table, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { Me } from '../../lib/permissions'
import { roleLabel } from '../../lib/display-names'

function Details({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <Table variant="vertical" layout="fixed" withTableBorder>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={170}>{label}</Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

/** Avatar menu -> My Profile: who is signed in (read-only). */
export function ProfileModal({ me, opened, onClose }: { me: Me; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation()
  return (
    <Modal opened={opened} onClose={onClose} size={530} title={<Text fw={600}>{t('auth.profile.title')}</Text>}>
      <Stack gap="md">
        <Group gap="md" wrap="nowrap">
          <Avatar color="initials" name={me.name} radius="xl" size={56} />
          <div style={{ minWidth: 0 }}>
            <Text fw={600} size="lg" truncate>
              {me.name}
            </Text>
            <Text c="dimmed" size="sm" truncate>
              {me.email}
            </Text>
          </div>
        </Group>
        <Details
          rows={[
            [t('fields.name'), me.name],
            [t('fields.username'), me.username ?? '-'],
            [t('fields.email'), me.email],
            [
              t('fields.role'),
              <Badge key="role" variant="light">
                {roleLabel(t, { name: me.role_name })}
              </Badge>,
            ],
            [t('auth.profile.permissions'), t('auth.profile.permission_count', { count: me.permissions.length })],
          ]}
        />
      </Stack>
    </Modal>
  )
}
