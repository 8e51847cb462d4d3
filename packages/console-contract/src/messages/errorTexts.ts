/**
 * The server's error texts and the contract's validation texts in Indonesian. Keys are the English texts as the
 * API sends them; `{name}` stands for a figure, a name, a field label or an id the server fills in. A
 * placeholder named `{message…}` holds another text of this catalogue and is translated in turn.
 * Product terms staff use in English stay English (KOL, Ads Manager, UTM, pixel, webhook, SKU, Meta, Mayar).
 */
export const ERROR_TEXTS_ID: Readonly<Record<string, string>> = {
  // --- answers every route may give (http.ts, app.ts) ---
  'Invalid input': 'Isian tidak valid',
  'Invalid body': 'Isi permintaan tidak valid',
  'Invalid query': 'Parameter permintaan tidak valid',
  'Invalid params': 'Alamat permintaan tidak valid',
  'Invalid headers': 'Header permintaan tidak valid',
  'Invalid {what}': '{what} tidak valid',
  'Invalid body: {field} ({message})': 'Isi permintaan tidak valid: {field} ({message})',
  'Not found': 'Tidak ditemukan',
  'No route {method} {url}': 'Tidak ada rute {method} {url}',
  'Internal server error': 'Terjadi kesalahan pada server',
  'Bad request': 'Permintaan tidak valid',
  'A value is out of range or not valid for its field':
    'Ada nilai di luar rentang atau tidak valid untuk kolomnya',
  'This already exists': 'Data ini sudah ada',
  'A related record does not exist or is in use': 'Data terkait tidak ada atau sedang dipakai',
  'A value breaks a rule of its field': 'Ada nilai yang melanggar aturan kolomnya',
  'The server was busy; try again': 'Server sedang sibuk; coba lagi',
  'This server is stopping; try again.': 'Server ini sedang berhenti; coba lagi.',
  'A value is too large': 'Ada nilai yang terlalu besar',
  'Must not contain a NUL character': 'Tidak boleh berisi karakter NUL',
  'Must be valid text (it holds an unpaired surrogate character)':
    'Harus berupa teks yang valid (berisi karakter surrogate tanpa pasangan)',
  'Must not be nested more than {n} levels deep': 'Tidak boleh bersarang lebih dari {n} tingkat',
  'Must not contain control characters': 'Tidak boleh berisi karakter kontrol',
  'Too many requests. Try again in {n} seconds.': 'Terlalu banyak permintaan. Coba lagi dalam {n} detik.',
  'You need {mode} access to {key} for this.': 'Anda memerlukan akses {mode} ke {key} untuk ini.',
  'You need read access to {key} for this.': 'Anda memerlukan akses baca ke {key} untuk ini.',
  'You need read access to {key} for this report.': 'Anda memerlukan akses baca ke {key} untuk laporan ini.',
  'You need read access to {key} for this view.': 'Anda memerlukan akses baca ke {key} untuk tampilan ini.',
  'No {entity} with this id': 'Tidak ada {entity} dengan id ini',
  'No {entity} with id {id}': 'Tidak ada {entity} dengan id {id}',

  // --- sign-in, sessions, two-step sign-in, passwords ---
  'Invalid username or password.': 'Nama pengguna atau kata sandi salah.',
  'This account is disabled. Ask an administrator to enable it.':
    'Akun ini dinonaktifkan. Minta administrator untuk mengaktifkannya.',
  'Too many failed sign-ins: this account is locked. Try again in {n} minute{s}.':
    'Terlalu banyak percobaan masuk yang gagal: akun ini dikunci. Coba lagi dalam {n} menit.',
  'Too many failed sign-ins from your address. Try again in {n} minute{s}.':
    'Terlalu banyak percobaan masuk yang gagal dari alamat Anda. Coba lagi dalam {n} menit.',
  'Sign in again: your session is missing, expired or ended.':
    'Silakan masuk lagi: sesi Anda tidak ada, kedaluwarsa, atau sudah berakhir.',
  'You have been away for a while. Enter your password to continue where you left off.':
    'Anda sudah lama tidak aktif. Masukkan kata sandi untuk melanjutkan dari posisi terakhir.',
  'The password is not correct.': 'Kata sandi salah.',
  'Enter the code from your authenticator app, or a recovery code.':
    'Masukkan kode dari aplikasi autentikator Anda, atau kode pemulihan.',
  'Invalid code. Enter the current code from your authenticator app, or a recovery code.':
    'Kode salah. Masukkan kode terbaru dari aplikasi autentikator Anda, atau kode pemulihan.',
  'This code was already used. Wait for the next code in your authenticator app.':
    'Kode ini sudah dipakai. Tunggu kode berikutnya di aplikasi autentikator Anda.',
  'This sign-in step has expired or was already used. Sign in again with your password.':
    'Langkah masuk ini sudah kedaluwarsa atau sudah dipakai. Masuk lagi dengan kata sandi Anda.',
  'Two-step sign-in is already on. Turn it off first to set it up again.':
    'Verifikasi dua langkah sudah aktif. Matikan dulu untuk menyiapkannya lagi.',
  'Start the setup first: no secret is waiting for confirmation.':
    'Mulai penyiapan dulu: tidak ada kunci rahasia yang menunggu konfirmasi.',
  'Two-step sign-in is not on for this account.': 'Verifikasi dua langkah tidak aktif untuk akun ini.',
  'The code does not match. Check that the phone clock is right and enter the current code.':
    'Kode tidak cocok. Pastikan jam di ponsel tepat, lalu masukkan kode terbaru.',
  'Use at least {n} characters.': 'Gunakan paling sedikit {n} karakter.',
  'Use at most {n} characters.': 'Gunakan paling banyak {n} karakter.',
  'The password must not contain the username: it is the first thing someone guessing would try.':
    'Kata sandi tidak boleh memuat nama pengguna: itulah yang pertama dicoba orang yang menebak.',
  'This password is one of the 10,000 most used passwords, which attackers try first. Choose one that is not a common word, name or keyboard pattern.':
    'Kata sandi ini termasuk 10.000 kata sandi yang paling sering dipakai, yang dicoba penyerang lebih dulu. Pilih yang bukan kata umum, nama, atau pola papan ketik.',
  'The password must not be only spaces.': 'Kata sandi tidak boleh hanya berisi spasi.',
  'The new password must differ from the current one.': 'Kata sandi baru harus berbeda dari yang sekarang.',
  'The current password is not correct.': 'Kata sandi saat ini salah.',
  'No such open session of yours.': 'Tidak ada sesi terbuka Anda dengan id ini.',
  'Enter the 6-digit code from your authenticator app.':
    'Masukkan kode 6 digit dari aplikasi autentikator Anda.',
  'Enter the code.': 'Masukkan kodenya.',
  'Enter your password.': 'Masukkan kata sandi Anda.',
  'Sign in with your password first.': 'Masuk dengan kata sandi Anda dulu.',

  // --- users and permission sets ---
  '{what} would leave no active administrator (a user with {key} read and write). At least one must remain.':
    '{what} akan membuat tidak ada administrator aktif (pengguna dengan akses baca dan tulis {key}). Minimal satu harus tetap ada.',
  '{what} would remove your own administrator access. Ask another administrator to do it.':
    '{what} akan mencabut akses administrator Anda sendiri. Minta administrator lain untuk melakukannya.',
  'You cannot delete your own account.': 'Anda tidak dapat menghapus akun Anda sendiri.',
  'This record was changed by someone else. Reload it and try again.':
    'Data ini diubah oleh orang lain. Muat ulang lalu coba lagi.',
  'This username is already taken.': 'Nama pengguna ini sudah dipakai.',
  'A permission set with this name already exists.': 'Set izin dengan nama ini sudah ada.',
  'The permission set "{name}" is assigned to {n} user{s}. Remove it from them first.':
    'Set izin "{name}" dipakai oleh {n} pengguna. Lepaskan dulu dari mereka.',
  'No permission set named {names}.': 'Tidak ada set izin bernama {names}.',
  'No user with id {id}.': 'Tidak ada pengguna dengan id {id}.',
  'No permission set with id {id}.': 'Tidak ada set izin dengan id {id}.',
  'No active user with id {id}': 'Tidak ada pengguna aktif dengan id {id}',
  'Use 3–64 letters, digits, dots, dashes or underscores, starting with a letter or digit.':
    'Gunakan 3–64 huruf, angka, titik, tanda hubung, atau garis bawah, diawali huruf atau angka.',
  'Enter the full name.': 'Masukkan nama lengkap.',
  'Enter a name.': 'Masukkan nama.',
  'Give username, full_name or active': 'Isi username, full_name, atau active',
  'Give full_name or active': 'Isi full_name atau active',
  'Give name, description or entries': 'Isi name, description, atau entries',
  'Unknown permission key': 'Kunci izin tidak dikenal',
  'Names a set that is not chosen': 'Menyebut set yang tidak dipilih',

  // --- preferences ---
  'Language must be one of: id, en': 'Bahasa harus salah satu dari: id, en',
  'Theme must be one of: system, light, dark': 'Tema harus salah satu dari: system, light, dark',

  // --- entity validation (entities/validation.ts) ---
  '1 field is invalid': '1 kolom tidak valid',
  '{n} fields are invalid': '{n} kolom tidak valid',
  ' and {n} more': ' dan {n} lainnya',
  '{label} is required': '{label} wajib diisi',
  '{label} is set by the server': '{label} diisi oleh server',
  'Version is required': 'Versi wajib diisi',
  Required: 'Wajib diisi',
  'Unknown field': 'Kolom tidak dikenal',
  'Unknown field {name}': 'Kolom {name} tidak dikenal',
  'Unknown column: {names}': 'Kolom tidak dikenal: {names}',
  'Unknown parameter': 'Parameter tidak dikenal',
  'Must be text': 'Harus berupa teks',
  'Must be a number': 'Harus berupa angka',
  'Must be a whole number': 'Harus berupa bilangan bulat',
  'Must be a whole number of rupiah': 'Harus berupa jumlah rupiah tanpa desimal',
  'Must be a row id (a positive whole number)': 'Harus berupa id baris (bilangan bulat positif)',
  'Must be true or false': 'Harus true atau false',
  'Must be a list of texts': 'Harus berupa daftar teks',
  'Must be a range with from and to dates (YYYY-MM-DD)':
    'Harus berupa rentang dengan tanggal from dan to (YYYY-MM-DD)',
  'Must be one of: {values}': 'Harus salah satu dari: {values}',
  'Must be one of: exclude, include, only': 'Harus salah satu dari: exclude, include, only',
  'Must be one of: json, csv': 'Harus salah satu dari: json, csv',
  'Must be at most {n} characters': 'Maksimal {n} karakter',
  'Must be at least {n} characters': 'Minimal {n} karakter',
  'Must be at most {n} characters as JSON': 'Maksimal {n} karakter sebagai JSON',
  'Must be at least {n}': 'Minimal {n}',
  'Must be at most {n}': 'Maksimal {n}',
  'Has the wrong format': 'Formatnya salah',
  'Must be a valid email address': 'Harus berupa alamat email yang valid',
  'Must be a valid URL starting with http:// or https://':
    'Harus berupa URL yang valid, diawali http:// atau https://',
  'Must be an Indonesian phone number (08… or 628…)': 'Harus berupa nomor telepon Indonesia (08… atau 628…)',
  'Must be a date (YYYY-MM-DD)': 'Harus berupa tanggal (YYYY-MM-DD)',
  'Must be a month (YYYY-MM)': 'Harus berupa bulan (YYYY-MM)',
  'Must be a date and time with time zone (e.g. 2025-03-01T09:30:00+07:00)':
    'Harus berupa tanggal dan jam dengan zona waktu (mis. 2025-03-01T09:30:00+07:00)',
  'Must be a date (YYYY-MM-DD) or a date and time with time zone':
    'Harus berupa tanggal (YYYY-MM-DD) atau tanggal dan jam dengan zona waktu',
  'End must not be before start': 'Akhir tidak boleh sebelum awal',
  'Each item must be text': 'Setiap butir harus berupa teks',
  'Items must not be empty': 'Butir tidak boleh kosong',
  'Each item must be at most {n} characters': 'Setiap butir maksimal {n} karakter',
  'Must have at most {n} items': 'Maksimal {n} butir',
  'Invalid cursor': 'Kursor tidak valid',
  'Cursor belongs to another sort; start again from the first page':
    'Kursor milik urutan lain; mulai lagi dari halaman pertama',
  'Give a value': 'Isi sebuah nilai',
  'Give this parameter once': 'Isi parameter ini sekali saja',
  'Give at most {n} groups of alternatives': 'Isi paling banyak {n} kelompok alternatif',
  'Give at most {n} conditions in alternatives (or); this has {count}':
    'Isi paling banyak {n} syarat dalam alternatif (or); ini berisi {count}',
  '{plural} cannot be searched': '{plural} tidak dapat dicari',
  'Use field:asc or field:desc': 'Gunakan field:asc atau field:desc',
  'Cannot sort on {label}': 'Tidak dapat mengurutkan menurut {label}',
  'Must be a whole number from 1 to {n}': 'Harus berupa bilangan bulat dari 1 sampai {n}',
  'Must be a whole number of 0 or more': 'Harus berupa bilangan bulat 0 atau lebih',
  'Give at least one column': 'Pilih paling sedikit satu kolom',
  '{plural} are deleted for good; there are no deleted rows to show':
    '{plural} dihapus permanen; tidak ada baris terhapus untuk ditampilkan',
  'Use either offset or cursor, not both': 'Gunakan offset atau cursor, jangan keduanya',
  'Unknown operator {op}; use {ops}': 'Operator {op} tidak dikenal; gunakan {ops}',
  'Cannot filter on {label}': 'Tidak dapat memfilter menurut {label}',
  'Cannot use "{op}" on {label}; use one of: {ops}':
    'Tidak dapat memakai "{op}" pada {label}; gunakan salah satu dari: {ops}',
  'Give at least one value': 'Isi paling sedikit satu nilai',
  'Give at most 100 values': 'Isi paling banyak 100 nilai',
  'Use min,max (either may be left empty)': 'Gunakan min,max (salah satunya boleh kosong)',
  'Give a minimum, a maximum or both': 'Isi nilai minimum, maksimum, atau keduanya',
  'Minimum must not be above maximum': 'Minimum tidak boleh di atas maksimum',
  'Use 1 (is empty) or 0 (is not empty)': 'Gunakan 1 (kosong) atau 0 (tidak kosong)',
  'Give a whole number of days from 1 to {n}': 'Isi jumlah hari berupa bilangan bulat dari 1 sampai {n}',
  'Must be text, a number or true/false': 'Harus berupa teks, angka, atau true/false',
  'Each alternative must be an object of "field.op": value':
    'Setiap alternatif harus berupa objek "field.op": nilai',
  'Must be a JSON list of alternatives, e.g. [{"status.in":["new"]},{"updated_at.within":30}]':
    'Harus berupa daftar alternatif dalam JSON, mis. [{"status.in":["new"]},{"updated_at.within":30}]',
  'Must be JSON: a list of alternatives, e.g. [{"status.in":["new"]},{"updated_at.within":30}]':
    'Harus berupa JSON: daftar alternatif, mis. [{"status.in":["new"]},{"updated_at.within":30}]',
  'Give at least one alternative': 'Isi paling sedikit satu alternatif',
  'Give at least one condition': 'Isi paling sedikit satu syarat',
  'Must be a list of values': 'Harus berupa daftar nilai',
  'Use [min, max] (null for an open end)': 'Gunakan [min, max] (null untuk ujung terbuka)',
  'Use true (is empty) or false (is not empty)': 'Gunakan true (kosong) atau false (tidak kosong)',
  'Must be a number of days': 'Harus berupa jumlah hari',
  'Use "<field>.<operator>" keys, e.g. "status.in"': 'Gunakan kunci "<field>.<operator>", mis. "status.in"',
  'Invalid value': 'Nilai tidak valid',
  'Must be a query string': 'Harus berupa query string',
  'cursor must come from next_cursor': 'cursor harus berasal dari next_cursor',

  // --- entity rules and field formats (entities/*.ts) ---
  'A receipt number is 8–30 letters, digits or dashes, without spaces':
    'Nomor resi terdiri dari 8–30 huruf, angka, atau tanda hubung, tanpa spasi',
  'A {courier} receipt is {format}, e.g. {example}': 'Resi {courier} berformat {format}, mis. {example}',
  'Use 1–30 letters, digits, dots or underscores': 'Gunakan 1–30 huruf, angka, titik, atau garis bawah',
  'Use 2–12 capital letters, digits or -': 'Gunakan 2–12 huruf kapital, angka, atau -',
  'Use 3–30 capital letters, digits, - or _': 'Gunakan 3–30 huruf kapital, angka, - atau _',
  'Use capital letters, digits or -': 'Gunakan huruf kapital, angka, atau -',
  'Use 6–20 digits': 'Gunakan 6–20 angka',
  'Use 00.000.000.0-000.000 or the 16-digit NPWP': 'Gunakan 00.000.000.0-000.000 atau NPWP 16 digit',
  'Use the code from Events Manager, e.g. TEST12345': 'Gunakan kode dari Events Manager, mis. TEST12345',
  'Use the form act_ followed by digits': 'Gunakan bentuk act_ diikuti angka',
  'Use the numeric Meta ad id': 'Gunakan id iklan Meta berupa angka',
  'Use the numeric Meta campaign id': 'Gunakan id kampanye Meta berupa angka',
  'Use the numeric Meta creative id': 'Gunakan id materi iklan (creative) Meta berupa angka',
  'Use the numeric Meta video id': 'Gunakan id video Meta berupa angka',
  'Use the numeric pixel id (10–20 digits)': 'Gunakan id pixel berupa angka (10–20 digit)',
  'Company is required for a company target': 'Perusahaan wajib diisi untuk target perusahaan',
  'Product is required for a product target': 'Produk wajib diisi untuk target produk',
  'Tribe is required for a tribe target': 'Tribe wajib diisi untuk target tribe',
  'Leave Company empty unless the scope is Company':
    'Kosongkan Perusahaan kecuali cakupannya Perusahaan (Company)',
  'Leave Product empty unless the scope is Product': 'Kosongkan Produk kecuali cakupannya Produk (Product)',
  'Leave Tribe empty unless the scope is Tribe': 'Kosongkan Tribe kecuali cakupannya Tribe',
  'End date cannot be before the start date': 'Tanggal akhir tidak boleh sebelum tanggal mulai',
  'Post URL is required once the content is posted': 'Post URL wajib diisi setelah konten diunggah',
  'Post date cannot be before the brief date': 'Tanggal unggah tidak boleh sebelum tanggal brief',
  'Processed at is required once the request is done or rejected':
    'Waktu diproses wajib diisi setelah permintaan selesai atau ditolak',
  'Required for a campaign entered by staff': 'Wajib diisi untuk kampanye yang dimasukkan staf',
  'Required unless the creative is a draft': 'Wajib diisi kecuali kreatifnya masih draf',
  'Meta event is required for Meta Conversions API': 'Event Meta wajib diisi untuk Meta Conversions API',
  'Pixel is required for Meta Conversions API': 'Pixel wajib diisi untuk Meta Conversions API',
  'URL is required for an HTTP destination': 'URL wajib diisi untuk tujuan HTTP',
  'Set a daily or a lifetime budget, not both': 'Isi anggaran harian atau anggaran total, jangan keduanya',
  'New email must differ from the old email': 'Email baru harus berbeda dari email lama',
  'Not an email address': 'Bukan alamat email',
  'Not a link': 'Bukan tautan',
  'Only http and https links': 'Hanya tautan http dan https',
  'Must be at most 100 characters': 'Maksimal 100 karakter',
  'Must be at most 80 characters': 'Maksimal 80 karakter',
  'Must be at most 20000 characters': 'Maksimal 20000 karakter',
  'Must be at least 1': 'Minimal 1',
  'Use at most 64 characters.': 'Gunakan paling banyak 64 karakter.',
  'Use at most 100 characters.': 'Gunakan paling banyak 100 karakter.',
  'Use at most 200 characters.': 'Gunakan paling banyak 200 karakter.',
  'Name is required': 'Nama wajib diisi',
  'Use YYYY-MM-DD': 'Gunakan YYYY-MM-DD',

  // --- reports, venn, search, saved views ---
  'No report {id}': 'Tidak ada laporan {id}',
  'You already have a view with this name.': 'Anda sudah punya tampilan dengan nama ini.',
  'You already have a view with this name': 'Anda sudah punya tampilan dengan nama ini',
  'No view {id} of yours': 'Tidak ada tampilan {id} milik Anda',
  'No saved view #{id} that you can open': 'Tidak ada tampilan tersimpan #{id} yang dapat Anda buka',
  'A saved view id': 'Sebuah id tampilan tersimpan',
  'A report covers at most 367 days': 'Satu laporan mencakup paling lama 367 hari',
  'A range covers at most 367 days': 'Satu rentang mencakup paling lama 367 hari',
  'Expected a day as YYYY-MM-DD': 'Seharusnya tanggal dalam format YYYY-MM-DD',
  'Expected a month as YYYY-MM': 'Seharusnya bulan dalam format YYYY-MM',
  'Expected a dimension key': 'Seharusnya kunci dimensi',
  'Expected a field key, optionally after -': 'Seharusnya kunci kolom, boleh diawali -',
  'Expected a numeric id': 'Seharusnya id berupa angka',
  'Expected ids separated by commas': 'Seharusnya id yang dipisahkan koma',
  'Expected one of: {values}': 'Seharusnya salah satu dari: {values}',
  'Must not be before from': 'Tidak boleh sebelum from',
  'Not a calendar day': 'Bukan tanggal kalender yang valid',
  'Give at least one id': 'Isi paling sedikit satu id',
  'Ids are required': 'Id wajib diisi',
  'No product with id {id}': 'Tidak ada produk dengan id {id}',
  'Choose {what} to {other}': 'Pilih {what} sampai {other}',
  'Choose a report': 'Pilih laporan',
  'Search is at most 100 characters': 'Pencarian maksimal 100 karakter',
  'Search needs at least {n} characters': 'Pencarian perlu paling sedikit {n} karakter',

  // --- sheet reports ---
  'No sheet report #{id}': 'Tidak ada sheet report #{id}',
  'No file kept for run #{id}': 'Tidak ada file yang disimpan untuk proses #{id}',
  'A Google Sheets address or spreadsheet id': 'Alamat Google Sheets atau id spreadsheet',
  "A service account's JSON key (with client_email and private_key)":
    'Kunci JSON service account (dengan client_email dan private_key)',
  "The service account's JSON key is required": 'Kunci JSON service account wajib diisi',
  "A sheet name without ' [ ] * ? : / \\": "Nama sheet tanpa ' [ ] * ? : / \\",
  'The sheet (tab) name': 'Nama sheet (tab)',
  'A time of day as HH:MM (00:00–23:59, Asia/Jakarta)': 'Jam dalam format HH:MM (00:00–23:59, Asia/Jakarta)',
  'A weekday from 1 (Senin) to 7 (Minggu)': 'Hari dari 1 (Senin) sampai 7 (Minggu)',
  'A weekly schedule needs its weekday': 'Jadwal mingguan perlu harinya',
  'Must be daily or weekly': 'Harus harian (daily) atau mingguan (weekly)',
  'Must be csv or xlsx': 'Harus csv atau xlsx',
  'Keep 1 to 50 files': 'Simpan 1 sampai 50 file',

  // --- problems, chats, bots ---
  'No problem with id {id}': 'Tidak ada masalah dengan id {id}',
  'No active category with id {id}': 'Tidak ada kategori aktif dengan id {id}',
  'No active sub category with id {id}': 'Tidak ada subkategori aktif dengan id {id}',
  'Belongs to another category': 'Termasuk kategori lain',
  'Name the customer (name, email, phone or a purchase)':
    'Sebutkan pelanggannya (nama, email, telepon, atau pembelian)',
  'No purchase with Mayar id {id}': 'Tidak ada pembelian dengan id Mayar {id}',
  'No chat message {id}': 'Tidak ada pesan chat {id}',
  'Message {id} is not in conversation {conversation}': 'Pesan {id} tidak ada di percakapan {conversation}',
  'This problem was changed by someone else (now version {now}, you had version {had}). Reload to see the changes.':
    'Masalah ini diubah oleh orang lain (sekarang versi {now}, Anda membuka versi {had}). Muat ulang untuk melihat perubahannya.',
  '"{id}" needs status {status}; problem {problem} is {current}. Nothing was changed.':
    '"{id}" memerlukan status {status}; masalah {problem} berstatus {current}. Tidak ada yang diubah.',
  'No conversation {id}': 'Tidak ada percakapan {id}',
  'No customer {id}': 'Tidak ada pelanggan {id}',
  'This number is inactive in WA Registries: an administrator can activate it':
    'Nomor ini tidak aktif di WA Registries: administrator dapat mengaktifkannya',
  'Send either text or a template': 'Kirim teks atau template, salah satu saja',
  'No WA Registries number {id}': 'Tidak ada nomor WA Registries {id}',
  'No rule {id}': 'Tidak ada aturan {id}',
  'HH:MM, e.g. 08:00': 'HH:MM, mis. 08:00',
  'lower-case letters, digits and _ only': 'hanya huruf kecil, angka, dan _',
  'a language code such as id or en_US': 'kode bahasa seperti id atau en_US',
  'Invalid X-Hub-Signature-256': 'X-Hub-Signature-256 tidak valid',
  'Verification refused': 'Verifikasi ditolak',
  'Malformed webhook': 'Webhook tidak sesuai format',

  // --- the master-data resources API (resources/*.ts); {entity} and {plural} are the entity's English labels,
  // {label} and {labels} its fields' (translated through the entity texts, see labels.ts) ---
  'Must be between -{n} and {m}': 'Harus di antara -{n} dan {m}',
  'Use a year from 0001 to 9999': 'Gunakan tahun dari 0001 sampai 9999',
  'Changes through the actions only: {actions}': 'Hanya dapat diubah lewat aksi: {actions}',
  // A list parameter's problem prefixed with the parameter (`f.status.in: Must be one of: …`).
  '{key}: {message}': '{key}: {message}',
  'Unknown or revoked API key': 'API key tidak dikenal atau sudah dicabut',
  'This API key may not {verb} {plural}.': 'API key ini tidak boleh {verb} {plural}.',
  'No resource named "{name}"': 'Tidak ada resource bernama "{name}"',
  '{plural} have no action "{action}"': '{plural} tidak punya aksi "{action}"',
  '{plural} are read-only: they are written by the system.':
    '{plural} hanya-baca: datanya ditulis oleh sistem.',
  '"{action}" runs on one {entity} at a time': '"{action}" berjalan pada satu {entity} setiap kali',
  'API keys have no saved views.': 'API key tidak punya tampilan tersimpan.',
  'You need read access to a master-data page for saved views.':
    'Anda memerlukan akses baca ke halaman master data untuk tampilan tersimpan.',
  'No view with id {id}': 'Tidak ada tampilan dengan id {id}',
  'API keys cannot do this.': 'API key tidak dapat melakukan ini.',
  'No API key with id {id}': 'Tidak ada API key dengan id {id}',
  'There is no {entity} with id {id}': 'Tidak ada {entity} dengan id {id}',
  '{label} {id} has been deleted': '{label} {id} sudah dihapus',
  'This combination of {labels} is already used': 'Kombinasi {labels} ini sudah dipakai',
  'Already used by {what}': 'Sudah dipakai oleh {what}',
  '{labels} and {label} are already used together by {what}':
    '{labels} dan {label} sudah dipakai bersama oleh {what}',
  '{label} is already used by {what}': '{label} sudah dipakai oleh {what}',
  // The same with the entity named, so that its Indonesian label (and the labels of its fields) can be used.
  'Already used by another {entity}': 'Sudah dipakai oleh {entity} lain',
  '{labels} and {label} are already used together by another {entity}':
    '{labels} dan {label} sudah dipakai bersama oleh {entity} lain',
  '{label} is already used by another {entity}': '{label} sudah dipakai oleh {entity} lain',
  'Cannot delete {subject}: {list} still refer to {them}. Change or delete those first.':
    'Tidak dapat menghapus {subject}: {list} masih merujuk ke sana. Ubah atau hapus yang itu dulu.',
  'A value cannot be stored: {detail}': 'Ada nilai yang tidak dapat disimpan: {detail}',
  'Cannot change this {entity}: other rows refer to it':
    'Tidak dapat mengubah {entity} ini: baris lain merujuk ke sana',
  'This {entity} was changed by someone else (now version {now}, you edited version {had}). Reload to see the changes.':
    '{entity} ini diubah oleh orang lain (sekarang versi {now}, Anda mengedit versi {had}). Muat ulang untuk melihat perubahannya.',
  'This {entity} was changed by someone else (now version {now}, you saw version {had}). Reload to see the changes.':
    '{entity} ini diubah oleh orang lain (sekarang versi {now}, Anda melihat versi {had}). Muat ulang untuk melihat perubahannya.',
  'This {entity} was changed by someone else (now version {now}). Reload before deleting.':
    '{entity} ini diubah oleh orang lain (sekarang versi {now}). Muat ulang sebelum menghapus.',
  '"{action}" needs {field} {from}; {subject} {states}. Nothing was changed.':
    '"{action}" memerlukan {field} {from}; {subject} {states}. Tidak ada yang diubah.',
  '{plural} have no unique key to upsert on': '{plural} tidak punya kunci unik untuk upsert',
  'No unique key': 'Tidak ada kunci unik',
  'No {entity} with ids {ids}': 'Tidak ada {entity} dengan id {ids}',
  'You already have a view named "{name}"': 'Anda sudah punya tampilan bernama "{name}"',
  'Only the owner of a view can {verb} it': 'Hanya pemilik tampilan yang dapat melakukan {verb} padanya',
  'This view was changed elsewhere; reload it': 'Tampilan ini diubah di tempat lain; muat ulang',

  // --- logistics ---
  'No package {ids}': 'Tidak ada paket {ids}',
  'No failed message with this id': 'Tidak ada pesan gagal dengan id ini',
  'This package has no courier and receipt yet': 'Paket ini belum punya kurir dan resi',
  'Required before tracking': 'Wajib diisi sebelum pelacakan',
  'The courier tracking service is unreachable': 'Layanan pelacakan kurir tidak dapat dihubungi',
  'The courier tracking service answered {status}{detail}':
    'Layanan pelacakan kurir menjawab {status}{detail}',
  'No answer within {n} ms': 'Tidak ada jawaban dalam {n} ms',
  'A day as YYYY-MM-DD': 'Tanggal dalam format YYYY-MM-DD',
  'Cannot be after today': 'Tidak boleh setelah hari ini',
  'A list of package ids': 'Daftar id paket',
  'Package ids separated by commas': 'Id paket yang dipisahkan koma',
  'Select at least one package': 'Pilih paling sedikit satu paket',
  'At most {n} packages': 'Paling banyak {n} paket',
  'At least one row': 'Paling sedikit satu baris',
  'At most 500 rows at once': 'Paling banyak 500 baris sekaligus',
  'An id is chosen twice': 'Ada id yang dipilih dua kali',
  'Give the package id or its order number': 'Isi id paket atau nomor pesanannya',
  'The order number is missing': 'Nomor pesanan tidak ada',
  'The receipt does not fit its courier': 'Resi tidak sesuai dengan kurirnya',
  'Needs three columns: order, courier, receipt': 'Perlu tiga kolom: order, courier, receipt',
  'Unknown courier "{code}"': 'Kurir "{code}" tidak dikenal',
  'Must be one of the courier codes: {codes}': 'Harus salah satu kode kurir: {codes}',
  '{messageRows} cannot be saved; nothing was changed.':
    '{messageRows} tidak dapat disimpan; tidak ada yang diubah.',
  'A row': 'Satu baris',
  'Some rows': 'Beberapa baris',
  'Must be {day} or earlier': 'Harus {day} atau sebelumnya',
  'Order {order} has {n} packages: give the package id': 'Pesanan {order} punya {n} paket: isi id paketnya',
  'Package {id} is {status}: its receipt can no longer change':
    'Paket {id} berstatus {status}: resinya tidak bisa diubah lagi',
  'Package {id} is also in row {row}': 'Paket {id} juga ada di baris {row}',
  'Same courier and receipt as row {row}': 'Kurir dan resi sama dengan baris {row}',
  'Already the {courier} receipt of package {id}': 'Sudah menjadi resi {courier} untuk paket {id}',
  'Package {order} has no courier and receipt yet': 'Paket {order} belum punya kurir dan resi',
  'Package {order} has no usable phone number ({phone})':
    'Paket {order} tidak punya nomor telepon yang bisa dipakai ({phone})',
  'The day received cannot be after today.': 'Tanggal diterima tidak boleh setelah hari ini.',
  'Some packages cannot be notified yet; nothing was queued.':
    'Beberapa paket belum bisa diberi notifikasi; tidak ada yang masuk antrean.',
  'The courier does not know this receipt yet': 'Kurir belum mengenal resi ini',

  // --- meeting rooms ---
  'No booking #{id}': 'Tidak ada pemesanan #{id}',
  'Booking #{id} is already cancelled': 'Pemesanan #{id} sudah dibatalkan',
  'Booking #{id} is not waiting for approval': 'Pemesanan #{id} tidak sedang menunggu persetujuan',
  'A booking lasts at most {n} hours': 'Satu pemesanan paling lama {n} jam',
  'Must be a real day': 'Harus berupa tanggal yang ada',
  'Must be after the start': 'Harus setelah waktu mulai',
  'Must be in the future': 'Harus di masa mendatang',
  'No such room (or it is not bookable)': 'Ruangan tidak ada (atau tidak dapat dipesan)',
  'The room is already booked then.': 'Ruangan sudah dipesan pada waktu itu.',
  '{room} seats at most {n}': '{room} menampung paling banyak {n} orang',
  '{room} is already booked {from}–{to} on {day} for "{title}" by {by} (booking #{id}).':
    '{room} sudah dipesan {from}–{to} pada {day} untuk "{title}" oleh {by} (pemesanan #{id}).',
  'Must be a day as YYYY-MM-DD': 'Harus berupa tanggal dalam format YYYY-MM-DD',
  'Must be a date and time (ISO 8601)': 'Harus berupa tanggal dan jam (ISO 8601)',
  'Must be a list of row ids': 'Harus berupa daftar id baris',

  // --- resource endpoints: relation choices and saved views (endpoints/resources.ts) ---
  'Use up to {n} row ids separated by commas': 'Gunakan paling banyak {n} id baris, dipisahkan koma',
  'Must be from 1 to {n}': 'Harus dari 1 sampai {n}',
  'Must be a list of filters': 'Harus berupa daftar filter',
  'Must have at most {n} filters': 'Maksimal {n} filter',
  'Must be a list of OR groups': 'Harus berupa daftar kelompok OR',
  'Must have at most {n} OR groups': 'Maksimal {n} kelompok OR',
  'Must be { field, direction }': 'Harus berupa { field, direction }',
  'Must be a list of column names': 'Harus berupa daftar nama kolom',

  // --- intake: Mayar, Meta, webhook forwarder ---
  'Mayar account not found': 'Akun Mayar tidak ditemukan',
  'Reconciliation of this account is already running': 'Rekonsiliasi akun ini sedang berjalan',
  'Mayar API unreachable: {detail}': 'Mayar API tidak dapat dihubungi: {detail}',
  'Mayar API {status}: {detail}': 'Mayar API {status}: {detail}',
  'Mayar API answered a history page without data': 'Mayar API menjawab halaman riwayat tanpa data',
  'Mayar API answered a transaction without data.status': 'Mayar API menjawab transaksi tanpa data.status',
  'Forwarding rule not found': 'Aturan penerusan tidak ditemukan',
  'Delivery not found': 'Pengiriman tidak ditemukan',
  'Only failed deliveries can be replayed; this one is {status}':
    'Hanya pengiriman yang gagal yang dapat diulang; yang ini berstatus {status}',
  // --- the operator's page (src/operations/) ---
  'No item #{id} in the {outbox} outbox': 'Tidak ada item #{id} di outbox {outbox}',
  'Only failed items can be replayed; this one is {status}':
    'Hanya item yang gagal yang dapat diulang; yang ini berstatus {status}',
  'Ad account not found': 'Akun iklan tidak ditemukan',
  'This ad account is already set up': 'Akun iklan ini sudah disiapkan',
  'Give both since and until, or neither': 'Isi since dan until sekaligus, atau kosongkan keduanya',
  'A pull of this ad account is already queued or running':
    'Penarikan data akun iklan ini sudah dalam antrean atau sedang berjalan',
  'Run not found': 'Proses tidak ditemukan',
  'A backfill covers at most {n} days': 'Backfill mencakup paling lama {n} hari',
  'Cannot be before since': 'Tidak boleh sebelum since',
  'Meta keeps insights for 37 months only': 'Meta hanya menyimpan insights selama 37 bulan',
  'Required with the other end of the range': 'Wajib diisi bersama ujung rentang lainnya',
  'A number of days from 1 to 366': 'Jumlah hari dari 1 sampai 366',
  'A whole number of days': 'Jumlah hari berupa bilangan bulat',
  'Send the export as a text/csv or {type} body': 'Kirim hasil ekspor sebagai isi text/csv atau {type}',
  'The body is empty': 'Isi permintaan kosong',
  'The file is empty': 'File kosong',
  'The file is not an XLSX workbook': 'File bukan workbook XLSX',
  'The export has no "{column}" column: include it in the Ads Manager report (ad level, breakdown by day)':
    'Hasil ekspor tidak punya kolom "{column}": sertakan di laporan Ads Manager (level iklan, rincian per hari)',
  '{column} must be a date (YYYY-MM-DD)': '{column} harus berupa tanggal (YYYY-MM-DD)',
  '{column} must be a numeric id': '{column} harus berupa id angka',
  '{column} must be a number, got "{value}"': '{column} harus berupa angka, tertulis "{value}"',
  '{n} problem(s) in the export; nothing was imported':
    '{n} masalah dalam hasil ekspor; tidak ada yang diimpor',

  // --- Master Ad Creative: thumbnails, previews, "Refresh from Meta" (issue #32) ---
  'Creative not found': 'Kreatif tidak ditemukan',
  'Not a row id': 'Bukan id baris',
  'At most {n} ids': 'Paling banyak {n} id',
  'This creative has no Meta creative id yet': 'Kreatif ini belum punya id kreatif Meta',
  'No Meta ad account with an access token is set up (Master Ad Campaign → Pull from Meta)':
    'Belum ada akun iklan Meta dengan access token (Master Ad Campaign → Pull from Meta)',
  'Meta refused: {detail}': 'Meta menolak: {detail}',
  'Meta did not answer within {n} seconds': 'Meta tidak menjawab dalam {n} detik',
  'Meta Graph API unreachable: {detail}': 'Meta Graph API tidak dapat dihubungi: {detail}',

  // --- Change Email processing (issue #32) ---
  'Give a reason for rejecting': 'Tuliskan alasan penolakan',
  'No email change with id {id}': 'Tidak ada permintaan perubahan email dengan id {id}',
  'This email change was already approved; it cannot be processed again.':
    'Perubahan email ini sudah disetujui; tidak bisa diproses lagi.',
  'This email change was already rejected; it cannot be processed again.':
    'Perubahan email ini sudah ditolak; tidak bisa diproses lagi.',
  'No purchase under the old email matches this request; check the old email, the transaction id and the product.':
    'Tidak ada pembelian dengan email lama yang cocok dengan permintaan ini; periksa email lama, id transaksi, dan produknya.',
  'The request has no usable WhatsApp number': 'Permintaan ini tidak punya nomor WhatsApp yang bisa dipakai',
  'No active WhatsApp number with the purpose Notification':
    'Tidak ada nomor WhatsApp aktif dengan tujuan Notification',
  'The Mayar account has no API key': 'Akun Mayar ini tidak punya API key',

  // --- GPT Insights ---
  'No insight #{id}': 'Tidak ada insight #{id}',
  'GPT Insights is not configured: set OPENAI_BASE_URL.':
    'GPT Insights belum dikonfigurasi: atur OPENAI_BASE_URL.',

  // --- the language model adapter (insights/openai.ts) and Hook Generations ---
  'The language model did not answer in time.': 'Model bahasa tidak menjawab tepat waktu.',
  'The language model could not be reached.': 'Model bahasa tidak dapat dihubungi.',
  'The language model answered {status}: {detail}.': 'Model bahasa menolak dengan status {status}: {detail}.',
  'The language model answered {status}.': 'Model bahasa menolak dengan status {status}.',
  'The language model sent a malformed stream.': 'Model bahasa mengirim aliran jawaban yang rusak.',
  'The language model failed: {detail}.': 'Model bahasa gagal: {detail}.',
  'The language model stream broke off.': 'Aliran jawaban model bahasa terputus.',
  'The language model stream ended before [DONE].': 'Aliran jawaban model bahasa berakhir sebelum [DONE].',
  'The language model returned no hooks.': 'Model bahasa tidak mengembalikan satu hook pun.',
  'Hook generation is not configured: set OPENAI_BASE_URL.':
    'Pembuatan hook belum dikonfigurasi: atur OPENAI_BASE_URL.',
  'The hooks could not be generated.': 'Hook tidak dapat dibuat.',
  'Pick at least one hook': 'Pilih paling sedikit satu hook',
  'There is no product with id {id}': 'Tidak ada produk dengan id {id}',

  // --- zod's own English (schemas without a message of ours) ---
  'Invalid input: expected {type}, received {received}':
    'Isian tidak valid: seharusnya {type}, diterima {received}',
  'Invalid input: expected {value}': 'Isian tidak valid: seharusnya {value}',
  'Invalid option: expected one of {values}': 'Pilihan tidak valid: seharusnya salah satu dari {values}',
  'Too big: expected string to have <={n} characters': 'Terlalu panjang: paling banyak {n} karakter',
  'Too small: expected string to have >={n} characters': 'Terlalu pendek: paling sedikit {n} karakter',
  'Too big: expected array to have <={n} items': 'Terlalu banyak: paling banyak {n} butir',
  'Too small: expected array to have >={n} items': 'Terlalu sedikit: paling sedikit {n} butir',
  'Too big: expected number to be <={n}': 'Terlalu besar: paling besar {n}',
  'Too big: expected number to be <{n}': 'Terlalu besar: harus kurang dari {n}',
  'Too small: expected number to be >={n}': 'Terlalu kecil: paling kecil {n}',
  'Too small: expected number to be >{n}': 'Terlalu kecil: harus lebih dari {n}',
  'Invalid string: must match pattern {pattern}': 'Teks tidak valid: harus cocok dengan pola {pattern}',
  'Invalid number: must be a multiple of {n}': 'Angka tidak valid: harus kelipatan {n}',
  'Unrecognized key: {keys}': 'Kunci tidak dikenal: {keys}',
  'Unrecognized keys: {keys}': 'Kunci tidak dikenal: {keys}',
  'Invalid email address': 'Alamat email tidak valid',
  'Invalid UUID': 'UUID tidak valid',
  'Invalid URL': 'URL tidak valid',
  'Invalid ISO datetime': 'Tanggal dan jam ISO tidak valid',
  'Invalid ISO date': 'Tanggal ISO tidak valid',
  'Not a session id': 'Bukan id sesi',

  // --- Fastify's own answers and the browser's (no answer came back) ---
  'Request body is too large': 'Isi permintaan terlalu besar',
  "Body cannot be empty when content-type is set to 'application/json'":
    "Isi permintaan tidak boleh kosong bila content-type 'application/json'",
  "Body is not valid JSON but content-type is set to 'application/json'":
    "Isi permintaan bukan JSON yang valid padahal content-type 'application/json'",
  'Unsupported Media Type': 'Jenis media tidak didukung',
  'Unsupported Media Type: {type}': 'Jenis media tidak didukung: {type}',
  'Network Error': 'Gangguan jaringan: server tidak dapat dihubungi',
  'Request failed with status code {status}': 'Permintaan gagal dengan kode status {status}',
  'timeout of {n}ms exceeded': 'Batas waktu {n} ms terlampaui',
};

export { INDONESIAN_ERROR_TEXTS, INDONESIAN_ERROR_TEXTS_EN, SPEC_ERROR_TEXTS } from './englishTexts.js';
