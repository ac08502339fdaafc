import { lazy, Suspense, useState } from 'react'
import { Avatar, Badge, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { IconBuilding, IconChevronDown, IconKey, IconLogout, IconUser } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { ProfileModal } from '../../features/auth/AccountModals'
import type { Me } from '../../lib/permissions'
import { roleLabel } from '../../lib/display-names'
import { useArmed } from '../../components/use-armed'

/** The password dialog brings the form kit: loaded when first opened, not with the shell. */
const ChangePasswordDialog = lazy(() =>
  import('../../features/auth/ChangePasswordDialog').then((m) => ({ default: m.ChangePasswordDialog })),
)

/** Avatar menu: My Profile, Update Password, Company Setting, Logout (spec §2). */
export function UserMenu({ me }: { me: Me }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [passwordOpen, setPasswordOpen] = useState(false)
  const [profileOpen, setProfileOpen] = useState(false)
  const [profileSeen, setProfileSeen] = useState(false)

  // Signing out is a navigation to /logout (SignOutPage), so unsaved changes on a page form are asked about
  // first with the one leave prompt; the state marks it as the app's own Logout.
  const logout = () => void navigate('/logout', { state: { signOut: true } })

  const menu = useArmed()
  // Named by what it shows (the user's name) plus "account menu", so the name heard contains the text seen.
  const trigger = (
    <UnstyledButton style={{ borderRadius: 'var(--mantine-radius-xl)', flexShrink: 0 }} aria-haspopup="menu">
      <Group gap={8} wrap="nowrap">
        <Avatar color="initials" name={me.name} radius="xl" size={32} aria-hidden="true" />
        <Text size="sm" fw={500} visibleFrom="sm" maw={160} truncate>
          {me.name}
        </Text>
        <VisuallyHidden>{t('shell.account')}</VisuallyHidden>
        <IconChevronDown size={14} stroke={1.7} aria-hidden="true" />
      </Group>
    </UnstyledButton>
  )

  return (
    <>
      <span className="armed-trigger" {...menu.handlers}>
        {!menu.armed ? (
          trigger
        ) : (
          <Menu position="bottom-end" shadow="md" width={240} withinPortal opened={menu.opened} onChange={menu.setOpened}>
            <Menu.Target>{trigger}</Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>
                <Text size="sm" fw={600} c="dark" truncate>
                  {me.name}
                </Text>
                <Text size="xs" c="dimmed" truncate>
                  {me.email}
                </Text>
                {me.role_name && (
                  <Badge mt={6} size="xs" variant="light">
                    {roleLabel(t, { name: me.role_name })}
                  </Badge>
                )}
              </Menu.Label>
              <Menu.Divider />
              <Menu.Item
                leftSection={<IconUser size={16} />}
                onClick={() => {
                  setProfileSeen(true)
                  setProfileOpen(true)
                }}
              >
                {t('shell.my_profile')}
              </Menu.Item>
              <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setPasswordOpen(true)}>
                {t('shell.update_password')}
              </Menu.Item>
              <Menu.Item leftSection={<IconBuilding size={16} />} onClick={() => void navigate('/app/company')}>
                {t('shell.company_setting')}
              </Menu.Item>
              <Menu.Divider />
              <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={logout}>
                {t('shell.logout')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        )}
      </span>
      {passwordOpen && (
        <Suspense fallback={null}>
          <ChangePasswordDialog opened onClose={() => setPasswordOpen(false)} />
        </Suspense>
      )}
      {/* Mounted from its first opening on (a closed Modal still mounts a Portal), then kept for its closing transition. */}
      {profileSeen && <ProfileModal me={me} opened={profileOpen} onClose={() => setProfileOpen(false)} />}
    </>
  )
}
