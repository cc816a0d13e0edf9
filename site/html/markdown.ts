import { createSatteriMarkdownProcessor } from '@astrojs/markdown-satteri';

// Markdown → HTML exactly as the site renders article bodies: Astro's own processor (Sätteri)
// with the options of astro.config.mjs (GFM and smart punctuation on, no syntax highlighting,
// since Shiki writes style attributes a strict CSP forbids). Raw HTML in the Markdown passes
// through, which is why served-html.ts comes after it.

type Renderer = Awaited<ReturnType<typeof createSatteriMarkdownProcessor>>;

export const MARKDOWN_OPTIONS = { syntaxHighlight: false } as const;

const renderers = new Map<boolean, Promise<Renderer>>();

export interface RenderOptions {
  /** Curly quotes and dashes, as the site renders them (default true); tests of structure turn it off. */
  smartPunctuation?: boolean;
}

export async function renderMarkdown(markdown: string, options: RenderOptions = {}): Promise<string> {
  const smart = options.smartPunctuation ?? true;
  let renderer = renderers.get(smart);
  if (!renderer) renderers.set(smart, (renderer = createSatteriMarkdownProcessor({ ...MARKDOWN_OPTIONS, smartypants: smart })));
  return (await (await renderer).render(markdown)).code;
}
