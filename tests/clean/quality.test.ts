import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkQuality, cleanText } from '../../crawler/clean/index.ts';
import { countWords } from '../../crawler/text/index.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/quality/${name}.txt`, import.meta.url), 'utf8');
const MIN = { minWords: 300 };

describe('checkQuality', () => {
  it('accepts real articles, including one that mentions "sign in" and one about CAPTCHAs', () => {
    expect(checkQuality({ title: 'Building a solar garden shed', text: fixture('solar-shed') }, MIN)).toEqual({ ok: true });
    expect(checkQuality({ title: 'The strange history of the CAPTCHA', text: fixture('captcha-article') }, MIN)).toEqual({ ok: true });
    expect(checkQuality({ title: 'How to sign in to a shed: solar power', text: fixture('solar-shed') }, MIN)).toEqual({ ok: true });
  });

  it('rejects noise bodies: cookie walls, login forms, JavaScript walls, 404 pages', () => {
    const title = 'Example site';
    for (const name of ['cookie-wall', 'login-page', 'javascript-required', 'not-found']) {
      const verdict = checkQuality({ title, text: fixture(name) }, MIN);
      expect(verdict, name).toMatchObject({ ok: false, reason: 'noise_body' });
    }
  });

  it('accepts prose that uses error words in passing', () => {
    const text = fixture('solar-shed').replace(
      'Wiring came next.',
      'Wiring came next. The first error was ours: the controller said the battery was not found. The manual said the setting does not exist any more, and the error went away after an update.',
    );
    expect(checkQuality({ title: 'Building a solar garden shed', text }, MIN)).toEqual({ ok: true });
  });

  it('rejects an article cut off by a paywall', () => {
    const verdict = checkQuality({ title: 'Building a solar garden shed', text: fixture('paywall-teaser') }, MIN);
    expect(verdict).toEqual({ ok: false, reason: 'noise_body', detail: 'the text ends at a wall ("subscribe to continue reading")' });
  });

  it('rejects noise titles but not titles that merely contain a noise word', () => {
    const text = fixture('solar-shed');
    for (const title of ['Page not found – Garden Blog', 'Sign in', 'Just a moment...', 'Access Denied', 'Error 404: Page not found', 'Attention Required! | Cloudflare', '404', '']) {
      expect(checkQuality({ title, text }, MIN), title).toMatchObject({ ok: false, reason: 'noise_title' });
    }
    for (const title of ['Why our shed needed a login screen for the solar controller', 'Solar panels: not found wanting']) {
      expect(checkQuality({ title, text }, MIN).ok, title).toBe(true);
    }
  });

  it('rejects texts shorter than minWords and reports the count', () => {
    const text = fixture('solar-shed').split('\n\n').slice(0, 2).join('\n\n');
    expect(checkQuality({ title: 'Solar shed', text }, MIN)).toEqual({ ok: false, reason: 'too_short', detail: `${countWords(text)} words, fewer than 300` });
    expect(checkQuality({ title: 'Solar shed', text }, { minWords: 50 }).ok).toBe(true);
  });

  it('rejects texts longer than maxWords: a dump, not an article', () => {
    const text = fixture('solar-shed');
    const words = countWords(text);
    expect(checkQuality({ title: 'Solar shed', text }, { minWords: 10, maxWords: words - 1 })).toEqual({ ok: false, reason: 'too_long', detail: `${words} words, more than ${words - 1}` });
    expect(checkQuality({ title: 'Solar shed', text }, { minWords: 10, maxWords: words }).ok).toBe(true);
  });

  it('rejects a body that does not start like prose, allowing quotes, dashes, currency and emoji', () => {
    const body = fixture('solar-shed');
    for (const start of ['} ', '| Home | About | ', '<div> ', '= ', '; ', ', and then ', '* ']) {
      expect(checkQuality({ title: 'Solar shed', text: start + body }, MIN), start).toMatchObject({ ok: false, reason: 'bad_start' });
    }
    for (const start of ['“', '"', '« ', '¿', '— ', '…', '$700 later: ', '#1 ', '🎉 ', '👍🏽 ', '.NET aside, ', '(Updated) ', '1. ']) {
      expect(checkQuality({ title: 'Solar shed', text: start + body }, MIN).ok, start).toBe(true);
    }
  });

  it('rejects a body that never mentions any significant word of the title', () => {
    expect(checkQuality({ title: 'Quarterly earnings beat expectations', text: fixture('solar-shed') }, MIN)).toEqual({
      ok: false,
      reason: 'title_not_in_body',
      detail: "none of the title's words (Quarterly, earnings, beat, expectations) appear in the text",
    });
    // stems match: "Panels" ~ "panel"; stopwords alone never count
    expect(checkQuality({ title: 'Panels!', text: fixture('solar-shed') }, MIN).ok).toBe(true);
    expect(checkQuality({ title: 'The best of all', text: fixture('solar-shed') }, MIN).ok).toBe(true);
  });

  it('rejects text with nothing meaningful left after cleaning', () => {
    for (const text of ['', '   \n\n  ', '!!!!!!!!!! ?????? ------', '[[[[ ]]]] (((( )))) {}{}{}', '12345 67890 ... 42']) {
      expect(checkQuality({ title: 'Solar shed', text }, MIN), JSON.stringify(text)).toMatchObject({ ok: false, reason: 'empty_after_clean' });
    }
  });

  it('counts words of languages written without spaces', () => {
    const zh = '太阳能电池板安装在花园小屋的屋顶上。'.repeat(30);
    expect(countWords(zh)).toBeGreaterThan(100);
    expect(checkQuality({ title: '花园小屋的太阳能', text: zh }, { minWords: 100 })).toEqual({ ok: true });
  });
});

describe('cleanText', () => {
  it('collapses repeated characters, bracket runs and whitespace', () => {
    expect(cleanText('Wow!!!!!!  Sooooo   good.....\n\n\n\nNext ------ part')).toBe('Wow! Sooo good...\n\nNext - part');
    expect(cleanText('Before [[[ ]]] ((( ))) after ( ) and [] but keep foo() and [1]')).toBe('Before after and but keep foo() and [1]');
    expect(cleanText('zero\u200Bwidth soft\u00ADhyphen\u0007bell\r\nline')).toBe('zerowidth softhyphenbell\nline');
    expect(cleanText('🎉🎉🎉🎉🎉 party')).toBe('🎉 party');
  });
});
