// The demo's site config: the three topics read the sample web's topic-site feeds and the magazine's section feeds.
import type { UserConfig } from '../../../crawler/config/index.ts';

export function demoConfig(web: { resolve: Record<string, string> }): UserConfig {
  return {
    site: {
      title: 'Gleaner Demo',
      url: 'http://localhost:4321',
      description: 'Space, climate and software articles gathered from a small sample web by Gleaner.',
      language: 'en',
      author: 'Gleaner',
    },
    topics: [
      {
        slug: 'space',
        name: 'Space',
        description: 'Planets, probes, telescopes and the night sky.',
        keywords: ['mars', 'telescope', 'exoplanet', 'orbit', 'spacecraft', 'astronomy'],
        sources: [
          'http://orbitalnotes.test/feed.xml',
          'http://orbitalnotes.test/atom.xml',
          'http://dailyparallax.test/section/space/feed.xml',
        ],
      },
      {
        slug: 'climate',
        name: 'Climate',
        description: 'Climate science, energy and the grid.',
        keywords: ['climate', 'emissions', 'solar', 'wind power', 'heat pumps', 'grid'],
        sources: ['http://greenledger.test/feed.xml', 'http://dailyparallax.test/section/climate/feed.xml'],
      },
      {
        slug: 'software',
        name: 'Software',
        description: 'Building, testing and running software.',
        keywords: ['databases', 'testing', 'observability', 'code review', 'performance', 'caching'],
        sources: ['http://bytesmith.test/feed.xml', 'http://dailyparallax.test/section/software/feed.xml'],
      },
    ],
    publish: { perTopicPerRun: 200 },
    quality: { minWords: 300 },
    crawl: {
      resolve: { ...web.resolve },
      privateHosts: Object.keys(web.resolve),
      perHostDelayMs: 20,
    },
  };
}
