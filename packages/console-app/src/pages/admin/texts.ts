import { defineTexts } from '../../i18n.js';
import { COMMON_TEXTS } from '../../commonTexts.js';

type N = number;

const plural = (n: N, one: string, many: string) => (n === 1 ? one : many);

/**
 * Users, user details, the permission matrix and "View as", side by side. The page titles ("Users", "User
 * Permission Set") are the spec's and come from the route table. Counts arrive as numbers: English needs them for
 * its plurals, Indonesian has none.
 */
export const ADMIN_TEXTS = defineTexts({
  never: ['Never', 'Belum pernah'],
  serverAnswered: [
    (status: N) => `The server answered ${status}.`,
    (status: N) => `Server menjawab ${status}.`,
  ],
  serverUnreachable: ['The server could not be reached.', 'Server tidak dapat dihubungi.'],
  couldNotLoad: [
    (what: string, detail: string) => `Could not load ${what}. ${detail}`,
    (what: string, detail: string) => `Gagal memuat ${what}. ${detail}`,
  ],
  noPermissionForThis: ["You don't have permission for this.", 'Anda tidak punya izin untuk ini.'],
  tryAgain: ['Try again', 'Coba lagi'],
  close: ['Close', 'Tutup'],
  confirm: ['Confirm', 'Konfirmasi'],
  secret: {
    shownOnce: [
      'It is shown only now: give it to the user through a safe channel.',
      'Ini hanya ditampilkan sekarang: berikan kepada pengguna lewat saluran yang aman.',
    ],
    copy: ['Copy', 'Salin'],
    copied: ['Copied', 'Tersalin'],
    done: ['Done', 'Selesai'],
  },
  fields: {
    username: ['Username', 'Username'],
    usernameHelp: [
      '3–64 letters, digits, dots, dashes or underscores.',
      '3–64 huruf, angka, titik, tanda hubung, atau garis bawah.',
    ],
    fullName: ['Full name', 'Nama lengkap'],
    initialPassword: ['Initial password', 'Kata sandi awal'],
    initialPasswordHelp: [
      'At least 10 characters, not containing the username. Leave empty to generate one (shown once).',
      'Minimal 10 karakter, tidak memuat username. Kosongkan untuk dibuatkan otomatis (ditampilkan sekali).',
    ],
    active: COMMON_TEXTS.active,
    permissionSet: ['Permission set', 'Set izin'],
    permissionSets: ['Permission sets', 'Set izin'],
    lastLogin: ['Last login', 'Login terakhir'],
    status: COMMON_TEXTS.status,
    sessions: ['Sessions', 'Sesi'],
    event: ['Event', 'Peristiwa'],
    sessionsEnded: ['Sessions ended', 'Sesi diakhiri'],
  },
  users: {
    active: COMMON_TEXTS.active,
    disabled: ['Disabled', 'Nonaktif'],
    none: ['None', 'Tidak ada'],
    created: [
      (username: string) => `User ${username} created. Assign permission sets below.`,
      (username: string) => `Pengguna ${username} dibuat. Tetapkan set izinnya di bawah.`,
    ],
    newUser: ['New user', 'Pengguna baru'],
    createUser: ['Create user', 'Buat pengguna'],
    couldNotLoad: ['Could not load users.', 'Gagal memuat pengguna.'],
    noMatch: ['No users match these filters', 'Tidak ada pengguna yang cocok dengan filter ini'],
    noUsers: ['No users yet', 'Belum ada pengguna'],
    manage: ['Manage', 'Kelola'],
    manageUser: [(username: string) => `Manage ${username}`, (username: string) => `Kelola ${username}`],
    viewAs: ['View as', 'Lihat sebagai'],
    viewAsUser: [
      (username: string) => `View as ${username}`,
      (username: string) => `Lihat sebagai ${username}`,
    ],
    filters: ['User filters', 'Filter pengguna'],
    search: ['Search username or name…', 'Cari username atau nama…'],
  },
  details: {
    region: ['User details', 'Detail pengguna'],
    loading: ['Loading the user…', 'Memuat pengguna…'],
    theUser: ['the user', 'pengguna'],
    events: {
      'view-as': [
        'An administrator viewed the console as this user',
        'Administrator melihat konsol sebagai pengguna ini',
      ],
      'sign-out-everywhere': ['Signed out everywhere', 'Dikeluarkan dari semua sesi'],
      'reset-password': ['Password reset by an administrator', 'Kata sandi direset oleh administrator'],
      'change-password': ['Changed their own password', 'Mengubah kata sandinya sendiri'],
      '2fa-setup': ['Started setting up two-step sign-in', 'Mulai menyiapkan login dua langkah'],
      '2fa-enable': ['Turned two-step sign-in on', 'Mengaktifkan login dua langkah'],
      '2fa-disable': ['Turned two-step sign-in off', 'Menonaktifkan login dua langkah'],
      '2fa-reset': [
        'Two-step sign-in reset by an administrator',
        'Login dua langkah direset oleh administrator',
      ],
      'set-permission-sets': ['Permission sets changed', 'Set izin diubah'],
      disable: ['Account disabled', 'Akun dinonaktifkan'],
      enable: ['Account enabled', 'Akun diaktifkan'],
    },
    userSubject: [(id: string) => `user #${id}`, (id: string) => `pengguna #${id}`],
    actedOn: [
      (action: string, subject: string) => `${action} on ${subject}`,
      (action: string, subject: string) => `${action} pada ${subject}`,
    ],
    system: ['system', 'sistem'],
    saved: [(name: string) => `Saved ${name}.`, (name: string) => `${name} tersimpan.`],
    setsSaved: [
      (name: string) => `Permission sets of ${name} saved. Their open tabs update at once.`,
      (name: string) => `Set izin ${name} tersimpan. Tab yang sedang dibukanya langsung diperbarui.`,
    ],
    setsNotSaved: ['Permission sets not saved', 'Set izin tidak tersimpan'],
    enabled: [(name: string) => `${name} can sign in again.`, (name: string) => `${name} dapat login lagi.`],
    disabledDone: [
      (name: string) => `${name} is disabled and was signed out everywhere.`,
      (name: string) => `${name} dinonaktifkan dan dikeluarkan dari semua sesi.`,
    ],
    passwordReset: [
      (name: string, ended: N) => `New password set for ${name}; ${ended} session(s) ended.`,
      (name: string, ended: N) => `Kata sandi baru dibuat untuk ${name}; ${ended} sesi diakhiri.`,
    ],
    twoStepReset: [
      (name: string) =>
        `Two-step sign-in is off for ${name}; they sign in with the password and can set it up again.`,
      (name: string) =>
        `Login dua langkah ${name} dinonaktifkan; ia login dengan kata sandi dan dapat menyiapkannya lagi.`,
    ],
    twoStepWasOff: [
      (name: string) => `${name} did not have two-step sign-in on.`,
      (name: string) => `Login dua langkah ${name} memang tidak aktif.`,
    ],
    signedOutOf: [
      (name: string, revoked: N) => `${name} was signed out of ${revoked} session(s).`,
      (name: string, revoked: N) => `${name} dikeluarkan dari ${revoked} sesi.`,
    ],
    deleted: [(name: string) => `${name} was deleted.`, (name: string) => `${name} telah dihapus.`],
    confirmDisable: {
      title: [(name: string) => `Disable ${name}?`, (name: string) => `Nonaktifkan ${name}?`],
      description: [
        'They are signed out everywhere at once and cannot sign in until enabled again.',
        'Pengguna ini langsung dikeluarkan dari semua sesi dan tidak dapat login sampai diaktifkan lagi.',
      ],
      label: ['Disable', 'Nonaktifkan'],
    },
    confirmEnable: {
      title: [(name: string) => `Enable ${name}?`, (name: string) => `Aktifkan ${name}?`],
      description: [
        'They can sign in again with their password.',
        'Pengguna ini dapat login lagi dengan kata sandinya.',
      ],
      label: ['Enable', 'Aktifkan'],
    },
    confirmReset: {
      title: [
        (name: string) => `Reset the password of ${name}?`,
        (name: string) => `Reset kata sandi ${name}?`,
      ],
      description: [
        'A new password is generated and shown once. Their open sessions end.',
        'Kata sandi baru dibuat dan ditampilkan sekali. Sesi yang terbuka diakhiri.',
      ],
      label: ['Generate new password', 'Buat kata sandi baru'],
    },
    confirmReset2fa: {
      title: [
        (name: string) => `Reset two-step sign-in of ${name}?`,
        (name: string) => `Reset login dua langkah ${name}?`,
      ],
      description: [
        'Their authenticator secret and recovery codes are deleted: they sign in with the password alone until they set it up again.',
        'Secret authenticator dan kode pemulihannya dihapus: ia login hanya dengan kata sandi sampai menyiapkannya lagi.',
      ],
      label: ['Reset two-step sign-in', 'Reset login dua langkah'],
    },
    confirmSignOut: {
      title: [
        (name: string) => `Sign ${name} out everywhere?`,
        (name: string) => `Keluarkan ${name} dari semua sesi?`,
      ],
      description: [
        'Every open session of this user ends now.',
        'Semua sesi pengguna ini diakhiri sekarang.',
      ],
      label: ['Sign out everywhere', 'Keluarkan dari semua sesi'],
    },
    confirmDelete: {
      title: [(name: string) => `Delete ${name}?`, (name: string) => `Hapus ${name}?`],
      description: [
        'The account is removed for good; its audit entries stay. Disabling keeps the account instead.',
        'Akun dihapus permanen; catatan auditnya tetap ada. Menonaktifkan akan menyimpan akunnya.',
      ],
      label: ['Delete user', 'Hapus pengguna'],
    },
    viewAs: [(name: string) => `View as ${name}`, (name: string) => `Lihat sebagai ${name}`],
    passwordFor: [
      (username: string) => `Password for ${username}`,
      (username: string) => `Kata sandi untuk ${username}`,
    ],
    openSessions: ['Open sessions', 'Sesi terbuka'],
    created: ['Created', 'Dibuat'],
    lockedUntil: ['Locked until', 'Terkunci sampai'],
    edit: [(username: string) => `Edit ${username}`, (username: string) => `Ubah ${username}`],
    setsLegend: [
      'Permission sets (the user gets the union of their sets)',
      'Set izin (pengguna mendapat gabungan semua setnya)',
    ],
    noSets: ['No permission sets exist yet.', 'Belum ada set izin.'],
    saveSets: ['Save permission sets', 'Simpan set izin'],
    disableUser: ['Disable user', 'Nonaktifkan pengguna'],
    enableUser: ['Enable user', 'Aktifkan pengguna'],
    resetPassword: ['Reset password', 'Reset kata sandi'],
    resetTwoStep: ['Reset two-step sign-in', 'Reset login dua langkah'],
    deleteUser: ['Delete user', 'Hapus pengguna'],
    sessions: ['Sessions', 'Sesi'],
    signOutEverywhere: ['Sign out everywhere', 'Keluarkan dari semua sesi'],
    loadingSessions: ['Loading sessions…', 'Memuat sesi…'],
    theSessions: ['the sessions', 'sesi'],
    noSessions: ['No open sessions.', 'Tidak ada sesi terbuka.'],
    sessionsOf: [
      (username: string) => `Open sessions of ${username}`,
      (username: string) => `Sesi terbuka ${username}`,
    ],
    signedIn: ['Signed in', 'Login'],
    lastSeen: ['Last seen', 'Terakhir terlihat'],
    address: ['Address', 'Alamat'],
    browser: ['Browser', 'Browser'],
    thisSession: [' (this session)', ' (sesi ini)'],
    recentActivity: ['Recent activity', 'Aktivitas terbaru'],
    noActivity: ['No activity recorded yet', 'Belum ada aktivitas tercatat'],
  },
  viewAs: {
    someone: ['user', 'pengguna'],
    dialog: [
      (name: string) => `Viewing as ${name} (read-only)`,
      (name: string) => `Melihat sebagai ${name} (hanya baca)`,
    ],
    banner: [
      (who: string) => `Viewing as ${who} — read-only preview. Nothing here acts as them.`,
      (who: string) =>
        `Melihat sebagai ${who} — pratinjau hanya baca. Tidak ada yang dijalankan atas namanya di sini.`,
    ],
    exit: ['Exit view as', 'Keluar dari tampilan'],
    loading: ['Loading what this user sees…', 'Memuat apa yang dilihat pengguna ini…'],
    theView: ["the user's view", 'tampilan pengguna'],
    sidebarOf: [(name: string) => `Sidebar of ${name}`, (name: string) => `Sidebar ${name}`],
    menuOf: [(name: string) => `Menu of ${name}`, (name: string) => `Menu ${name}`],
    canOpen: [(name: string) => `What ${name} can open`, (name: string) => `Yang dapat dibuka ${name}`],
    sets: ['Permission sets:', 'Set izin:'],
    none: ['none', 'tidak ada'],
    disabledAccount: [
      ' · this account is disabled and cannot sign in',
      ' · akun ini nonaktif dan tidak dapat login',
    ],
    pageAccess: ['Page access', 'Akses halaman'],
    allowed: ['allowed', 'diizinkan'],
    denied: [(key: string) => `denied — needs ${key}`, (key: string) => `ditolak — perlu ${key}`],
  },
  matrix: {
    permissionKey: ['Permission key', 'Kunci izin'],
    opens: ['Opens', 'Membuka'],
    read: ['Read', 'Baca'],
    write: ['Write', 'Tulis'],
    pages: [(titles: string) => `Pages: ${titles}`, (titles: string) => `Halaman: ${titles}`],
    menu: [(labels: string) => `Menu: ${labels}`, (labels: string) => `Menu: ${labels}`],
    noPage: ['No page', 'Tidak ada halaman'],
    saved: ['Permissions saved', 'Izin tersimpan'],
    savedMessage: [
      (sets: string, setCount: N, users: N) =>
        `${sets} changed; ${users} ${plural(users, 'user', 'users')} holding ${plural(setCount, 'it', 'them')} updated at once.`,
      (sets: string, _setCount: N, users: N) =>
        `${sets} diubah; ${users} pengguna pemegangnya langsung diperbarui.`,
    ],
    notSaved: ['Permissions not saved', 'Izin tidak tersimpan'],
    setCreated: [
      (name: string) => `Permission set "${name}" created. Tick its keys and save.`,
      (name: string) => `Set izin "${name}" dibuat. Centang kuncinya lalu simpan.`,
    ],
    renamed: [
      (from: string, to: string) => `Renamed "${from}" to "${to}".`,
      (from: string, to: string) => `"${from}" diganti namanya menjadi "${to}".`,
    ],
    deleted: [(name: string) => `Deleted "${name}".`, (name: string) => `"${name}" dihapus.`],
    intro: [
      "A user gets the union of their sets: a key is readable (writable) when any of their sets allows it. Write includes read. Saving updates every signed-in holder's menu and open page at once.",
      'Pengguna mendapat gabungan semua setnya: sebuah kunci dapat dibaca (ditulis) bila salah satu setnya mengizinkan. Tulis sudah termasuk baca. Menyimpan langsung memperbarui menu dan halaman yang terbuka pada setiap pemegang yang sedang login.',
    ],
    newSet: ['New permission set', 'Set izin baru'],
    newSetName: ['New set name', 'Nama set baru'],
    createSet: ['Create set', 'Buat set'],
    loading: ['Loading the permission matrix…', 'Memuat matriks izin…'],
    theMatrix: ['the permission matrix', 'matriks izin'],
    noSets: ['No permission sets yet: create one above.', 'Belum ada set izin: buat satu di atas.'],
    saving: COMMON_TEXTS.saving,
    saveChanges: ['Save changes', 'Simpan perubahan'],
    saveChangesOf: [
      (sets: N) => `Save changes (${sets} ${plural(sets, 'set', 'sets')})`,
      (sets: N) => `Simpan perubahan (${sets} set)`,
    ],
    discard: ['Discard changes', 'Buang perubahan'],
    unsaved: [(names: string) => `Unsaved: ${names}`, (names: string) => `Belum disimpan: ${names}`],
    reload: ['Reload', 'Muat ulang'],
    sets: ['Permission sets', 'Set izin'],
    setSummary: [
      (users: N, keys: N) =>
        `${users} ${plural(users, 'user', 'users')} · ${keys} ${plural(keys, 'key', 'keys')}`,
      (users: N, keys: N) => `${users} pengguna · ${keys} kunci`,
    ],
    unsavedMark: [' · unsaved', ' · belum disimpan'],
    heldBy: [
      (users: N) => `Held by ${users} ${plural(users, 'user', 'users')}`,
      (users: N) => `Dimiliki ${users} pengguna`,
    ],
    rename: ['Rename', 'Ganti nama'],
    renameSet: [(name: string) => `Rename ${name}`, (name: string) => `Ganti nama ${name}`],
    delete: COMMON_TEXTS.delete,
    deleteSet: [(name: string) => `Delete ${name}`, (name: string) => `Hapus ${name}`],
    table: ['Permission matrix', 'Matriks izin'],
    readIn: [
      (key: string, set: string) => `Read ${key} in ${set}`,
      (key: string, set: string) => `Baca ${key} di ${set}`,
    ],
    writeIn: [
      (key: string, set: string) => `Write ${key} in ${set}`,
      (key: string, set: string) => `Tulis ${key} di ${set}`,
    ],
    renameTitle: [(name: string) => `Rename "${name}"`, (name: string) => `Ganti nama "${name}"`],
    deleteTitle: [(name: string) => `Delete "${name}"?`, (name: string) => `Hapus "${name}"?`],
    assigned: [
      (users: N) => `It is assigned to ${users} user(s): remove it from them first.`,
      (users: N) => `Set ini dimiliki ${users} pengguna: lepaskan dulu dari mereka.`,
    ],
    unheld: [
      'No user holds it. This cannot be undone.',
      'Tidak ada pengguna yang memilikinya. Ini tidak dapat dibatalkan.',
    ],
    renameKeeps: [
      'Users keep the set; only its name changes.',
      'Pengguna tetap memiliki set ini; hanya namanya yang berubah.',
    ],
    deleteSetLabel: ['Delete set', 'Hapus set'],
    newName: ['New name', 'Nama baru'],
  },
});

export type AdminTexts = (typeof ADMIN_TEXTS)['en'];
