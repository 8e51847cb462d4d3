/** Words that only database or runtime internals would put in an answer: no error body may contain them. */
export const LEAK =
  /postgres|pglite|sqlstate|syntax error|relation "|column "|violates|invalid byte sequence|out of range for type|\bat [\w.<>]+ \(|node:internal|kysely/i;
