import { registerFieldLabels, registerMessages } from '../../lib/i18n.js'

/** Server texts of the account flows (spec §8), in both languages. */
registerMessages({
  en: {
    login_failed: 'Login Failed: These credentials do not match our records.',
    account_pending: 'Your account is not activated yet: open the activation link we emailed you, or ask for a new one.',
    account_blocked: 'Your account is blocked: contact the administrator of your company.',
    wrong_token: 'Wrong Token',
    password_confirmation: 'Password confirmation does not match the password',
    email_taken: 'This email is already registered.',
    password_now_wrong: 'The current password is wrong.',
    register_success: 'Register Success: please check your email to activate your account.',
    activation_success: 'Account Activated: please login.',
    resend_sent: 'If this account awaits activation, a new activation link is on its way to the email.',
    forgot_sent: 'If this email is registered, a reset link is on its way to it.',
    reset_success: 'Password Updated: please login with your new password.',
    password_updated: 'Password Updated',
    login_success: 'Login Success: please wait for the redirect.',
    logout_success: 'Signed out.',
    google_token_invalid: 'Google sign-in failed: the token is not valid.',
    google_email_unverified: 'Google sign-in failed: the Google account has no verified email.',
    google_unavailable: 'Google sign-in is unavailable right now, please try again later.',
    google_signup_required: 'No account uses this email yet: enter your company name to create one.',
  },
  id: {
    login_failed: 'Login Gagal: Email atau kata sandi tidak cocok dengan data kami.',
    account_pending: 'Akun Anda belum diaktifkan: buka tautan aktivasi yang kami kirim ke email Anda, atau minta tautan baru.',
    account_blocked: 'Akun Anda diblokir: hubungi administrator perusahaan Anda.',
    wrong_token: 'Token Salah',
    password_confirmation: 'Konfirmasi Kata Sandi Harus Sama dengan Kata Sandi',
    email_taken: 'Email ini sudah terdaftar.',
    password_now_wrong: 'Kata sandi saat ini salah.',
    register_success: 'Pendaftaran Berhasil: silakan periksa email Anda untuk mengaktifkan akun.',
    activation_success: 'Akun Berhasil Diaktifkan: silakan masuk.',
    resend_sent: 'Jika akun ini menunggu aktivasi, tautan aktivasi baru sedang dikirim ke email tersebut.',
    forgot_sent: 'Jika email ini terdaftar, tautan atur ulang kata sandi sedang dikirim ke email tersebut.',
    reset_success: 'Kata Sandi Berhasil Diperbarui: silakan masuk dengan kata sandi baru Anda.',
    password_updated: 'Kata Sandi Berhasil Diperbarui',
    login_success: 'Login Berhasil: mohon tunggu, Anda akan dialihkan.',
    logout_success: 'Berhasil keluar.',
    google_token_invalid: 'Masuk dengan Google gagal: token tidak valid.',
    google_email_unverified: 'Masuk dengan Google gagal: akun Google tidak memiliki email terverifikasi.',
    google_unavailable: 'Masuk dengan Google sedang tidak tersedia, silakan coba lagi nanti.',
    google_signup_required: 'Belum ada akun dengan email ini: masukkan nama perusahaan Anda untuk membuatnya.',
  },
})

registerFieldLabels({
  en: {
    companies: 'Company Name',
    password_now: 'Current Password',
    password_confirmation: 'Password Confirmation',
    credential: 'Google Credential',
  },
  id: { email: 'Email', token: 'Token', credential: 'Kredensial Google', password_now: 'Kata Sandi Saat Ini' },
})
