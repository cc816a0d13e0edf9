import { PLACEHOLDER_OWNER, type Config } from './schema.ts';
import type { ConfigProblem } from '../errors.ts';

// A published site names who runs it and where takedown notices go (the about, terms and DMCA
// pages). The schema cannot refuse the defaults (the demo and tests build with them), so the
// publishing build (scripts/build.ts) asks this: pure, config in, problems out.

/** Domains reserved for examples and tests (RFC 2606, RFC 6761): no one reads mail sent there. */
const RESERVED = /(?:^|\.)(?:example\.(?:com|net|org)|example|test|invalid|localhost)$/i;

function domainOf(address: string): string {
  return address.slice(address.lastIndexOf('@') + 1).trim().replace(/\.$/, '');
}

/** An address no one can answer: not an address at all, or at a reserved example domain. */
export function isPlaceholderAddress(address: string): boolean {
  const at = address.lastIndexOf('@');
  return at < 1 || at === address.length - 1 || RESERVED.test(domainOf(address));
}

/** What a site still carries of the placeholders the default config and `npm run new-site` write; [] when it is ready to publish. */
export function placeholderProblems(config: Config): ConfigProblem[] {
  const { legal } = config.site;
  const problems: ConfigProblem[] = [];
  const owner = legal.owner.trim();
  if (!owner || owner === PLACEHOLDER_OWNER) {
    problems.push({
      field: 'site.legal.owner',
      problem: owner ? `is still the placeholder "${PLACEHOLDER_OWNER}": name the person or organisation that runs the site (the about, terms and DMCA pages show it)` : 'is empty: name the person or organisation that runs the site',
      example: `owner: 'Orbit Weekly Ltd'`,
    });
  }
  for (const field of ['email', 'dmcaEmail'] as const) {
    const value = legal[field].trim();
    if (value && isPlaceholderAddress(value)) {
      problems.push({
        field: `site.legal.${field}`,
        problem: `"${value}" is ${value.includes('@') ? 'at a reserved example domain, where no one reads mail' : 'not an email address'}: use an address you read`,
        example: `${field}: 'legal@your-domain.com'`,
      });
    }
  }
  if (!legal.email.trim() && !legal.dmcaEmail.trim()) {
    problems.push({
      field: 'site.legal.dmcaEmail',
      problem: 'is missing (and so is site.legal.email): the DMCA page needs an address where rights holders send takedown notices',
      example: `dmcaEmail: 'takedown@your-domain.com'`,
    });
  }
  return problems;
}
