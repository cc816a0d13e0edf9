import { Parser } from 'htmlparser2';

// Whether a page's static HTML is an application shell: the markup a single-page app sends
// before its scripts build the page (React's #root, Vue's #app, Next's #__next, Angular's
// <app-root>…). Such a page yields no article until it is rendered; a page that merely holds no
// article (a home page of links, a contact form) has text of its own and is not one.

export interface ShellVerdict {
  shell: boolean;
  /** Why, for the crawl's log. */
  why: string;
}

/** Mount points of the common frameworks, empty in the static HTML. */
const MOUNT_IDS = new Set(['root', 'app', '__next', '__nuxt', '___gatsby', 'svelte', 'main-app', 'application']);
const MOUNT_TAGS = new Set(['app-root']);
const SKIPPED = new Set(['script', 'style', 'noscript', 'template', 'head', 'title', 'svg']);

/** Visible words in a static page below which it counts as empty (a cookie notice, a "loading…"). */
export const SHELL_MAX_WORDS = 80;
/** Scripts (inline or not) that, with little text and no mount point, still make a page a shell. */
export const SHELL_MIN_SCRIPTS = 3;

/**
 * Markup nested deeper than this is no application shell. The check stops there: the parser's
 * work grows with the square of the depth (100,000 nested elements took seconds).
 */
export const SHELL_MAX_DEPTH = 1000;

export function looksLikeAppShell(html: string): ShellVerdict {
  let words = 0;
  let scripts = 0;
  let skipped = 0;
  let emptyMount: string | null = null;
  let tooDeep = false;
  // Open elements; the open mount points among them count the words seen inside them.
  const open: Array<{ mount: string | null; words: number }> = [];
  const mounts: Array<{ mount: string | null; words: number }> = [];
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (open.length >= SHELL_MAX_DEPTH) {
          tooDeep = true;
          parser.pause();
          return;
        }
        if (name === 'script') {
          const type = (attribs.type ?? '').toLowerCase();
          if (type === '' || type === 'module' || type.includes('javascript')) scripts++;
        }
        if (SKIPPED.has(name)) skipped++;
        const mount = MOUNT_IDS.has(attribs.id ?? '') ? `#${attribs.id}` : MOUNT_TAGS.has(name) ? `<${name}>` : null;
        const el = { mount, words: 0 };
        open.push(el);
        if (mount) mounts.push(el);
      },
      ontext(text) {
        if (skipped > 0) return;
        const n = text.split(/\s+/).filter(Boolean).length;
        words += n;
        for (const el of mounts) el.words += n;
      },
      onclosetag(name) {
        const el = open.pop();
        if (SKIPPED.has(name)) skipped--;
        if (!el?.mount) return;
        mounts.pop();
        if (el.words === 0) emptyMount ??= el.mount;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  if (tooDeep) return { shell: false, why: `markup nested deeper than ${SHELL_MAX_DEPTH} levels` };
  parser.end();
  if (words > SHELL_MAX_WORDS) return { shell: false, why: `${words} words of text` };
  if (scripts === 0) return { shell: false, why: 'no scripts' };
  if (emptyMount) return { shell: true, why: `empty ${emptyMount}, ${words} words, ${scripts} script(s)` };
  if (scripts >= SHELL_MIN_SCRIPTS) return { shell: true, why: `${words} words, ${scripts} scripts` };
  return { shell: false, why: `${words} words, ${scripts} script(s), no empty mount point` };
}
