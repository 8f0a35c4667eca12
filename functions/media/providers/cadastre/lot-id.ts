// What a lot identifier may look like before it goes near a request (an SQL `where`, a WFS filter): the
// states' own forms and nothing else. NSW "5//DP123456" and "A/3/DP1234" (lot/section/plan), "CP//SP12345";
// Queensland "5RP123456"; Victoria's SPI "1\PS123456" and crown allotments "12~3\PP2345". A quote, a
// bracket or a semicolon is never part of one, so an id carrying one is refused before any request.

const LOT_ID = /^[A-Za-z0-9](?:[A-Za-z0-9/\\~.\- ]{0,62}[A-Za-z0-9])?$/;
const ALLOWED = /[A-Za-z0-9/\\~.\- ]/;

/** Why `lotId` is not a lot identifier, or undefined when it is one. */
export function lotIdProblem(lotId: string): string | undefined {
  if (LOT_ID.test(lotId)) return undefined;
  if (lotId.length === 0) return 'the lot id is empty';
  if (lotId.length > 64) return 'a lot id has at most 64 characters';
  const bad = [...lotId].find((c) => !ALLOWED.test(c));
  if (bad !== undefined)
    return `a lot id has letters, digits and / \\ ~ - . only (such as 5//DP123456 or 5RP123456), not ${JSON.stringify(bad)}`;
  return 'a lot id starts and ends with a letter or digit (such as 5//DP123456 or 5RP123456)';
}
