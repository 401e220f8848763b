/**
 * The words of a text (UTF-16 spans), from the Unicode word segmentation that Node's ICU carries: a
 * dictionary-based segmenter for Japanese, so かすかに reads かすか|に and the カス inside it is part
 * of a longer word. Built in: no dictionary to ship or load (kuromoji's takes ~100 MB of memory per
 * process), and only asked when a whole-word term matched.
 */
const segmenter = new Intl.Segmenter('ja', { granularity: 'word' });

export type Words = [from: number, to: number][];

export function wordsOf(text: string): Words {
  return [...segmenter.segment(text)].map(({ index, segment }) => [index, index + segment.length]);
}

/**
 * Whether a match ending at `to` stops in the middle of a word: the word goes on past it (かす|か,
 * ばか|り, あほ|う, し|ねん). Where it starts matters less: the segmenter often glues a particle
 * before an unknown word (でき|も|い for で＋きもい), so a match that ends where a word ends counts
 * as the word itself, and evasions that split a word up keep being caught.
 */
export function endsInsideWord(words: Words, to: number): boolean {
  return words.some(([s, e]) => s < to && to < e);
}
