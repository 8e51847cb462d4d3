// The default texts, apart from the component: the console's language sets import them without the component's code.

/** Where an outgoing message is on its way (`received` for incoming ones); the labels below name each. */
export type ChatDeliveryStatus =
  'received' | 'pending' | 'accepted' | 'sent' | 'delivered' | 'read' | 'failed';

/** Indonesian labels of the delivery ticks (screen readers read these; the ticks are decoration). */
export const CHAT_STATUS_LABELS: Record<ChatDeliveryStatus, string> = {
  received: 'Diterima',
  pending: 'Menunggu dikirim',
  accepted: 'Dikirim ke WhatsApp',
  sent: 'Terkirim',
  delivered: 'Sampai',
  read: 'Dibaca',
  failed: 'Gagal',
};

/** Every visible string of ChatThread (key `chatThread` in `ConsoleMessagesProvider`, prop `texts`). */
export interface ChatThreadMessages {
  loading: string;
  empty: string;
  retry: string;
  placeholder: string;
  send: string;
  sending: string;
  windowClosed: string;
  template: string;
  /** Label of the template's n-th body parameter. */
  parameter: (n: number) => string;
  sendTemplate: string;
  readOnly: string;
  /** Heading of the closed composer (replies cannot be sent in this conversation). */
  closed: string;
  bot: string;
  reply: string;
  /** Accessible name of the message list; receives the thread's title. */
  list: (title: string) => string;
  /** Delivery ticks, read by screen readers. */
  statuses: Record<ChatDeliveryStatus, string>;
}

export const CHAT_THREAD_MESSAGES: ChatThreadMessages = {
  loading: 'Memuat percakapan…',
  empty: 'Belum ada pesan.',
  retry: 'Coba lagi',
  placeholder: 'Tulis balasan…',
  send: 'Kirim',
  sending: 'Mengirim…',
  windowClosed: 'Lebih dari 24 jam sejak pesan terakhir pelanggan: hanya template yang bisa dikirim.',
  template: 'Template',
  parameter: (n: number) => `Isi {{${n}}}`,
  sendTemplate: 'Kirim template',
  readOnly: 'Anda hanya bisa membaca percakapan ini.',
  closed: 'Balasan tidak bisa dikirim dari percakapan ini',
  bot: 'Bot',
  reply: 'Balasan',
  list: (title) => `Pesan dengan ${title}`,
  statuses: CHAT_STATUS_LABELS,
};
