import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkContent, cleanContent, CONTENT_MESSAGES, readingTimeMinutes } from './check';
import { chunkContent } from './chunking';
import {
  cardCountRange,
  estimateGenerationSeconds,
  estimateSecondsFor,
  requestedCardTypesFor,
  STRATEGY_RANGES,
} from './estimates';

describe('content check (SPEC §5)', () => {
  it('refuses empty content and warns in the spec words', () => {
    expect(checkContent('  \n ')).toMatchObject({ valid: false, errors: ['Content is empty'] });
    expect(checkContent('Short text.').warnings).toEqual([
      'Content is very short - may not generate meaningful flashcards',
      'Content has very few words - may not generate many flashcards',
    ]);
    expect(checkContent('x '.repeat(60_000)).warnings).toContain(
      'Content is very long - processing may take longer',
    );
    const page =
      'Error 404 Not Found. Access Denied: this page is Forbidden for your account here.';
    expect(checkContent(page).warnings).toEqual([
      CONTENT_MESSAGES.errorMessages,
      CONTENT_MESSAGES.accessRestriction,
    ]);
    const fine = 'The quick brown fox jumps over the lazy dog near the quiet river bank today.';
    expect(checkContent(fine)).toMatchObject({ valid: true, warnings: [], wordCount: 15 });
  });

  it('estimates reading time at 200 words a minute, rounded up', () => {
    expect(readingTimeMinutes(0)).toBe(0);
    expect(readingTimeMinutes(1)).toBe(1);
    expect(readingTimeMinutes(200)).toBe(1);
    expect(readingTimeMinutes(201)).toBe(2);
  });
});

describe('content cleanup (SPEC §5)', () => {
  it('strips boilerplate, collapses punctuation, spaces and blank lines', () => {
    const dirty = [
      'We use cookies to improve your experience. Accept all cookies',
      'Photosynthesis   is\tamazing!!!   Really???  Yes.....',
      '',
      '',
      '',
      'Subscribe to our newsletter for weekly tips.',
      'Advertisement',
      'Plants need light. Read our Privacy Policy here.',
    ].join('\n');
    expect(cleanContent(dirty)).toBe(
      'Photosynthesis is amazing! Really? Yes...\n\nPlants need light.',
    );
  });

  it('keeps ordinary text as it is', () => {
    const text = 'Cells divide by mitosis.\n\nMeiosis makes gametes.';
    expect(cleanContent(text)).toBe(text);
  });
});

describe('strategies and estimates (SPEC §9)', () => {
  it.each([
    [100, 'key_concepts', 30],
    [100, 'standard', 36],
    [100, 'detailed', 45],
    [1001, 'key_concepts', 45],
    [2001, 'standard', 72],
    [5001, 'detailed', 135],
    [5001, 'key_concepts', 90],
  ] as const)('%i words, %s: %i seconds', (words, strategy, seconds) => {
    expect(estimateGenerationSeconds(words, strategy)).toBe(seconds);
  });

  it('scales the card range to the content, within the strategy', () => {
    expect(cardCountRange('standard', 1000)).toEqual(STRATEGY_RANGES.standard);
    expect(cardCountRange('key_concepts', 1000)).toEqual({ min: 3, max: 8 });
    expect(cardCountRange('detailed', 1000)).toEqual({ min: 10, max: 25 });
    expect(cardCountRange('detailed', 6000).max).toBe(45);
    expect(cardCountRange('standard', 40)).toEqual({ min: 4, max: 4 });
    expect(cardCountRange('standard', 3)).toEqual({ min: 1, max: 1 });
  });

  it('maps the Card Type choice to the requested types', () => {
    expect(requestedCardTypesFor('both')).toEqual(['qa', 'cloze']);
    expect(requestedCardTypesFor('cloze')).toEqual(['cloze']);
  });
});

describe('chunking on sections and paragraph boundaries', () => {
  const texts = (content: string, max: number) =>
    chunkContent(content, max).map((chunk) => chunk.text);

  it('keeps paragraphs whole when they fit', () => {
    expect(texts('One two.\n\nThree four.\n\nFive.', 21)).toEqual([
      'One two.\n\nThree four.',
      'Five.',
    ]);
  });

  it('starts a chunk at a heading rather than inside a section, each carrying its heading', () => {
    const intro = 'Cells are the units of life. Every organism is made of cells.';
    const membrane = 'The membrane\nencloses the cell. It lets some molecules through.';
    const nucleus = 'The nucleus holds the DNA. It is wrapped in a double membrane.';
    const content = `${intro}\n\n# The cell membrane\n${membrane}\n\n${nucleus}`;
    // The intro and the heading with its first paragraph would fit in 150 characters: the
    // chunk ends before the heading instead, and the section (148 characters) stays whole.
    expect(chunkContent(content, 150)).toEqual([
      { text: intro, heading: null, continues: false },
      {
        text: `# The cell membrane\n\n${membrane}\n\n${nucleus}`,
        heading: 'The cell membrane',
        continues: false,
      },
    ]);
    // Whole sections go together while they fit.
    expect(chunkContent(content, 1000)).toHaveLength(1);
    // A section too long for one chunk is cut on paragraphs; its chunks carry its heading.
    const long = `## Organelles\n\n${intro}\n\n${nucleus}\n\n${intro}`;
    expect(chunkContent(long, 100)).toEqual([
      { text: `## Organelles\n\n${intro}`, heading: 'Organelles', continues: false },
      { text: nucleus, heading: 'Organelles', continues: true },
      { text: intro, heading: 'Organelles', continues: true },
    ]);
  });

  it('gives each chunk the path of its section (issue 22 §3)', () => {
    const fact = 'Chlorophyll absorbs red and blue light, and reflects the green.';
    const content = [
      '# Photosynthesis',
      '## Light reactions',
      fact,
      '### Photosystem II',
      fact,
      'Electron transport',
      fact,
      '## Calvin cycle',
      fact,
    ].join('\n\n');
    expect(chunkContent(content, 100).map((chunk) => chunk.heading)).toEqual([
      'Photosynthesis',
      'Photosynthesis › Light reactions',
      'Photosynthesis › Light reactions › Photosystem II',
      'Photosynthesis › Light reactions › Photosystem II › Electron transport',
      'Photosynthesis › Calvin cycle',
    ]);
  });

  it('reads only short unpunctuated lines standing alone as titles', () => {
    const headings = (content: string) => chunkContent(content, 36).map((chunk) => chunk.heading);
    expect(headings('Plant cells\n\nThey have walls made of cellulose.')).toEqual([
      'Plant cells',
      'Plant cells',
    ]);
    // A sentence, a list item, a line of a paragraph and the last line are not titles.
    expect(headings('It ends here.\n\nThey have walls of cellulose.')).toEqual([null, null]);
    expect(headings('- apples\n\nThey have walls of cellulose.')).toEqual([null, null]);
    expect(headings('Plant cells\nhave walls\n\nMade of cellulose.')).toEqual([null, null]);
    expect(headings('They have walls of cellulose.\n\nThe end')).toEqual([null, null]);
  });

  it('property: no text lost, order kept, every chunk within the limit', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.oneof(
            fc.lorem({ maxCount: 40, mode: 'sentences' }),
            fc.lorem({ maxCount: 4 }),
            fc.lorem({ maxCount: 4 }).map((words) => `## ${words}`),
          ),
          { minLength: 1, maxLength: 12 },
        ),
        fc.integer({ min: 20, max: 400 }),
        (paragraphs, max) => {
          const content = paragraphs.join('\n\n');
          const chunks = texts(content, max);
          const squash = (text: string) => text.replace(/\s+/g, '');
          expect(squash(chunks.join(''))).toBe(squash(content));
          for (const chunk of chunks) expect(chunk.length).toBeLessThanOrEqual(max);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe('the generation estimate of the generator that runs', () => {
  it("is the spec's formula for a language model, seconds for the built-in generator", () => {
    expect(estimateSecondsFor('llm', 1200, 'standard')).toBe(
      estimateGenerationSeconds(1200, 'standard'),
    );
    expect(estimateSecondsFor('llm', 1200, 'standard')).toBe(54);
    expect(estimateSecondsFor('builtin', 300, 'standard')).toBe(2);
    expect(estimateSecondsFor('builtin', 15_000, 'detailed')).toBe(10);
  });
});
