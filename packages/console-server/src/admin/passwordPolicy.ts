import { isCommonPassword } from '../auth/commonPasswords.js';

/**
 * The rules every password set by a person meets (ASVS 6.2): the API (admin create/reset, change my password),
 * the CLI and the first-start administrator's CONSOLE_ADMIN_PASSWORD.
 */
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

export const PASSWORD_MESSAGES = {
  tooShort: `Use at least ${PASSWORD_MIN_LENGTH} characters.`,
  tooLong: `Use at most ${PASSWORD_MAX_LENGTH} characters.`,
  containsUsername:
    'The password must not contain the username: it is the first thing someone guessing would try.',
  common:
    'This password is one of the 10,000 most used passwords, which attackers try first. Choose one that is not a common word, name or keyboard pattern.',
  blank: 'The password must not be only spaces.',
  sameAsOld: 'The new password must differ from the current one.',
  wrongOld: 'The current password is not correct.',
} as const;

/**
 * The problems with a candidate password, as messages for the form (empty when it is acceptable). The username
 * check ignores case, so "Budi.Santoso2024" is refused for the user "budi.santoso".
 *
 * @example passwordProblems('short', 'budi') // ['Use at least 10 characters.']
 */
export function passwordProblems(password: string, username: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_MESSAGES.tooLong);
  if (password.length > 0 && password.trim() === '') problems.push(PASSWORD_MESSAGES.blank);
  const name = username.trim().toLowerCase();
  if (name.length > 0 && password.toLowerCase().includes(name))
    problems.push(PASSWORD_MESSAGES.containsUsername);
  // A too-short password is already refused: one reason to fix at a time.
  if (
    password.length >= PASSWORD_MIN_LENGTH &&
    (isCommonPassword(password) || isCommonPassword(password.trim()))
  )
    problems.push(PASSWORD_MESSAGES.common);
  return problems;
}
