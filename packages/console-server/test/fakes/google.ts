import { createVerify, generateKeyPairSync } from 'node:crypto';
import { startFakeServer } from './http.js';

/**
 * A fake Google for Sheet Report (issue 15), speaking the real wire formats: the OAuth 2.0 token endpoint with the
 * JWT bearer grant (the assertion's RS256 signature checked with the service account's public key) and the
 * Sheets API v4 `values` clear and update calls, with Google's error bodies for 403, 404 and a missing sheet.
 */
type Cell = string | number | null;

export interface FakeSpreadsheet {
  /** Service accounts the spreadsheet is shared with as editors. */
  editors: string[];
  sheets: Record<string, Cell[][]>;
}

export interface FakeGoogle {
  url: string;
  tokenUrl: string;
  spreadsheets: Map<string, FakeSpreadsheet>;
  calls: { method: string; path: string }[];
  close: () => Promise<void>;
}

/** A service account's JSON key as Google hands it out, with a fresh RSA key pair (the fake keeps the public half). */
export function serviceAccountKey(clientEmail: string): { json: string; publicKey: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const json = JSON.stringify({
    type: 'service_account',
    project_id: 'console-test',
    private_key_id: 'k1',
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: clientEmail,
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  return { json, publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

const googleError = (code: number, message: string, status: string) => ({
  status: code,
  body: { error: { code, message, status } },
});

const column = (n: number): string =>
  n <= 26 ? String.fromCharCode(64 + n) : column(Math.floor((n - 1) / 26)) + column(((n - 1) % 26) + 1);

/** The sheet name out of A1 notation: `'Laporan harian'` or `Laporan`. */
const sheetOf = (range: string) => {
  const name = range.split('!')[0]!;
  return name.startsWith("'") ? name.slice(1, -1).replaceAll("''", "'") : name;
};

export async function startFakeGoogle(accounts: Record<string, string>): Promise<FakeGoogle> {
  const spreadsheets = new Map<string, FakeSpreadsheet>();
  const tokens = new Map<string, string>();
  const calls: FakeGoogle['calls'] = [];
  let issued = 0;
  let tokenUrl = '';
  const server = await startFakeServer(async (request) => {
    calls.push({ method: request.method, path: decodeURIComponent(request.url.pathname) });
    if (request.method === 'POST' && request.url.pathname === '/token') {
      const form = new URLSearchParams(request.body);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer')
        return {
          status: 400,
          body: { error: 'unsupported_grant_type', error_description: 'Invalid grant_type' },
        };
      const [header, claims, signature] = (form.get('assertion') ?? '').split('.');
      const payload = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString() || '{}') as Record<
        string,
        unknown
      >;
      const publicKey = accounts[String(payload.iss)];
      const verifier = createVerify('RSA-SHA256');
      verifier.update(`${header}.${claims}`);
      const now = Math.floor(Date.now() / 1000);
      if (
        !publicKey ||
        !signature ||
        !verifier.verify(publicKey, Buffer.from(signature, 'base64url')) ||
        payload.aud !== tokenUrl ||
        !String(payload.scope).includes('https://www.googleapis.com/auth/spreadsheets') ||
        typeof payload.exp !== 'number' ||
        payload.exp < now - 300
      )
        return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
      issued += 1;
      const token = `ya29.fake-${issued}`;
      tokens.set(token, String(payload.iss));
      return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
    }
    const match = /^\/v4\/spreadsheets\/([^/]+)\/values\/(.+?)(:clear)?$/.exec(request.url.pathname);
    if (!match) return googleError(404, 'Not found', 'NOT_FOUND');
    const email = tokens.get((request.headers.authorization ?? '').replace(/^Bearer /, ''));
    if (!email) return googleError(401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED');
    const spreadsheet = spreadsheets.get(decodeURIComponent(match[1]!));
    if (!spreadsheet) return googleError(404, 'Requested entity was not found.', 'NOT_FOUND');
    if (!spreadsheet.editors.includes(email))
      return googleError(403, 'The caller does not have permission', 'PERMISSION_DENIED');
    const range = decodeURIComponent(match[2]!);
    const sheet = sheetOf(range);
    if (!(sheet in spreadsheet.sheets))
      return googleError(400, `Unable to parse range: ${range}`, 'INVALID_ARGUMENT');
    if (match[3] && request.method === 'POST') {
      spreadsheet.sheets[sheet] = [];
      return { status: 200, body: { spreadsheetId: match[1], clearedRange: range } };
    }
    if (request.method !== 'PUT' || request.url.searchParams.get('valueInputOption') !== 'RAW')
      return googleError(400, 'Invalid valueInputOption', 'INVALID_ARGUMENT');
    const { values } = JSON.parse(request.body) as { values: Cell[][] };
    spreadsheet.sheets[sheet] = values;
    const width = Math.max(...values.map((row) => row.length));
    const quoted = /^[A-Za-z0-9_]+$/.test(sheet) ? sheet : `'${sheet.replaceAll("'", "''")}'`;
    return {
      status: 200,
      body: {
        spreadsheetId: match[1],
        updatedRange: `${quoted}!A1:${column(width)}${values.length}`,
        updatedRows: values.length,
        updatedColumns: width,
        updatedCells: values.reduce((sum, row) => sum + row.length, 0),
      },
    };
  });
  tokenUrl = `${server.url}/token`;
  return { url: server.url, tokenUrl, spreadsheets, calls, close: server.close };
}
