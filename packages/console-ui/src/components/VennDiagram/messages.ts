// The default texts, apart from the component: the console's language sets import them without the component's code.
/** Texts of the diagram (key `vennDiagram` in `ConsoleMessagesProvider`, or the `messages` prop). */
export const VENN_DIAGRAM_MESSAGES = {
  loading: 'Menghitung pelanggan…',
  empty: 'Tidak ada pelanggan dengan pembelian lunas pada pilihan ini.',
  retry: 'Coba lagi',
  customers: 'pelanggan',
  upsetCaption: 'Irisan pelanggan (UpSet): satu baris per wilayah eksklusif',
  /** Default heading (the `title` prop wins). */
  title: 'Venn diagram',
  legend: 'Sets',
  /** The name of a region that holds only the named sets ("Kelas A & Kelas B saja"). */
  only: (names: string) => `${names} saja`,
};
export type VennDiagramMessages = typeof VENN_DIAGRAM_MESSAGES;
