import { defineConfig } from './crawler/config/index.ts';

// The one file a fork edits. Every section below `topics` is optional: delete what you
// don't need and the defaults (documented in crawler/config/schema.ts) apply.

export default defineConfig({
  site: {
    title: 'Gleaner',
    url: 'https://gleaner.example.org',
    description: 'The best new writing on space, climate and software, gathered every hour.',
    language: 'en',
    author: 'Gleaner',
    canonical: 'self',
    legal: {
      owner: 'The Gleaner maintainers',
      email: 'hello@gleaner.example.org',
      dmcaEmail: 'dmca@gleaner.example.org',
      jurisdiction: 'the Netherlands',
    },
  },

  topics: [
    {
      slug: 'space',
      name: 'Space',
      description: 'Planetary science, astronomy and spaceflight.',
      keywords: ['astronomy', 'spaceflight', 'exoplanets'],
      sources: ['https://www.nasa.gov/feed/', 'https://www.esa.int/rssfeed/Our_Activities/Space_Science'],
    },
    {
      slug: 'climate',
      name: 'Climate',
      description: 'Climate science, energy and the transition.',
      keywords: ['climate change', 'renewable energy', 'heat pumps'],
      sources: ['https://www.carbonbrief.org/feed/'],
    },
    {
      slug: 'software',
      name: 'Software',
      description: 'Software engineering, tools and practice.',
      keywords: ['software engineering', 'databases', 'testing'],
      sources: ['https://github.blog/feed/', { kind: 'site', url: 'https://jvns.ca/' }],
    },
  ],

  publish: {
    perTopicPerRun: 10,
    pageSize: 10,
  },

  crawl: {
    userAgent: 'GleanerBot/0.1 (+https://gleaner.example.org/about/)',
  },
});
