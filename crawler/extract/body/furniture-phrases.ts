// Phrases that open or make up page furniture ("Related stories", "You may also like", "Read
// more"), shared by the three rules that look for them: a boilerplate line inside the body
// (cleanup.ts, whole line), a furniture block at the body's edges (edges.ts, line start) and a
// teaser box's heading (teasers.ts, whole heading). Each is a regular-expression fragment without
// anchors; a rule adds the forms only it needs.

const RELATED = 'related(?: posts| articles| stories| links| content| coverage)?';
const ALSO_LIKE = 'you (?:may|might|will|could) (?:also )?(?:like|enjoy|love|be interested in|have missed)';
export const RECOMMENDED = 'recommended(?: for you)?';
const READ_MORE = 'read (?:more|next|this next|also)';
const SEE_ALSO = 'see also';
const DONT_MISS = "don'?t miss(?: this)?";
const TRENDING = 'trending(?: now)?';
const FEATURED = 'featured (?:posts?|stories|story|articles?|content|videos?)';
export const FILED = 'filed (?:under|in)|posted (?:in|under)';
export const ADVERT = 'advertisements?|sponsored(?: content)?';

/** The phrases every one of the three rules takes as furniture. */
export const COMMON_FURNITURE = [RELATED, ALSO_LIKE, RECOMMENDED, READ_MORE, SEE_ALSO, DONT_MISS, TRENDING, FEATURED];
