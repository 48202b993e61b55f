/**
 * camelCase, kebab-case or Header-Case → snake_case (001: parameter names are snake_case; issue 2: wire names
 * are camelCase, everything inside the service is snake_case). `bookingId` → `booking_id`, `X-Api-Key` →
 * `x_api_key`, `HTTPStatus` → `http_status`.
 */
export function snakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();
}

/** `rescheduleBooking` → `Reschedule booking`: the fallback action name when the overlay has none. */
export function humanize(identifier: string): string {
  const words = snakeCase(identifier).split('_').filter(Boolean).join(' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Cuts at a word boundary so the result, with an ellipsis, fits `max` characters. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Collapses YAML folding and indentation into single spaces. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
