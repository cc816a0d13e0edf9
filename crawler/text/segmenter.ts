// ICU's word segmenters, one per language, made once: building one costs far more than using it.

const segmenters = new Map<string, Intl.Segmenter>();

/** The word segmenter for `lang` ("und" when the language does not matter). */
export function wordSegmenter(lang = 'und'): Intl.Segmenter {
  let segmenter = segmenters.get(lang);
  if (!segmenter) segmenters.set(lang, (segmenter = new Intl.Segmenter(lang, { granularity: 'word' })));
  return segmenter;
}
