// The default texts, apart from the component: the console's language sets import them without the component's code.
/** Texts of the board (key `board` in `ConsoleMessagesProvider`, or the `messages` prop). */
export const BOARD_MESSAGES = {
  instructions:
    'Tekan Spasi untuk mengambil kartu, panah kiri/kanan untuk memilih kolom, Enter atau Spasi untuk menaruh, Escape untuk batal.',
  empty: 'Kosong',
  saving: 'Menyimpan…',
  loading: 'Memuat papan…',
  retry: 'Coba lagi',
  grabbed: (card: string, column: string) => `${card} diambil dari ${column}.`,
  target: (column: string) => `Tujuan: ${column}.`,
  noTarget: 'Kartu ini tidak dapat dipindah ke kolom lain.',
  moved: (card: string, column: string) => `${card} dipindah ke ${column}.`,
  cancelled: (card: string) => `${card} batal dipindah.`,
};
export type BoardMessages = typeof BOARD_MESSAGES;
