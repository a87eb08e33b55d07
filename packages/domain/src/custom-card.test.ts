import { describe, expect, it } from 'vitest';
import { customCardProblems, customCardTexts } from './custom-card.ts';

const good = {
  enabled: true,
  cardTitle: 'Building amenities',
  cardText: 'Book the rooftop.',
  buttonCaption: 'Book',
  buttonUrl: 'https://example.test/book',
  imageUrl: '/images/custom-card-amenities.svg',
};

describe('customCardProblems (spec 2 §3 customCard)', () => {
  it('finds nothing wrong with a good card, a card without button or image, or none', () => {
    expect(customCardProblems(good)).toEqual([]);
    expect(customCardProblems({ enabled: true, cardTitle: 'Notice' })).toEqual([]);
    expect(customCardProblems(null)).toEqual([]);
  });

  it.each([
    [{ buttonUrl: 'javascript:alert(1)' }, 'buttonUrl', 'notWebAddress'],
    [{ buttonUrl: 'ftp://example.test' }, 'buttonUrl', 'notWebAddress'],
    [{ imageUrl: 'https://tracker.example.test/pixel.gif' }, 'imageUrl', 'notOwnImage'],
    [{ cardTitle: ' ' }, 'cardTitle', 'required'],
    [{ buttonCaption: '' }, 'buttonCaption', 'required'],
    [{ cardTitle: 'x'.repeat(81) }, 'cardTitle', 'tooLong'],
    [{ cardText: 'x'.repeat(501) }, 'cardText', 'tooLong'],
  ])('refuses %j (%s: %s)', (over, field, problem) => {
    expect(customCardProblems({ ...good, ...over })).toEqual([{ field, problem }]);
  });

  it('lets a switched-off card go without a title', () => {
    expect(customCardProblems({ enabled: false })).toEqual([]);
  });
});

describe('customCardTexts (issue 23: English and French)', () => {
  const bilingual = { ...good, cardTitleFr: 'Commodités', cardTextFr: '', buttonCaptionFr: 'Réserver' };
  it.each([
    ['en', bilingual, { cardTitle: 'Building amenities', cardText: 'Book the rooftop.', buttonCaption: 'Book' }],
    // each French text on its own: an empty one falls back to the English
    ['fr', bilingual, { cardTitle: 'Commodités', cardText: 'Book the rooftop.', buttonCaption: 'Réserver' }],
    // a card written before issue 23 (English only) reads the same in French
    ['fr', good, { cardTitle: 'Building amenities', cardText: 'Book the rooftop.', buttonCaption: 'Book' }],
  ] as const)('%s %j', (lang, card, texts) => {
    expect(customCardTexts(card, lang)).toEqual(texts);
  });
});
