/**
 * An operator's sign-off at the end of a message ("…. Cheers, Mia", "thanks - Tom B", "Regards, Priya"): a closing
 * word, then one or two words of a name and nothing else. The name is the operator's, never a guest's, so the
 * offline model reads the message without it (a guest of that name must not become a second booking to change).
 */
const SIGN_OFF =
  /(?:^|[.!?,;]\s*|\s[-–—]\s*|\s)(?:cheers|thanks|thank you|thanks so much|thank you so much|thx|ta|regards|kind regards|best regards|many thanks|appreciate it|much appreciated|appreciated)\b(?:\s*[,.!:\-–—]+\s*|\s+)[A-Za-z][A-Za-z'’-]*(?:\s+[A-Za-z][A-Za-z'’-]*\.?)?\s*[.!]?\s*$/i;

const CLOSING =
  /\b(?:cheers|thanks|thank you|thx|ta|regards|kind regards|best regards|many thanks|appreciate it|much appreciated|appreciated)\b/i;

export function withoutSignOff(text: string): string {
  const m = SIGN_OFF.exec(text);
  if (!m) return text;
  // The closing word itself stays: a courtesy other readers already ignore ("…, thanks").
  const closing = CLOSING.exec(m[0]);
  return closing ? `${text.slice(0, m.index)}${m[0].slice(0, closing.index + closing[0].length)}` : text;
}
