/**
 * Couriers and their receipt (resi) numbers: shared by the packages entity (its edit form checks a receipt
 * against its courier) and the logistics page's bulk calls.
 */
import { options } from './fields.js';

/** Couriers the tracking lookup knows (domain model). */
export const COURIER_OPTIONS = options({
  jne: 'JNE',
  jnt: 'J&T',
  sicepat: 'SiCepat',
  anteraja: 'AnterAja',
  pos: 'POS Indonesia',
  tiki: 'TIKI',
  ninja: 'Ninja Xpress',
  lion: 'Lion Parcel',
  wahana: 'Wahana',
  sap: 'SAP Express',
  ide: 'ID Express',
  jet: 'JET Express',
  sentral: 'Sentral Cargo',
  rex: 'REX',
});

/** A receipt (resi / airway bill) as couriers print it: 8–30 letters, digits or dashes, stored upper-case. */
export const RECEIPT_PATTERN = /^[A-Z0-9][A-Z0-9-]{6,28}[A-Z0-9]$/;
export const RECEIPT_FORMAT_MESSAGE = 'A receipt number is 8–30 letters, digits or dashes, without spaces';

/** The receipt as stored: trimmed and upper-case (couriers' numbers are case-insensitive). */
export const normaliseReceipt = (text: string) => text.trim().toUpperCase();

/**
 * The airway-bill forms of the couriers whose numbering is known, from their printed receipts and tracking
 * pages (not a courier specification): a typo caught here is a parcel the customer can track. Couriers not
 * listed keep only the general rule above.
 */
export const RECEIPT_FORMATS: Readonly<Record<string, { pattern: RegExp; form: string; example: string }>> = {
  jne: { pattern: /^[A-Z0-9]{10,16}$/, form: '10–16 letters or digits', example: 'CGK0012345678' },
  jnt: {
    pattern: /^(J[A-Z]\d{10}|\d{12})$/,
    form: 'JP (or J and a letter) and 10 digits, or 12 digits',
    example: 'JP1234567890',
  },
  sicepat: { pattern: /^\d{12}$/, form: '12 digits', example: '000123456789' },
  anteraja: {
    pattern: /^(AR\d{9,13}|\d{10,15})$/,
    form: 'AR and 9–13 digits, or 10–15 digits',
    example: 'AR100200300',
  },
  pos: {
    pattern: /^([A-Z]{2}\d{9}[A-Z]{2}|P\d{12,14}|\d{12,15})$/,
    form: 'two letters, 9 digits and two letters (RR123456789ID), P and 12–14 digits, or 12–15 digits',
    example: 'P2101012345678',
  },
  tiki: { pattern: /^\d{12}$/, form: '12 digits', example: '030012345678' },
  ninja: {
    pattern: /^(NLID|NVID)[A-Z0-9]{6,20}$/,
    form: 'NLID or NVID and 6–20 letters or digits',
    example: 'NLIDAP12345678',
  },
  lion: { pattern: /^\d{2}LP\d{8,13}$/, form: 'two digits, LP and 8–13 digits', example: '11LP1234567890' },
};

/**
 * What is wrong with a receipt (already normalised) for its courier, or null: the general rule first, then the
 * courier's own form with an example.
 *
 * @example
 * receiptProblem('sicepat', '00012345') // 'A SiCepat receipt is 12 digits, e.g. 000123456789'
 */
export function receiptProblem(courierCode: string, value: string): string | null {
  if (!RECEIPT_PATTERN.test(value)) return RECEIPT_FORMAT_MESSAGE;
  const format = RECEIPT_FORMATS[courierCode];
  if (!format || format.pattern.test(value)) return null;
  const label = COURIER_OPTIONS.find((option) => option.value === courierCode)?.label ?? courierCode;
  return `A ${label} receipt is ${format.form}, e.g. ${format.example}`;
}
