// HTTP dates (RFC 9110 §5.6.7) only: IMF-fixdate, RFC 850 and asctime all start with a day name.
// Date.parse alone is far too lenient: it reads "2030", "1.5" and "-5" as dates.
const HTTP_DATE = /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)[a-z]*,?\s/i;

/** Epoch ms, or null when the text is not an HTTP date. */
export function parseHttpDate(text: string | null | undefined): number | null {
  if (!text) return null;
  const trimmed = text.trim();
  if (!HTTP_DATE.test(trimmed)) return null;
  // asctime ("Sun Jun  1 12:00:10 2025") names no zone; HTTP dates are always GMT.
  const ms = Date.parse(/\d{4}$/.test(trimmed) ? `${trimmed} GMT` : trimmed);
  return Number.isNaN(ms) ? null : ms;
}
