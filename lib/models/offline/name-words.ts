/** Capitalised words that are not guest names. */
export const NOT_NAMES = new Set(
  'I Hi Hey What Who Where When How Why Let It That There Here Please Can Could Would Will Move Moving Reschedule Shift Push Postpone Change Update Set Make Add Remove The A An Actually And Also But Email Phone Mobile Today Tomorrow Tonight Next This That On At For To Thanks Thank OK Ok Yes No It Its Their Booking Party Reservation BK Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December Mon Tue Tues Wed Thu Thur Thurs Fri Sat Sun Jan Feb Mar Apr Jun Jul Aug Sep Sept Oct Nov Dec Cancel Text Send Resend Note Flag Remember Delete Remove Take Scrap Book Put Give Charge Comp Swap Mr Mrs Ms Miss Dr New SMS Okay Wait Hold Sorry Hang Stop Nah Nope Ignore Keep Leave Confirm Customer Guest Group Family Lot Pls Sure Just Both Is Are Has Have Was Do Does Did Should Tell Reverse Process Permanently Erase Hiya Kia Ora Morena'.split(
    ' ',
  ),
);
/** A capitalised word with at least one lower-case letter ("O'Brien" yes, "BK" no). */
export const NAME = "[A-Z](?:'[A-Z])?[a-z][a-zA-Z'-]*";

/**
 * "dana's is fine", "the Smith one is ok": a booking the message says needs no change, so it names no target
 * (the operator is switching to another booking).
 */
export const SETTLED_BOOKING =
  /(?:\bthe\s+)?[\p{L}][\p{L}'’-]*(?:\s+[\p{L}][\p{L}'’-]*)?(?:['’]s|\s+one)\s+(?:is|was|'s)\s+(?:fine|ok|okay|good|right|correct|alright)\b/giu;
