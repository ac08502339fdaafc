import { Button, Stack, Text, ThemeIcon } from '@mantine/core'
import { IconMailCheck } from '@tabler/icons-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useDocumentTitle } from '../../lib/use-document-title'
import { AuthLayout } from './AuthLayout'

/**
 * /activation: where registration lands. PLACEHOLDER. To wire: with `?token=`
 * call `POST /auth/activation`; without, offer to resend the activation mail.
 */
export default function ActivationPage() {
  const { t } = useTranslation()
  useDocumentTitle(t('auth.activation.title'))
  return (
    <AuthLayout title={t('auth.activation.title')}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconMailCheck size={34} stroke={1.6} />
        </ThemeIcon>
        <Text c="dimmed">{t('auth.activation.check_email')}</Text>
        <Button component={Link} to="/login" fullWidth>
          {t('auth.back_to_login')}
        </Button>
      </Stack>
    </AuthLayout>
  )
}
