import { normaliseEmail, normalisePhone, sha256Hex } from '../normalise.js';

/** The purchase fields a Conversions API event is built from. */
export interface CapiSource {
  mayarId: string;
  transactionId: string | null;
  eventTime: Date;
  email: string | null;
  mobile: string | null;
  fbp: string | null;
  fbc: string | null;
  amount: number;
  mayarProductId: string | null;
  productName: string | null;
  qty: number | null;
}

export interface CapiEvent {
  event_name: string;
  event_time: number;
  event_id: string;
  action_source: 'website';
  user_data: { em?: string[]; ph?: string[]; fbp?: string; fbc?: string };
  custom_data: {
    value: number;
    currency: 'IDR';
    order_id: string;
    content_ids?: string[];
    content_name?: string;
    contents?: { id: string; quantity: number }[];
  };
}

/**
 * One Meta Conversions API server event for a Mayar purchase: event_time in unix seconds, event_id the Mayar
 * transaction id (Meta deduplicates it with the browser pixel's event), em / ph SHA-256 of the normalised
 * values, fbp / fbc exactly as Mayar captured them, value in whole rupiah.
 */
export function capiEvent(source: CapiSource, eventName = 'Purchase'): CapiEvent {
  const email = normaliseEmail(source.email);
  const phone = normalisePhone(source.mobile);
  const user: CapiEvent['user_data'] = {};
  if (email) user.em = [sha256Hex(email)];
  if (phone) user.ph = [sha256Hex(phone)];
  if (source.fbp) user.fbp = source.fbp;
  if (source.fbc) user.fbc = source.fbc;
  const custom: CapiEvent['custom_data'] = {
    value: source.amount,
    currency: 'IDR',
    order_id: source.mayarId,
  };
  if (source.mayarProductId) {
    custom.content_ids = [source.mayarProductId];
    custom.contents = [{ id: source.mayarProductId, quantity: source.qty ?? 1 }];
  }
  if (source.productName) custom.content_name = source.productName;
  return {
    event_name: eventName,
    event_time: Math.floor(source.eventTime.getTime() / 1000),
    event_id: source.transactionId ?? source.mayarId,
    action_source: 'website',
    user_data: user,
    custom_data: custom,
  };
}
