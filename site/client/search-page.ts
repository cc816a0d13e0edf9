import { loadPagefind, renderExcerpt, type PagefindResult, type PagefindSearchOptions } from './pagefind.ts';

// The /search/ page: full results with topic and tag filters, state kept in the URL
// (?q=&topic=&tag=) so a search can be shared and the header box can submit to it.
//
// Light on the network (bench:site and bench:longevity measure it): nothing is fetched before the
// first query (the tag list is in the page, not read from the index's filters), the query runs
// once typing pauses (Pagefind's own debounced search preloads index chunks for every prefix
// typed), results come ten at a time (each needs its fragment), and older search shards are
// loaded only when the reader asks for them ("Search older articles").

const form = document.querySelector<HTMLFormElement>('#search-form');
const status = document.querySelector<HTMLElement>('#search-status');
const results = document.querySelector<HTMLOListElement>('#search-results');
const more = document.querySelector<HTMLButtonElement>('#search-more');
const PAGE = 10;
const TYPING_PAUSE_MS = 200;

if (form && status && results && more && form.dataset.pagefind) {
  const bundle = form.dataset.pagefind;
  const q = form.elements.namedItem('q') as HTMLInputElement;
  const topic = form.elements.namedItem('topic') as HTMLSelectElement;
  const tag = form.elements.namedItem('tag') as HTMLSelectElement;
  const params = new URLSearchParams(location.search);
  q.value = params.get('q') ?? '';
  let generation = 0;
  let pending: PagefindResult[] = [];
  let shown = new Set<string>();
  /** The card each story has on the page: a later result of the story joins it as another telling. */
  let storyCards = new Map<string, HTMLLIElement>();
  let query: { term: string | null; options: PagefindSearchOptions } | null = null;
  let searchedAll = true;

  const ensureOption = (select: HTMLSelectElement, value: string) => {
    if (value && ![...select.options].some((o) => o.value === value)) select.add(new Option(value, value));
    select.value = value;
  };
  ensureOption(topic, params.get('topic') ?? '');
  ensureOption(tag, params.get('tag') ?? '');

  const showMore = async (mine: number) => {
    const batch = pending.splice(0, PAGE);
    const data = await Promise.all(batch.map((r) => r.data()));
    if (mine !== generation) return;
    for (const r of batch) shown.add(r.id);
    for (const d of data) {
      const card = d.meta.story ? storyCards.get(d.meta.story) : undefined;
      if (card) {
        addTelling(card, d);
        continue;
      }
      // The same card as the site's lists (ArticleCard.astro): title, source · date · topic, excerpt, thumbnail.
      const li = document.createElement('li');
      if (d.meta.story) storyCards.set(d.meta.story, li);
      li.className = 'card';
      const h2 = document.createElement('h2');
      const a = document.createElement('a');
      a.href = d.url;
      a.textContent = d.meta.title ?? d.url;
      h2.append(a);
      li.append(h2);
      const meta = document.createElement('p');
      meta.className = 'meta';
      // SourceLabel.astro: the source's local icon and name, linking to its page.
      const source = document.createElement(d.meta.sourcePage ? 'a' : 'span');
      source.className = 'source';
      if (source instanceof HTMLAnchorElement) source.href = d.meta.sourcePage!;
      if (d.meta.sourceIcon) {
        const icon = document.createElement('img');
        Object.assign(icon, { src: d.meta.sourceIcon, width: 16, height: 16, alt: '', loading: 'lazy', decoding: 'async' });
        source.append(icon);
      }
      source.append(d.meta.source ?? '');
      const time = document.createElement('time');
      if (d.meta.datetime) time.dateTime = d.meta.datetime;
      time.textContent = d.meta.date ?? '';
      meta.append(source, ' · ', time);
      if (d.filters.topic?.[0]) meta.append(` · ${d.filters.topic[0]}`);
      li.append(meta);
      const excerpt = document.createElement('p');
      excerpt.className = 'summary';
      renderExcerpt(excerpt, d.excerpt);
      li.append(excerpt);
      if (d.meta.image) {
        const img = document.createElement('img');
        img.className = 'thumb';
        img.src = d.meta.image;
        img.alt = '';
        img.loading = 'lazy';
        img.decoding = 'async';
        li.append(img);
      }
      results.append(li);
    }
    more.hidden = pending.length === 0 && searchedAll;
    more.textContent = pending.length === 0 ? 'Search older articles' : 'More results';
  };

  const describe = (n: number, searched: number, total: number, complete: boolean) => {
    const found = n === 0 ? 'No articles found' : `${n} article${n === 1 ? '' : 's'} found`;
    return complete ? `${found}.` : `${found} in the newest ${searched.toLocaleString('en')} of ${total.toLocaleString('en')} articles.`;
  };

  const showMoreOrOlder = async (mine: number) => {
    if (pending.length > 0 || !query) return showMore(mine);
    const search = await loadPagefind(bundle);
    await search.more();
    const found = await search.search(query.term, query.options);
    if (mine !== generation) return;
    pending = found.results.filter((r) => !shown.has(r.id));
    searchedAll = found.complete;
    status.textContent = describe(found.results.length, found.searched, found.total, found.complete);
    await showMore(mine);
  };

  const run = async () => {
    const mine = ++generation;
    const term = q.value.trim();
    const filters: Record<string, string> = {};
    if (topic.value) filters.topic = topic.value;
    if (tag.value) filters.tag = tag.value;
    const next = new URLSearchParams();
    if (term) next.set('q', term);
    if (topic.value) next.set('topic', topic.value);
    if (tag.value) next.set('tag', tag.value);
    history.replaceState(null, '', next.size ? `?${next}` : location.pathname);
    results.replaceChildren();
    more.hidden = true;
    if (!term && !Object.keys(filters).length) {
      status.textContent = 'Type a few words, or pick a topic or tag.';
      return;
    }
    status.textContent = 'Searching…';
    let found;
    query = { term: term || null, options: term ? { filters } : { filters, sort: { date: 'desc' } } };
    try {
      const search = await loadPagefind(bundle);
      found = await search.search(query.term, query.options);
    } catch {
      if (mine === generation) status.textContent = 'Search is not available right now.';
      return;
    }
    if (!found || mine !== generation) return;
    pending = found.results.slice();
    shown = new Set();
    storyCards = new Map();
    searchedAll = found.complete;
    status.textContent = describe(pending.length, found.searched, found.total, found.complete);
    await showMore(mine);
  };

  let typing: ReturnType<typeof setTimeout> | undefined;
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    clearTimeout(typing);
    void run();
  });
  q.addEventListener('input', () => {
    clearTimeout(typing);
    typing = setTimeout(() => void run(), TYPING_PAUSE_MS);
  });
  topic.addEventListener('change', () => void run());
  tag.addEventListener('change', () => void run());
  more.addEventListener('click', () => void showMoreOrOlder(generation));
  void run();
}

/** Another outlet's telling of a story already on the page, under its card (StoryTellings.astro): source, its own headline, time. */
function addTelling(card: HTMLLIElement, d: { url: string; meta: Record<string, string | undefined> }): void {
  let list = card.querySelector<HTMLUListElement>('.tellings ul');
  if (!list) {
    const box = document.createElement('div');
    box.className = 'tellings';
    list = document.createElement('ul');
    box.append(list);
    const summary = card.querySelector('.summary');
    if (summary) summary.after(box);
    else card.append(box);
  }
  const li = document.createElement('li');
  const source = document.createElement('span');
  source.className = 'source';
  source.textContent = d.meta.source ?? '';
  const a = document.createElement('a');
  a.href = d.url;
  a.textContent = d.meta.title ?? d.url;
  const time = document.createElement('time');
  time.className = 'meta';
  if (d.meta.datetime) time.dateTime = d.meta.datetime;
  time.textContent = d.meta.date ?? '';
  li.append(source, ': ', a, ' ', time);
  list.append(li);
}
