import { describe, expect, it } from 'vitest';
import {
  COURIER_CODES,
  RECEIPT_FORMATS,
  parseReceiptLines,
  receiptProblem,
  receiptsBodySchema,
} from './logistics.js';

describe('receipt formats per courier', () => {
  it('accepts each known courier’s own example and refuses another courier’s form', () => {
    for (const [code, format] of Object.entries(RECEIPT_FORMATS)) {
      expect(COURIER_CODES).toContain(code);
      expect(receiptProblem(code, format.example)).toBeNull();
    }
    expect(receiptProblem('sicepat', 'JP1234567890')).toBe(
      'A SiCepat receipt is 12 digits, e.g. 000123456789',
    );
    expect(receiptProblem('jnt', '000123456789')).toBeNull(); // J&T also prints 12 digits
    expect(receiptProblem('jnt', 'JP12345')).toBe(
      'A receipt number is 8–30 letters, digits or dashes, without spaces',
    );
    expect(receiptProblem('ninja', 'AR100200300')).toMatch(/^A Ninja Xpress receipt is NLID or NVID/);
    expect(receiptProblem('pos', 'RR123456789ID')).toBeNull();
    expect(receiptProblem('lion', '11LP12')).toMatch(/8–30 letters/);
    // A courier without a known form keeps the general rule only.
    expect(receiptProblem('wahana', 'ANY-FORM-123')).toBeNull();
  });

  it('names the row and the receipt field with the expected form in the bulk body', () => {
    const parsed = receiptsBodySchema.safeParse({
      rows: [
        { id: 1, courier: 'sicepat', receipt: ' 000123456789 ' },
        { id: 2, courier: 'sicepat', receipt: 'SC-123456' },
      ],
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['rows.1.receipt', 'A SiCepat receipt is 12 digits, e.g. 000123456789'],
    ]);
    expect(
      receiptsBodySchema.parse({ rows: [{ id: 1, courier: 'jnt', receipt: 'jp1234567890' }] }).rows[0],
    ).toEqual({
      id: 1,
      courier: 'jnt',
      receipt: 'JP1234567890',
    });
  });

  it('checks pasted lines against the courier of the line', () => {
    const { rows, errors } = parseReceiptLines(
      'order,courier,receipt\nINV-1,SiCepat,000123456789\nINV-2,jne,12345\nINV-3,tiki,AB1234567890',
    );
    expect(rows).toEqual([{ order_ref: 'INV-1', courier: 'sicepat', receipt: '000123456789', line: 2 }]);
    expect(errors).toEqual([
      { line: 3, message: 'A receipt number is 8–30 letters, digits or dashes, without spaces' },
      { line: 4, message: 'A TIKI receipt is 12 digits, e.g. 030012345678' },
    ]);
  });
});
