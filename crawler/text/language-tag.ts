/** A language tag's primary subtag, lower case ("id-ID", "pt_BR" → "id", "pt"); English when there is none. */
export function primaryLanguage(lang: string | null | undefined): string {
  return (lang ?? 'en').toLowerCase().split(/[-_]/)[0] || 'en';
}
