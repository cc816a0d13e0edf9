// Hand-written bodies for the trap pages. The draft is a full article, so that only robots.txt keeps it out.
import { renderMarkdown } from './markdown.ts';

export const SHORT_NOTE = {
  slug: 'briefing-substation-fault-power-restored',
  title: 'Briefing: Power Restored After Substation Fault',
  author: 'Newsdesk',
  summary: 'A short update on this morning’s outage.',
  tags: ['grid', 'briefing'],
  bodyHtml: renderMarkdown(
    'Power has been restored to all customers affected by this morning’s substation fault, the regional grid operator said shortly after noon. ' +
      'About 14,000 homes lost supply for up to three hours. The operator said the fault was not linked to high demand or to the weather, and that a full report will follow next week.\n\n' +
      'We will update this briefing if more details emerge.',
  ),
};

export const LOGIN_WALL = {
  slug: 'inside-the-race-to-build-europes-biggest-heat-pump-factory',
  title: 'Inside the Race to Build Europe’s Biggest Heat Pump Factory',
  author: 'Helena Marsh',
  summary: 'Orders are booming, subsidies are shifting and a small town is betting its future on one enormous production line.',
  tags: ['heat pumps', 'manufacturing', 'europe'],
  bodyHtml: renderMarkdown(
    'The first thing you notice about the new hall is the noise that is not there. Fourteen months ago this field outside the town was pasture; today it holds a production line designed to turn out a finished heat pump every forty seconds, and on a quiet Tuesday in spring the only sound is the hum of the ventilation and the occasional beep of a forklift reversing.\n\n' +
      'The company behind it has staked almost everything on the bet that Europe’s boiler market is about to flip, and that whoever can build heat pumps cheaply and at scale will win the decade.',
  ),
};

export const DRAFT = {
  slug: 'structured-logging-without-the-ceremony',
  title: 'Draft: Structured Logging Without the Ceremony',
  author: 'Tomás Lindqvist',
  summary: 'Work in progress: how to get most of the value of structured logs with a few habits and no new platform.',
  tags: ['logging', 'observability', 'draft'],
  bodyHtml: renderMarkdown(`Most teams adopt structured logging the hard way. Someone reads a blog post about observability, a platform gets chosen, a migration plan is written, and six months later half the services emit JSON and the other half still print sentences. The value of structured logs does not depend on any of that machinery. It depends on a handful of habits that you can start practising this afternoon in whatever logger you already have.

## Log events, not prose

A log line should describe one thing that happened, with a stable name and the facts attached as fields. Instead of writing that a user could not be charged because their card expired, record an event called \`payment.declined\` with the user id, the amount, the provider and the decline code as separate values. The sentence was written for a human reading one line at a time; the event is written for the human who will later need to count, filter and group a million of them.

## Keep the names boring

Pick a convention for event names and field names and never be clever about it. Lowercase, dots between the nouns, the same spelling of \`user_id\` everywhere. A field that is called \`userId\` in one service and \`uid\` in another is a query that silently misses half the data. Write the conventions down in a page that fits on one screen, and review new log statements against it the way you review new public functions.

## Attach context once

The request id, the tenant and the deployment version belong on every line, but nobody should have to type them. Most loggers support a child logger or a context object: create it at the edge of the request and pass it down. When a field appears on every line without effort, engineers stop being tempted to leave it out.

## Decide what you will never log

Secrets, tokens, full card numbers and personal data do not belong in logs, and the easiest way to keep them out is an allowlist of fields rather than a blocklist of patterns. Redaction that relies on regular expressions finds the leaks you imagined and misses the ones you did not.

## What is still missing

This draft still needs a section on sampling, an example of turning a noisy debug stream into metrics, and a worked migration of one real service. Comments welcome before it goes out.`),
};

export const REPORT_PDF = {
  slug: 'state-of-the-grid-2026',
  title: 'Report: State of the Grid 2026 (PDF)',
  author: 'The Green Ledger Data Desk',
  summary: 'Our annual data report on generation, storage and transmission, as a downloadable PDF.',
  tags: ['grid', 'data', 'report'],
  lines: ['Generation mix, storage and transmission: annual data report.', 'Prepared by The Green Ledger data desk.', 'Sample document for the Gleaner demo.'],
};

export const MISSING_STORY = {
  slug: 'offshore-wind-auction-clears-at-record-low-price',
  title: 'Offshore Wind Auction Clears at Record Low Price',
  author: 'Samuel Adeyemi',
  summary: 'The latest round drew eleven bidders and cleared well below analysts’ expectations.',
  tags: ['offshore wind', 'auctions'],
};
