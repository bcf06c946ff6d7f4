/** "like new" -> "Like New": categories and conditions are stored lower-case and shown capitalised. */
export function capitalise(value: string): string {
  return value.replace(/\b\w/g, (letter) => letter.toUpperCase());
}
