/**
 * Packing labels: one A6 page per package with the recipient, phone, address, items, courier and receipt, and a
 * Code 128 barcode of the order number drawn as vector bars (bwip-js encodes, pdfkit draws), so it scans sharp
 * at any printer resolution. Text uses PDF's built-in Helvetica (WinAnsi: Latin letters, no emoji).
 */
import PDFDocument from 'pdfkit';
import bwipjs from 'bwip-js/node';
import { COURIER_OPTIONS } from '@staff/console-contract';

export interface LabelPackage {
  order_ref: string;
  recipient_name: string;
  phone: string;
  address: string;
  qty: number;
  courier: string | null;
  service: string | null;
  receipt: string | null;
  /** The product bought, when the package came from a purchase. */
  product_name: string | null;
}

/** A6 in points. */
const PAGE = { width: 297.64, height: 419.53 };
const MARGIN = 18;

/** Bar and space widths (modules) of a Code 128 symbol, bar first. */
export function code128Modules(text: string): number[] {
  const [symbol] = bwipjs.raw('code128', text, {}) as { sbs: number[] }[];
  if (!symbol?.sbs) throw new Error('Code 128 could not encode the order number');
  return symbol.sbs;
}

function drawBarcode(
  doc: PDFKit.PDFDocument,
  text: string,
  x: number,
  y: number,
  width: number,
  height: number,
) {
  const modules = code128Modules(text);
  const total = modules.reduce((sum, value) => sum + value, 0);
  const unit = width / total;
  let at = x;
  modules.forEach((value, index) => {
    if (index % 2 === 0) doc.rect(at, y, value * unit, height).fill('#000000');
    at += value * unit;
  });
}

/** WinAnsi cannot show every character: anything else becomes "?" rather than a wrong glyph. */
const printable = (text: string) => text.replace(/[^\u0020-\u007e\u00a0-\u00ff\n]/g, '?');

/** The labels of `rows` as one PDF (a page each). */
export function labelsPdf(rows: readonly LabelPackage[], printedAt: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: [PAGE.width, PAGE.height],
    margin: MARGIN,
    info: { Title: 'Packing labels', Creator: 'Staff console' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const inner = PAGE.width - 2 * MARGIN;
  rows.forEach((row, index) => {
    if (index > 0) doc.addPage();
    const courier = COURIER_OPTIONS.find((option) => option.value === row.courier)?.label ?? row.courier;
    doc.font('Helvetica-Bold').fontSize(9).text('PENERIMA', MARGIN, MARGIN);
    doc.font('Helvetica-Bold').fontSize(14).text(printable(row.recipient_name), { width: inner });
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`Telp. ${printable(row.phone)}`, { width: inner });
    doc.moveDown(0.3);
    doc.fontSize(10).text(printable(row.address), { width: inner, height: 110, ellipsis: true });
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(9).text('ISI PAKET');
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(`${printable(row.product_name ?? 'Pesanan')} x ${row.qty}`, { width: inner });
    doc.moveDown(0.6);
    doc.font('Helvetica-Bold').fontSize(9).text('KURIR');
    doc
      .font('Helvetica')
      .fontSize(10)
      .text(
        [courier ?? 'Belum dipilih', row.service, row.receipt ? `Resi ${row.receipt}` : null]
          .filter(Boolean)
          .join('  ·  '),
        { width: inner },
      );
    const barcodeTop = PAGE.height - MARGIN - 86;
    try {
      drawBarcode(doc, row.order_ref, MARGIN, barcodeTop, inner, 56);
    } catch {
      // Code 128 takes ASCII only: an order number beyond it is printed as text alone.
      doc
        .font('Helvetica')
        .fontSize(8)
        .text('(kode batang tidak tersedia)', MARGIN, barcodeTop + 24);
    }
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .text(printable(row.order_ref), MARGIN, barcodeTop + 60, { width: inner, align: 'center' });
    doc
      .font('Helvetica')
      .fontSize(7)
      .text(`Dicetak ${printedAt}`, MARGIN, PAGE.height - MARGIN - 9, { width: inner, align: 'right' });
  });
  doc.end();
  return done;
}
