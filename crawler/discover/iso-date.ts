/** A date as the sources write it (RFC 822, ISO 8601, W3C datetime) → ISO 8601 UTC; null when absent or unreadable. */
export function isoDate(value: unknown): string | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
