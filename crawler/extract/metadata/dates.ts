// Dates as pages write them, normalised to ISO 8601 without moving them between timezones:
// "2012-07-24T00:11:00-04:00" stays at -04:00, a date with no zone stays zoneless, a bare day
// stays a bare day ("2012-07-24"). Anything that is not a real calendar date becomes null.

const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, mar: 3, apr: 4, may: 5, jun: 6, jul: 7, aug: 8, sep: 9, sept: 9, oct: 10, nov: 11, dec: 12,
};
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';
// Offsets of zone abbreviations that are unambiguous in English-language pages.
const ZONES: Record<string, string> = {
  z: 'Z', utc: 'Z', gmt: 'Z', ut: 'Z',
  est: '-05:00', edt: '-04:00', cst: '-06:00', cdt: '-05:00', mst: '-07:00', mdt: '-06:00', pst: '-08:00', pdt: '-07:00',
  akst: '-09:00', akdt: '-08:00', hst: '-10:00', bst: '+01:00', cet: '+01:00', cest: '+02:00', eet: '+02:00', eest: '+03:00',
  wet: 'Z', west: '+01:00', jst: '+09:00', kst: '+09:00', aest: '+10:00', aedt: '+11:00', nzst: '+12:00', nzdt: '+13:00',
};
const ZONE = '(z|utc|gmt|ut|[ecmp][sd]t|ak[sd]t|hst|bst|cest?|eest?|west?|[jk]st|aed?t|aest|nz[sd]t|[+-]\\d{2}(?::?\\d{2})?)';

const ISO = new RegExp(
  `^(\\d{4})-(\\d{2})-(\\d{2})(?:[t\\s]+(\\d{2}):(\\d{2})(?::(\\d{2})(?:[.,]\\d+)?)?)?\\s*${ZONE}?$`,
  'i',
);
const COMPACT = /^(\d{4})(\d{2})(\d{2})(?:t?(\d{2})(\d{2})(\d{2})?)?(z)?$/i;
const SLASHED_YMD = /\b(\d{4})[/.](\d{1,2})[/.](\d{1,2})\b/;
const SLASHED_MDY = /\b(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})\b/;
const DAY_MONTH_YEAR = new RegExp(`\\b(\\d{1,2})(?:st|nd|rd|th)?(?:\\s+of)?[\\s.-]+${MONTH}\\.?,?[\\s.-]+(\\d{4})\\b`, 'i');
const MONTH_DAY_YEAR = new RegExp(`\\b${MONTH}\\.?[\\s.-]+(\\d{1,2})(?:st|nd|rd|th)?,?[\\s.-]+(\\d{4})\\b`, 'i');
const TIME = new RegExp(`^[\\s,@]*(?:at\\s+|-\\s*|\\|\\s*)?(\\d{1,2})[:.](\\d{2})(?::(\\d{2}))?\\s*([ap]\\.?m\\.?)?(?:\\s*\\(?${ZONE}\\)?)?`, 'i');

interface Parts {
  year: number;
  month: number;
  day: number;
  hour?: number;
  minute?: number;
  second?: number;
  zone?: string;
}

export function normalizeDate(input: string | null | undefined): string | null {
  if (!input) return null;
  const value = input.replace(/\s+/g, ' ').trim().slice(0, 200);
  if (!value) return null;
  const parts = parseParts(value);
  return parts ? format(parts) : null;
}

function parseParts(value: string): Parts | null {
  let m = ISO.exec(value);
  if (m) return withTime({ year: +m[1], month: +m[2], day: +m[3] }, m[4], m[5], m[6], undefined, m[7]);
  m = COMPACT.exec(value);
  if (m) return withTime({ year: +m[1], month: +m[2], day: +m[3] }, m[4], m[5], m[6], undefined, m[7]);
  m = SLASHED_YMD.exec(value);
  if (m) return withTrailingTime({ year: +m[1], month: +m[2], day: +m[3] }, value.slice(m.index + m[0].length));
  m = SLASHED_MDY.exec(value);
  if (m) {
    // Month first (US) unless the first number cannot be a month.
    const [a, b] = [+m[1], +m[2]];
    const [month, day] = a > 12 ? [b, a] : [a, b];
    return withTrailingTime({ year: +m[3], month, day }, value.slice(m.index + m[0].length));
  }
  m = DAY_MONTH_YEAR.exec(value);
  if (m) return withTrailingTime({ year: +m[3], month: monthNumber(m[2]), day: +m[1] }, value.slice(m.index + m[0].length));
  m = MONTH_DAY_YEAR.exec(value);
  if (m) return withTrailingTime({ year: +m[3], month: monthNumber(m[1]), day: +m[2] }, value.slice(m.index + m[0].length));
  return null;
}

function monthNumber(name: string): number {
  return MONTHS[name.slice(0, 3).toLowerCase()] ?? 0;
}

function withTrailingTime(date: Parts, rest: string): Parts | null {
  const t = TIME.exec(rest);
  if (!t) {
    // "Tue, 24 Jul 2012 GMT" style zones without a time carry no information worth keeping.
    return date;
  }
  return withTime(date, t[1], t[2], t[3], t[4], t[5]);
}

function withTime(date: Parts, h?: string, min?: string, s?: string, meridiem?: string, zone?: string): Parts | null {
  if (h === undefined || min === undefined) return date;
  let hour = +h;
  if (meridiem) {
    if (hour < 1 || hour > 12) return null;
    const pm = meridiem.toLowerCase().startsWith('p');
    hour = (hour % 12) + (pm ? 12 : 0);
  }
  return { ...date, hour, minute: +min, second: s === undefined ? 0 : +s, zone: zone ? zoneOffset(zone) ?? undefined : undefined };
}

function zoneOffset(zone: string): string | null {
  const named = ZONES[zone.toLowerCase()];
  if (named) return named;
  const m = /^([+-])(\d{2}):?(\d{2})?$/.exec(zone);
  if (!m) return null;
  if (+m[2] > 14 || +(m[3] ?? 0) > 59) return null;
  const offset = `${m[1]}${m[2]}:${m[3] ?? '00'}`;
  return offset === '+00:00' || offset === '-00:00' ? '+00:00' : offset;
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function format(p: Parts): string | null {
  if (p.year < 1800 || p.year > 2200 || p.month < 1 || p.month > 12 || p.day < 1 || p.day > daysIn(p.year, p.month)) return null;
  const day = `${pad(p.year, 4)}-${pad(p.month)}-${pad(p.day)}`;
  if (p.hour === undefined) return day;
  if (p.hour > 23 || (p.minute ?? 0) > 59 || (p.second ?? 0) > 59) return null;
  return `${day}T${pad(p.hour)}:${pad(p.minute ?? 0)}:${pad(p.second ?? 0)}${p.zone ?? ''}`;
}

/** "/2012/07/24/slug" style paths: the day a post was published, when nothing else says. */
export function dateFromUrl(url: string): string | null {
  const m = /\/((?:19|20)\d{2})[/-](0?[1-9]|1[0-2])[/-](0?[1-9]|[12]\d|3[01])(?:[/-]|$)/.exec(safePath(url));
  return m ? normalizeDate(`${m[1]}-${pad(+m[2])}-${pad(+m[3])}`) : null;
}

function safePath(url: string): string {
  try {
    return new URL(url).pathname;
  } catch {
    return '';
  }
}
