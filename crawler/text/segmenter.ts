// ICU's segmenters, made once: building one costs far more than using it.

const segmenters = new Map<string, Intl.Segmenter>();

/** The word segmenter for `lang` ("und" when the language does not matter). */
export function wordSegmenter(lang = 'und'): Intl.Segmenter {
  let segmenter = segmenters.get(lang);
  if (!segmenter) segmenters.set(lang, (segmenter = new Intl.Segmenter(lang, { granularity: 'word' })));
  return segmenter;
}

const sentences = new Intl.Segmenter('und', { granularity: 'sentence' });

/** ICU's sentence segmenter (language-independent rules). */
export function sentenceSegmenter(): Intl.Segmenter {
  return sentences;
}
