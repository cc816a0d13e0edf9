import { describe, expect, it } from 'vitest';
import { extractPage } from '../../crawler/extract/index.ts';
import { areCloseSiblings } from '../../crawler/extract/metadata/lang.ts';
import { fixture, page, URL_BASE } from './helpers.ts';

const GERMAN = [
  'Die neue Schleuse am Fluss wurde am Montag nach drei Jahren Bauzeit eröffnet. Zum ersten Mal seit dem Ausfall der alten Tore können wieder Lastkähne das Wehr passieren.',
  'Schon vor Sonnenaufgang warteten die Schiffer in einer langen Reihe. Das erste Boot brachte Getreide zur Mühle flussaufwärts, so wie es auch im Jahr 1911 gewesen war.',
  'Die Ingenieure erklärten, dass die Tore jedes Frühjahr geprüft werden und dass die Steuerung jede Öffnung aufzeichnet, damit Fehler schnell gefunden werden können.',
];
const SPANISH = [
  'La nueva esclusa del río se abrió el lunes después de tres años de obras, y por primera vez desde que fallaron las compuertas antiguas las barcazas pudieron pasar la presa sin esperar.',
  'Los patrones hicieron cola desde antes del amanecer. El primer barco llevaba grano al molino río arriba, igual que el primer barco que cruzó la vieja esclusa en el año mil novecientos once.',
  'Los ingenieros explicaron que las compuertas se revisarán cada primavera y que el sistema de control registra cada apertura, para que los fallos se puedan localizar con rapidez y repararse.',
  'Según el ayuntamiento, la obra costó menos de lo previsto y el peaje no subirá este año. Los vecinos celebraron la apertura con una comida popular en la orilla, junto al antiguo almacén del puerto.',
];

describe('language', () => {
  it('takes <html lang> and normalises its form', () => {
    expect(extractPage(page({ htmlAttrs: ' lang="de"', paragraphs: GERMAN }), URL_BASE).lang).toBe('de');
    expect(extractPage(page({ htmlAttrs: ' lang="en_us"' }), URL_BASE).lang).toBe('en-US');
    expect(extractPage(page({ htmlAttrs: ' xml:lang="zh-hant-tw"' }), URL_BASE).lang).toBe('zh-Hant-TW');
  });

  it('takes the content-language meta when <html> has no lang', () => {
    const head = '<meta http-equiv="Content-Language" content="de-AT">';
    expect(extractPage(page({ htmlAttrs: '', head, paragraphs: GERMAN }), URL_BASE).lang).toBe('de-AT');
  });

  it('detects the language from the text when the page declares none', () => {
    expect(extractPage(page({ htmlAttrs: '', paragraphs: GERMAN }), URL_BASE).lang).toBe('de');
    expect(extractPage(page({ htmlAttrs: '', paragraphs: SPANISH }), URL_BASE).lang).toBe('es');
    expect(extractPage(page({ htmlAttrs: '' }), URL_BASE).lang).toBe('en');
  });

  it('trusts a long text over a template that hard-codes another language', () => {
    expect(extractPage(page({ htmlAttrs: ' lang="en-US"', paragraphs: SPANISH }), URL_BASE).lang).toBe('es');
  });

  it('ignores invalid declarations and falls back to defaultLang when nothing is known', () => {
    expect(extractPage(page({ htmlAttrs: ' lang="not a language"', paragraphs: GERMAN }), URL_BASE).lang).toBe('de');
    const empty = '<html><head><title>Nothing</title></head><body><nav><a href="/">Home</a></nav></body></html>';
    expect(extractPage(empty, URL_BASE).lang).toBeNull();
    expect(extractPage(empty, URL_BASE, { defaultLang: 'en' }).lang).toBe('en');
  });

  // Detectors confuse close sibling languages (eld has no Indonesian at all and reads it as Malay):
  // a page's declaration is the better guess then.
  it('keeps a declared language when detection returns a close sibling (id-ID read as ms)', () => {
    const result = extractPage(fixture('indonesian-news.html'), 'https://kabarkota.example/2024/05/jembatan-baru');
    expect(result.wordCount).toBeGreaterThanOrEqual(100);
    expect(result.lang).toBe('id-ID');
  });

  it('treats ms/id, no/nb/nn, hr/sr/bs and cs/sk as close siblings, and unrelated languages not', () => {
    for (const [a, b] of [['id-ID', 'ms'], ['nb-NO', 'no'], ['nn', 'nb'], ['sr-Latn', 'hr'], ['bs', 'hr'], ['sk-SK', 'cs']]) {
      expect(areCloseSiblings(a, b), `${a} ~ ${b}`).toBe(true);
    }
    for (const [a, b] of [['en-US', 'es'], ['cs', 'pl'], ['id', 'en'], ['pt-BR', 'es']]) {
      expect(areCloseSiblings(a, b), `${a} !~ ${b}`).toBe(false);
    }
  });
});
