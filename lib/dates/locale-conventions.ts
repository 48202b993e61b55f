/** How a venue's locale writes and counts dates. */
export interface LocaleConventions {
  /** dmy: 3/4 is 3 April (en-AU, en-GB, fr-FR); mdy: March 4 (en-US). */
  dayOrder: 'dmy' | 'mdy';
  /** First day of the week, luxon numbering (1 = Monday, 7 = Sunday). */
  weekStart: number;
  /** ISO 3166 region: decides which named days exist (Boxing Day, Thanksgiving…). */
  country: string;
  /** Primary language subtag, e.g. "en" or "fr". */
  language: string;
}

/** Regions that write month first (CLDR short date pattern M/d). */
const MONTH_FIRST = new Set(['US', 'PH', 'FM', 'MH', 'PW', 'AS', 'GU', 'MP', 'PR', 'UM', 'VI']);
/** Regions whose week starts on Sunday, for runtimes without Intl.Locale week info (CLDR firstDay = sun). */
const SUNDAY_START = new Set(['US', 'CA', 'JP', 'IL', 'BR', 'MX', 'PH', 'IN', 'ZA', 'KR', 'TW', 'HK']);

interface WeekInfoLocale {
  getWeekInfo?: () => { firstDay: number };
  weekInfo?: { firstDay: number };
}

/**
 * The conventions of a BCP-47 locale. Day order and week start come from the region (CLDR); a locale without a
 * region takes its language's main one (fr → FR, en → AU, the service's home market).
 */
export function localeConventions(locale: string): LocaleConventions {
  const parsed = safeLocale(locale);
  const language = parsed?.language ?? 'en';
  const country = parsed?.region ?? (language === 'fr' ? 'FR' : 'AU');
  const withRegion = safeLocale(`${language}-${country}`) as (Intl.Locale & WeekInfoLocale) | undefined;
  const info = withRegion?.getWeekInfo?.() ?? withRegion?.weekInfo;
  return {
    dayOrder: MONTH_FIRST.has(country) ? 'mdy' : 'dmy',
    weekStart: info?.firstDay ?? (SUNDAY_START.has(country) ? 7 : 1),
    country,
    language,
  };
}

function safeLocale(tag: string): Intl.Locale | undefined {
  try {
    return new Intl.Locale(tag);
  } catch {
    return undefined;
  }
}
