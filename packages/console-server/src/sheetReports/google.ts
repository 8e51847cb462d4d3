import { createSign } from 'node:crypto';

/**
 * Google Sheets through a service account (issue 15): a JWT signed with the account's private key is exchanged
 * for an access token (OAuth 2.0 JWT bearer grant), then the sheet's cells are cleared and written with the
 * Sheets API v4 `values` calls. Base URLs are configurable so tests and the demo use a local fake.
 */
export interface GoogleSheetsConfig {
  /** GOOGLE_OAUTH_TOKEN_URL (default https://oauth2.googleapis.com/token). */
  tokenUrl: string;
  /** GOOGLE_SHEETS_API_URL (default https://sheets.googleapis.com). */
  sheetsUrl: string;
  timeoutMs?: number;
}

export const GOOGLE_DEFAULTS: GoogleSheetsConfig = {
  tokenUrl: 'https://oauth2.googleapis.com/token',
  sheetsUrl: 'https://sheets.googleapis.com',
};

export const SHEETS_SCOPE = 'https://www.googleapis.com/auth/spreadsheets';

export interface ServiceAccount {
  client_email: string;
  private_key: string;
}

/** A failure said in words a staff member can act on (kept in the run log). */
export class GoogleSheetsError extends Error {}

/** The JSON key file Google gives for a service account; null when the text is not one. */
export function parseServiceAccount(text: string): ServiceAccount | null {
  try {
    const json = JSON.parse(text) as Partial<ServiceAccount>;
    if (typeof json.client_email !== 'string' || !json.client_email.includes('@')) return null;
    if (typeof json.private_key !== 'string' || !json.private_key.includes('PRIVATE KEY')) return null;
    return { client_email: json.client_email, private_key: json.private_key };
  } catch {
    return null;
  }
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

/** The signed assertion of the JWT bearer grant (RS256, one hour). */
export function signAssertion(account: ServiceAccount, audience: string, now: Date): string {
  const iat = Math.floor(now.getTime() / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(
    JSON.stringify({ iss: account.client_email, scope: SHEETS_SCOPE, aud: audience, iat, exp: iat + 3600 }),
  );
  const signer = createSign('RSA-SHA256');
  signer.update(`${header}.${claims}`);
  let signature: Buffer;
  try {
    signature = signer.sign(account.private_key);
  } catch {
    throw new GoogleSheetsError(
      "The service account's private key cannot sign: paste the whole JSON key again.",
    );
  }
  return `${header}.${claims}.${base64url(signature)}`;
}

/** A1 notation of a whole sheet, quoted (a name with spaces or digits needs it). */
export const sheetRange = (sheet: string) => `'${sheet.replaceAll("'", "''")}'`;

type Cell = string | number | null;

async function call(
  url: string,
  init: RequestInit,
  timeoutMs: number,
  what: (status: number, message: string) => string,
): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch {
    throw new GoogleSheetsError('Google could not be reached; the next run will try again.');
  }
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  if (!response.ok) {
    const error =
      (body as { error?: { message?: string } | string; error_description?: string } | null) ?? {};
    const message =
      typeof error.error === 'object'
        ? (error.error.message ?? '')
        : (error.error_description ?? (typeof error.error === 'string' ? error.error : ''));
    throw new GoogleSheetsError(what(response.status, message));
  }
  return body;
}

/**
 * Replaces the cells of one sheet with `values` (header, rows, totals): a token, a clear of the sheet, one write.
 * Answers the range Google reports as written.
 */
export async function writeGoogleSheet(
  config: GoogleSheetsConfig,
  account: ServiceAccount,
  target: { spreadsheetId: string; sheet: string },
  values: Cell[][],
): Promise<string> {
  const timeoutMs = config.timeoutMs ?? 30_000;
  const token = (await call(
    config.tokenUrl,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
        // Wall-clock time, not the app's clock: Google checks the assertion against its own.
        assertion: signAssertion(account, config.tokenUrl, new Date()),
      }).toString(),
    },
    timeoutMs,
    (status, message) =>
      `Google refused the service account ${account.client_email} (${status}${message ? `: ${message}` : ''}).`,
  )) as { access_token?: string } | null;
  if (!token?.access_token) throw new GoogleSheetsError('Google answered without an access token.');

  const range = encodeURIComponent(sheetRange(target.sheet));
  const sheetUrl = `${config.sheetsUrl.replace(/\/$/, '')}/v4/spreadsheets/${encodeURIComponent(target.spreadsheetId)}/values/${range}`;
  const headers = { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' };
  const explain = (status: number, message: string) => {
    if (status === 403)
      return `The service account ${account.client_email} may not edit this spreadsheet: share it with that address as an editor.`;
    if (status === 404) return `No spreadsheet ${target.spreadsheetId}: check its address.`;
    if (status === 400 && /range|sheet/i.test(message))
      return `No sheet named "${target.sheet}" in the spreadsheet: add the tab or change the name.`;
    if (status === 429) return "Google's quota for the spreadsheet is used up; the next run will try again.";
    return `Google Sheets answered ${status}${message ? `: ${message}` : ''}.`;
  };
  await call(`${sheetUrl}:clear`, { method: 'POST', headers, body: '{}' }, timeoutMs, explain);
  const written = (await call(
    `${sheetUrl}?valueInputOption=RAW`,
    {
      method: 'PUT',
      headers,
      body: JSON.stringify({ range: sheetRange(target.sheet), majorDimension: 'ROWS', values }),
    },
    timeoutMs,
    explain,
  )) as { updatedRange?: string } | null;
  return written?.updatedRange ?? sheetRange(target.sheet);
}
