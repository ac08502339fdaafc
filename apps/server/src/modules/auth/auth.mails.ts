import type { Locale } from '@app/shared'
import type { Mail } from '../../lib/mailer.js'

/** The two account mails, in the language the user was using when they asked. */
interface MailText {
  subject: string
  greeting: (name: string) => string
  body: string
  action: string
  expiry: string
  ignore: string
}

const texts: Record<'activation' | 'reset', Record<Locale, MailText>> = {
  activation: {
    en: {
      subject: 'Activate your Travel Back Office account',
      greeting: (n) => `Hello ${n},`,
      body: 'Thank you for registering your company. Your free trial of one month starts once you activate your account.',
      action: 'Activate my account',
      expiry: 'This link works once and expires in 48 hours.',
      ignore: 'If you did not register, you can ignore this email.',
    },
    id: {
      subject: 'Aktifkan akun Travel Back Office Anda',
      greeting: (n) => `Halo ${n},`,
      body: 'Terima kasih telah mendaftarkan perusahaan Anda. Masa uji coba gratis satu bulan dimulai setelah akun Anda diaktifkan.',
      action: 'Aktifkan akun saya',
      expiry: 'Tautan ini hanya berlaku sekali dan kedaluwarsa dalam 48 jam.',
      ignore: 'Jika Anda tidak mendaftar, abaikan email ini.',
    },
  },
  reset: {
    en: {
      subject: 'Reset your Travel Back Office password',
      greeting: (n) => `Hello ${n},`,
      body: 'We received a request to reset the password of your account.',
      action: 'Choose a new password',
      expiry: 'This link works once and expires in 60 minutes.',
      ignore: 'If you did not ask for this, you can ignore this email: your password stays the same.',
    },
    id: {
      subject: 'Atur ulang kata sandi Travel Back Office Anda',
      greeting: (n) => `Halo ${n},`,
      body: 'Kami menerima permintaan untuk mengatur ulang kata sandi akun Anda.',
      action: 'Buat kata sandi baru',
      expiry: 'Tautan ini hanya berlaku sekali dan kedaluwarsa dalam 60 menit.',
      ignore: 'Jika Anda tidak memintanya, abaikan email ini: kata sandi Anda tidak berubah.',
    },
  },
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)
}

/** Plain text and HTML of one account mail; the name is the user's own text, escaped in the HTML. */
export function accountMail(
  kind: 'activation' | 'reset',
  locale: Locale,
  to: { email: string; name: string },
  link: string,
): Mail {
  const x = texts[kind][locale]
  const text = [x.greeting(to.name), '', x.body, '', `${x.action}: ${link}`, '', x.expiry, x.ignore, ''].join('\n')
  const html = `<!doctype html>
<html lang="${locale}"><body style="font-family:Arial,Helvetica,sans-serif;color:#1f2933;line-height:1.5">
<p>${escapeHtml(x.greeting(to.name))}</p>
<p>${escapeHtml(x.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;padding:10px 18px;background:#228be6;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(x.action)}</a></p>
<p style="font-size:13px;color:#52606d">${escapeHtml(link)}</p>
<p style="font-size:13px;color:#52606d">${escapeHtml(x.expiry)} ${escapeHtml(x.ignore)}</p>
</body></html>`
  return { to: to.email, subject: x.subject, text, html, link }
}
