import { isbot } from 'isbot';

/** User agents already judged; a site's visitors share a few hundred, so the cache stays small. */
const BOT_VERDICTS_KEPT = 1000;
const botVerdicts = new Map<string, boolean>();

/**
 * An obvious bot: no user agent at all, or one the `isbot` list knows — crawlers, previewers,
 * monitors, HTTP libraries and headless browsers (docs/decisions/0402). Verdicts are remembered
 * because the list is one large pattern and the same few agents send almost every event.
 */
export function isBotUserAgent(userAgent: string | undefined | null): boolean {
  if (!userAgent) return true;
  let verdict = botVerdicts.get(userAgent);
  if (verdict === undefined) {
    verdict = isbot(userAgent);
    if (botVerdicts.size >= BOT_VERDICTS_KEPT) botVerdicts.clear();
    botVerdicts.set(userAgent, verdict);
  }
  return verdict;
}
