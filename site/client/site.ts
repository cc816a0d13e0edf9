import { loadPagefind } from './pagefind.ts';

// The only script on every page: the theme toggle and search suggestions. Reading never needs it.

const root = document.documentElement;
const dark = window.matchMedia('(prefers-color-scheme: dark)');

function currentTheme(): 'light' | 'dark' {
  const chosen = root.dataset.theme;
  if (chosen === 'light' || chosen === 'dark') return chosen;
  return dark.matches ? 'dark' : 'light';
}

for (const button of document.querySelectorAll<HTMLButtonElement>('.theme-toggle')) {
  const sync = () => button.setAttribute('aria-pressed', String(currentTheme() === 'dark'));
  sync();
  dark.addEventListener('change', sync);
  button.addEventListener('click', () => {
    const next = currentTheme() === 'dark' ? 'light' : 'dark';
    root.dataset.theme = next;
    try {
      localStorage.setItem('theme', next);
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    sync();
  });
}

function setupSuggestions(form: HTMLFormElement): void {
  const input = form.querySelector<HTMLInputElement>('input[type="search"]');
  const list = form.querySelector<HTMLUListElement>('.suggest');
  const bundle = form.dataset.pagefind;
  if (!input || !list || !bundle) return;
  let generation = 0;

  const close = () => {
    list.hidden = true;
    list.replaceChildren();
    delete list.dataset.query;
  };
  const links = () => [...list.querySelectorAll<HTMLAnchorElement>('a')];

  input.addEventListener('focus', () => void loadPagefind(bundle).catch(() => undefined), { once: true });
  // The query runs once typing pauses: Pagefind's own debounced search would preload index
  // chunks for every prefix typed on the way.
  let typing: ReturnType<typeof setTimeout> | undefined;
  input.addEventListener('input', () => {
    clearTimeout(typing);
    const mine = ++generation;
    if (input.value.trim().length < 2) return close();
    typing = setTimeout(() => void suggest(mine), 180);
  });
  const suggest = async (mine: number) => {
    const term = input.value.trim();
    try {
      const pagefind = await loadPagefind(bundle);
      const search = await pagefind.search(term, {});
      if (mine !== generation) return;
      const data = await Promise.all(search.results.slice(0, 6).map((r) => r.data()));
      if (mine !== generation) return;
      if (data.length === 0) return close();
      list.replaceChildren(
        ...data.map((d) => {
          const li = document.createElement('li');
          const a = document.createElement('a');
          a.href = d.url;
          a.textContent = d.meta.title ?? d.url;
          if (d.meta.date) {
            const small = document.createElement('small');
            small.textContent = d.meta.date;
            a.append(small);
          }
          li.append(a);
          return li;
        }),
      );
      list.hidden = false;
      // Which query the list answers (a pause in typing shows a prefix's suggestions first).
      list.dataset.query = term;
    } catch {
      close();
    }
  };
  input.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowDown' && !list.hidden) {
      event.preventDefault();
      links()[0]?.focus();
    } else if (event.key === 'Escape') close();
  });
  list.addEventListener('keydown', (event) => {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      all[Math.min(index + 1, all.length - 1)]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (index <= 0) input.focus();
      else all[index - 1].focus();
    } else if (event.key === 'Escape') {
      close();
      input.focus();
    }
  });
  form.addEventListener('focusout', (event) => {
    if (!form.contains(event.relatedTarget as Node | null)) close();
  });
}

for (const form of document.querySelectorAll<HTMLFormElement>('form.search-box')) setupSuggestions(form);

// Times on cards read as news: within two days of the reader's clock, "3 h ago" (the absolute time
// the page was built with stays in the title). Without this script the page shows that absolute time.
const AGO_LIMIT_MS = 48 * 3_600_000;
const relative = new Intl.RelativeTimeFormat(document.documentElement.lang || undefined, { numeric: 'auto', style: 'short' });

function agoText(thenMs: number, nowMs: number): string | null {
  const ms = nowMs - thenMs;
  if (!(ms >= 0) || ms > AGO_LIMIT_MS) return null;
  const minutes = Math.round(ms / 60_000);
  if (minutes < 60) return relative.format(-Math.max(1, minutes), 'minute');
  return relative.format(-Math.round(minutes / 60), 'hour');
}

function updateTimes(): void {
  const now = Date.now();
  for (const el of document.querySelectorAll<HTMLTimeElement>('time[data-ago]')) {
    el.dataset.built ??= el.textContent ?? '';
    const text = agoText(Date.parse(el.dateTime), now);
    el.textContent = text ?? el.dataset.built;
    if (text) el.title ||= el.dataset.built;
  }
}

updateTimes();
setInterval(updateTimes, 60_000);
