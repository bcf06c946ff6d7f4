/** A LIKE/ILIKE pattern for "contains": wildcards in the text are escaped, so "100%" means the characters. */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
