import type { Answers } from './answers.ts';

/**
 * The legal fields new-site fills in without asking: which, with what, and where to change them,
 * so the owner does not publish under the site's title or send takedown notices somewhere by surprise.
 */
export function filledIn(answers: Answers): string {
  const rows: Array<[string, string, string]> = [['site.legal.owner', answers.title, "the site's title; the footer and the legal pages name it as who runs the site (your name or your organisation's)"]];
  if (answers.email) {
    rows.push(
      ['site.legal.email', answers.email, 'your contact address; the about and privacy pages show it'],
      ['site.legal.dmcaEmail', answers.email, 'your contact address; the DMCA page sends takedown notices there (it can be another)'],
    );
  }
  const width = Math.max(...rows.map(([field]) => field.length));
  const lines = rows.map(([field, value, why]) => `  ${field.padEnd(width)}  ${JSON.stringify(value)}: ${why}`);
  return `Filled in for you; change them in site.config.ts:\n${lines.join('\n')}`;
}

/** The secrets and variables to set, and what happens next. */
export function nextSteps(answers: Answers, options: { schedule: string | null }): string {
  const host = (() => {
    try {
      return new URL(answers.url).hostname;
    } catch {
      return 'your-site';
    }
  })();
  const contact = answers.email
    ? ''
    : `0. Set site.legal.email (or dmcaEmail) in site.config.ts: npm run build refuses a site with no
   address for takedown notices.

`;
  return `Next steps

${contact}1. Commit and push:
     git add -A && git commit -m "New site: ${answers.title.replace(/"/g, "'")}" && git push

2. In your fork on GitHub, Settings → Secrets and variables → Actions, add these repository secrets:
     S3_BUCKET               the bucket that serves the site, e.g. ${host}
     S3_REGION               its region, e.g. eu-west-1 ("auto" for Cloudflare R2)
     AWS_ACCESS_KEY_ID       an access key allowed to list, put and delete objects in that bucket
     AWS_SECRET_ACCESS_KEY   its secret
   Optional (secrets or variables):
     S3_ENDPOINT             for S3-compatible stores (R2, Backblaze B2, MinIO…)
     S3_PREFIX               deploy under a folder of the bucket, e.g. site/
     S3_FORCE_PATH_STYLE     true for stores that need path-style URLs (MinIO)
     CLOUDFRONT_DISTRIBUTION_ID   invalidate changed pages after each deploy
   Without the secrets, every run still crawls, commits and builds, and keeps the site as a
   downloadable artifact of the run.

3. Actions tab: enable workflows for the fork (GitHub disables them in new forks), then run
   "crawl" by hand for the first time. After that it runs on its own${options.schedule ? ` (cron "${options.schedule}", UTC)` : ''}.
`;
}
