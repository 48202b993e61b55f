import { REPLACES_NOTE } from './note-text.ts';

/**
 * The words that name the seeds' other model-visible flows (issue 16): cancelling a booking, adding or removing a
 * note, sending the confirmation, and the requests the service never does (refunds, deleting, card payments,
 * changes to every booking at once), which get a decline that says so.
 */

/** "cancel RZ-1", "X's party is cancelled", "the booking is off", "scrap the booking". A note's cancel is a removal. */
const CANCEL =
  /\bcancel(?:s|led|ling|lation)?\b|\bscrap\b|\b(?:is|are)\s+off\b|\bcall(?:ed|ing)?\s+off\b|\bcan'?t make it at all\b/i;

/**
 * A cancellation the words turn down: "don't cancel", "do not cancel it", "not cancelled", "no need to cancel". It
 * asks for nothing (and it takes a pending cancellation back rather than repeating it).
 */
const NEGATED_CANCEL =
  /\b(?:don'?t|do not|does not|doesn'?t|not|never|no need to|shouldn'?t|won'?t|without)\s+(?:[a-z']+\s+){0,2}?(?:cancel(?:s|led|ling|lation)?|scrap|call(?:ed|ing)?\s+(?:it\s+)?off)\b/gi;

export function asksCancel(text: string): boolean {
  return CANCEL.test(text.replace(NEGATED_CANCEL, ' ')) && !asksNoteRemoval(text);
}

/** "Remove the cake note", "take the note off", "the balloon note is stale, bin it". */
const NOTE_REMOVAL =
  /\b(?:remove|delete|take|drop|clear|cancel|scrap|wipe|ditch|bin|strike|get rid of)\b[^.?!]*\bnotes?\b|\bnotes?\b[^.?!:]*\b(?:remove|delete|off|wrong|get rid of|ditch|bin it|out of date|outdated|obsolete|no longer (?:needed|applies|relevant|true|right)|(?:not|isn'?t|is not|aren'?t|are not) needed(?: any ?more)?|can (?:go|come off|be (?:removed|deleted|dropped|taken off))|doesn'?t apply)\b/i;

export function asksNoteRemoval(text: string): boolean {
  return NOTE_REMOVAL.test(text);
}

/** "Add a note", "Note on …:", "Flag …", "Remember that …", "let staff know". */
const NOTE =
  /\bnotes?\b|\bflag\b|\bremember\b|\blet (?:the )?(?:staff|team|crew|front desk|hosts?|party hosts?) know\b|\bheads up\b|\bjot\b|\bwrite (?:that|this|it) down\b|\b(?:pop|put|stick|add|log|write) (?:that|this|it) (?:on|in|onto|to|against) (?:the (?:booking|file|reservation)|there)\b/i;

/**
 * A note the message only mentions, as the booking's existing words ("…, whatever the note says", "ignore the notes
 * on there", "the note on file says …"): without a verb that adds one, a mention asks for no note. "Do whatever the
 * note says" is no mention: it hands the request to booking data, and is asked about as before.
 */
const MENTIONS_NOTE =
  /(?<!\b(?:do|doing|follow|action|carry out|just do)\s+)\b(?:whatever|ignore|regardless of|despite|in spite of|no matter what)\s+(?:the|that|this|those|any|their|her|his)\s+notes?\b(?:\s+(?:on|in)\s+(?:there|the (?:booking|file|system)|file|it))?(?:\s+(?:says?|said|reads?|mentions?))?|\b(?:the|that|this|those|existing|old)\s+notes?\s+(?:(?:on|in)\s+(?:there|the (?:booking|file|system)|file|it)\s+)?(?:says|said|reads|mentions)\b/gi;

export function asksNote(text: string): boolean {
  // A replacement ("the note says X, it should say Y") still adds the new words.
  const mentions = REPLACES_NOTE.test(text) ? text : text.replace(MENTIONS_NOTE, ' ');
  const said = mentions.replace(DROPS_NOTE, ' ');
  return NOTE.test(said) && !asksNoteRemoval(said);
}

/** "don't bother with the note", "forget the note", "skip the note": the note is dropped, not asked for. */
export function dropsNote(text: string): boolean {
  return new RegExp(DROPS_NOTE.source, 'i').test(text);
}

const DROPS_NOTE =
  /\b(?:don'?t bother with|do not bother with|forget(?: about)?|skip|never ?mind|no need for|leave out|leave off|drop)\s+(?:the|that|a|this|my)\s+note\b/gi;

export { noteTextOf } from './note-text.ts';

/** "replace the cake note with …", "the coeliac note should say …": the old note goes, the new words are added. */
export function asksNoteReplacement(text: string): boolean {
  return REPLACES_NOTE.test(text);
}

/** "Resend the confirmation", "text him the booking details", "email them the new details". */
const CONFIRMATION =
  /\bconfirmation\b|\b(?:booking|updated|new)\s+details\b|\bre-?send\b|\b(?:text|sms|txt|email|e-mail)\s+(?:him|her|them|the guest|the customer|it)\b/i;

export function asksConfirmation(text: string): boolean {
  return CONFIRMATION.test(text);
}

/** The channel the user named for the confirmation (openapi: email | sms). */
export function channelOf(text: string): 'email' | 'sms' | undefined {
  if (/\b(?:text|texts|sms|txt|mobile|phone)\b/i.test(text)) return 'sms';
  if (/\b(?:e-?mail(?:ed|s)?)\b/i.test(text)) return 'email';
  return undefined;
}

/**
 * Requests the service does not do, whatever the venue: money back or taken, deleting records, card details,
 * and changes to every booking at once. Each names what cannot be done, for the decline (issue 16).
 */
const UNSUPPORTED: ReadonlyArray<[RegExp, string]> = [
  [
    /\brefund\w*\b|\bmoney back\b|\bchargeback\b|\breverse\b[^.?!]*\bpayment\b|\$\s?\d+\s+back\b/i,
    "refunds can't be made here",
  ],
  [
    /(?<!\bnotes?\b[^.?!]*)\b(?:delete|erase|purge)\b(?![^.?!]*\bnote\b)|\bremove\b[^.?!]*\b(?:from the system|record|entirely|completely)\b/i,
    "bookings can't be deleted here (a booking can be cancelled)",
  ],
  [
    /\bcard\s*(?:number|details)\b|\bcharge\b[^.?!]*\bcard\b|\b(?:\d{4}\s?){4}\b/i,
    "card details can't be handled here",
  ],
  [
    /\bdiscount\b|\bcomp\b|\bfree of charge\b|\bdon'?t charge\b|\b\d{1,3}\s?(?:%|percent|per cent)\s*off\b|(?:[$£€]\s?\d+|\b(?:money|price|\d+ (?:dollars|pounds|quid|bucks)))\s+off\b/i,
    "prices and discounts can't be changed here",
  ],
  [
    // "can they switch to our Geelong site", "she'd prefer the party at our Ballarat venue": another venue.
    /\b(?:to|at|across to|over to)\s+(?:our|another|a different|the other|a second)\s+(?:[a-z][\w'-]*\s+){0,2}?(?:site|location|venue|branch|centre|center|store)\b/i,
    "bookings can't be moved to another venue or site here",
  ],
  [
    /\b(?:all|every|everyone|everybody)\b[^.?!]*\b(?:bookings?|party|parties|guests?|booked)\b/i,
    'I change named bookings only, not every booking at once',
  ],
];

const GREETS_ALL =
  /\b(?:hi|hey|hello|morning|afternoon|evening|thanks|thank you|cheers|ta|you(?:'re| are)?)\s+all\b(?:\s+well)?/gi;

/** Why the request cannot be done here, if it asks for something the service never does. */
export function unsupportedIn(text: string): string | undefined {
  // "Morning all", "hope you're all well": a greeting to the team, not every booking.
  const said = text.replace(GREETS_ALL, ' ');
  return UNSUPPORTED.find(([pattern]) => pattern.test(said))?.[1];
}
