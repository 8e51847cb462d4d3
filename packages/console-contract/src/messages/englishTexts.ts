// The English side of the error texts: what the app needs in English and before the Indonesian catalogue
// (errorTexts.ts) is loaded. Kept apart so the catalogue reaches the browser only for Indonesian (issue 33).

/**
 * Error texts the spec fixes (section 8): shown exactly as written in both languages, never translated.
 * The login's "Error : " prefix is the app's; the server's sign-in message after it is not fixed by the spec.
 */
export const SPEC_ERROR_TEXTS: readonly string[] = [
  "You don't have permission to access this page",
  'Error : Komunikasi dengan server bermasalah',
  'Komunikasi dengan server bermasalah',
];

/**
 * Texts the server already writes in Indonesian (bot login, WhatsApp chats, bot rules), with their English: kept as
 * they are in Bahasa Indonesia, translated in English.
 */
export const INDONESIAN_ERROR_TEXTS_EN: Readonly<Record<string, string>> = {
  'Ekspresi ini terlalu lambat (backtracking): sederhanakan pola':
    'This expression is too slow (backtracking): simplify the pattern',
  'Ekspresi reguler tidak valid: {detail}': 'Invalid regular expression: {detail}',
  'Isi balasan': 'Enter the reply',
  'Isi nama aturan': 'Enter the rule name',
  'Isi pola atau kata kunci': 'Enter a pattern or keywords',
  'Kode bahasa, mis. id atau en_US': 'A language code, e.g. id or en_US',
  'Kode verifikasi salah. Periksa SMS atau panggilan lalu coba lagi.':
    'Wrong verification code. Check the SMS or call and try again.',
  'Layanan WhatsApp sedang tidak bisa dihubungi. Coba lagi sebentar lagi.':
    'The WhatsApp service cannot be reached right now. Try again shortly.',
  'Lebih dari 24 jam sejak pesan terakhir pelanggan: kirim template, bukan teks bebas':
    'More than 24 hours since the customer’s last message: send a template, not free text',
  'Minta kode verifikasi dulu.': 'Request a verification code first.',
  'Nomor ini belum bisa dihubungkan: {detail}': 'This number cannot be connected yet: {detail}',
  'Nomor ini perlu diverifikasi ulang: minta kode baru.':
    'This number needs verifying again: request a new code.',
  'Nomor ini sudah terhubung. Putuskan dulu untuk mendaftarkan ulang.':
    'This number is already connected. Disconnect it first to register it again.',
  'Nomor ini terlalu sering didaftarkan atau dilepas. Coba lagi beberapa menit lagi.':
    'This number was registered or released too often. Try again in a few minutes.',
  'Nomor ini tidak sedang terhubung.': 'This number is not connected.',
  'PIN verifikasi dua langkah tidak cocok dengan PIN nomor ini.':
    'The two-step verification PIN does not match this number’s PIN.',
  'Paling panjang {n} karakter': 'At most {n} characters',
  'Phone number ID dari Meta: 5–20 angka': 'Phone number ID from Meta: 5–20 digits',
  'Phone number ID ini sudah dipakai nomor lain': 'This phone number ID is already used by another number',
  'Pilih pengguna aktif yang boleh membalas chat': 'Choose an active user who may answer chats',
  'Terlalu banyak percobaan PIN. Tunggu beberapa saat sebelum mencoba lagi.':
    'Too many PIN attempts. Wait a moment before trying again.',
  'Terlalu banyak percobaan kode. Tunggu sebentar, lalu minta kode baru.':
    'Too many code attempts. Wait a moment, then request a new code.',
  'Token akses WhatsApp tidak berlaku. Perbarui token nomor ini di WA Registries.':
    'The WhatsApp access token is not valid. Renew this number’s token in WA Registries.',
  'Tulis pesan': 'Write a message',
  'Verifikasi kode dulu sebelum mengisi PIN.': 'Verify the code before entering the PIN.',
  'WhatsApp menolak: {detail}': 'WhatsApp refused: {detail}',
  '{label} harus 6 angka': '{label} must be 6 digits',
};

/** The texts the server writes in Indonesian. */
export const INDONESIAN_ERROR_TEXTS: readonly string[] = Object.keys(INDONESIAN_ERROR_TEXTS_EN);
