import { currentLanguage, defineTexts } from '../../i18n.js';

/** Cust Venn Diagram's own texts (its title is the spec's; the diagram itself is console-ui's VennDiagram). */
export const VENN_TEXTS = defineTexts({
  /** A region holding only the named sets. */
  only: [(names: string) => `${names} only`, (names: string) => `${names} saja`],
  columns: {
    name: ['Name', 'Nama'],
    email: ['Email', 'Email'],
    phone: ['Phone', 'Telepon'],
    purchases: ['Purchases', 'Pembelian'],
    total: ['Total', 'Total'],
    lastPaid: ['Last paid (WIB)', 'Terakhir bayar (WIB)'],
  },
  unreachable: ['The server could not be reached.', 'Server tidak dapat dihubungi.'],
  kinds: {
    product: ['Products', 'Produk'],
    tribe: ['Tribes', 'Tribe'],
  },
  exportFailed: [
    (reason: string) => `Export failed: ${reason}`,
    (reason: string) => `Ekspor gagal: ${reason}`,
  ],
  description: [
    'Customers (email, or a 62… number) with paid purchases per product or tribe in the chosen period.',
    'Pelanggan (email, atau nomor 62…) dengan pembelian lunas per produk atau tribe pada periode yang dipilih.',
  ],
  controls: ['Diagram choices', 'Pilihan diagram'],
  sets: ['Sets', 'Himpunan'],
  choose: [
    (min: number, max: number, kind: string, chosen: number) =>
      `Choose ${min}–${max} ${kind} (${chosen} chosen)`,
    (min: number, max: number, kind: string, chosen: number) =>
      `Pilih ${min}–${max} ${kind} (${chosen} dipilih)`,
  ],
  search: [(kind: string) => `Search ${kind}`, (kind: string) => `Cari ${kind}`],
  loadingList: ['Loading the list…', 'Memuat daftar…'],
  listNotLoaded: [
    (reason: string) => `The list could not be loaded: ${reason}`,
    (reason: string) => `Daftar tidak dapat dimuat: ${reason}`,
  ],
  noMatch: ['Nothing matches.', 'Tidak ada yang cocok.'],
  diagramTitle: [(sets: string) => `Customers of ${sets}`, (sets: string) => `Pelanggan ${sets}`],
  notCounted: [
    (reason: string) => `The diagram could not be counted: ${reason}`,
    (reason: string) => `Diagram tidak dapat dihitung: ${reason}`,
  ],
  pickAtLeast: [
    (min: number) => `Choose at least ${min} to see the customer overlaps.`,
    (min: number) => `Pilih minimal ${min} untuk melihat irisan pelanggan.`,
  ],
  exportCsv: ['Export CSV', 'Ekspor CSV'],
  loadingCustomers: ['Loading customers…', 'Memuat pelanggan…'],
  customersNotLoaded: [
    (reason: string) => `Customers could not be loaded: ${reason}`,
    (reason: string) => `Pelanggan tidak dapat dimuat: ${reason}`,
  ],
  noCustomers: ['No customers in this region.', 'Tidak ada pelanggan di wilayah ini.'],
  customersTable: ['Customers in this region', 'Pelanggan wilayah ini'],
  pager: ['Customer pages', 'Halaman pelanggan'],
  previous: ['Previous', 'Sebelumnya'],
  next: ['Next', 'Berikutnya'],
  page: [
    (page: number, pages: number) => `Page ${page} of ${pages}`,
    (page: number, pages: number) => `Halaman ${page} dari ${pages}`,
  ],
  customers: ['customers', 'pelanggan'],
});

/** A failed call in words (the server's message when it sent one), outside React. */
export const unreachable = () => VENN_TEXTS[currentLanguage()].unreachable;
