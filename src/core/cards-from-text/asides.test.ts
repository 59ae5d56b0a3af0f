import { describe, expect, it } from 'vitest';
import { analyseProse } from './analysis';
import { attributes, blockBefore, continuesAView, isNewsItem, openingStory } from './asides';
import { generateBuiltinCards } from './builtin-generator';
import { readDocument } from './document';
import { FREQUENCY } from './word-frequency.fixture';

/**
 * What a section says around its subject (issue 23, rounds K and L), with the sections' own
 * sentences (e2e/fixtures/texts/polisci-*.md, OpenStax, CC BY 4.0).
 */
const PARTIES = `# Political Parties

## Learning Outcomes

By the end of this section, you will be able to:

- Define political party.
- Explain the purpose and activities of political parties.

The Scottish National Party (SNP) is Scotland’s largest political party. The SNP supports policies such as expanding government-provided health care and removing Britain’s nuclear submarine program off the shores of Scotland, but it is also increasingly associated with a single focus, Scottish independence from Britain. After winning three consecutive majority terms in Scottish parliament, current SNP leader Nicola Sturgeon has promised a **referendum**, an election in which the voters decide whether to overturn existing law or policy, on Scottish independence in 2023.

## Central Party Activities

Parties are instrumental in identifying potential members, and registering new voters is a key component of their work. The death of George Floyd in early summer of 2020 may have spurred additional Democractic registration throughout several states including Michigan and Minnesota. Political parties, like interest groups and their PACs, raise money for campaigns.
`;

const MARX = `# Marxism

The creation of a just society, according to Marx, thus calls for a radical reordering of society, a revolution. Class distinctions, and hence the conflict between workers and capitalists, must be eliminated. In a just society, government would no longer be needed, as the only real purpose of government is to protect the interests of the capitalists.

A **communitarian** system emphasizes the role the government plays in the lives of citizens. Communitarian systems are grounded in the belief that people need the community and its values to create a cohesive society. Government exists not only to protect rights but also to form a political community to solve public problems. Individuals do not stand apart from society in discrete autonomy; they are part of society and have a role to play in protecting society.
`;

const CIVIL_RIGHTS = `# Civil Rights and Constitutionalism

## Learning Outcomes

By the end of this section, you will be able to:

- Define *civil rights* and distinguish between civil rights and civil liberties.

Civil rights are government guarantees of equal protection under the law, regardless of membership in a group based on a shared characteristic such as race, national origin, ethnicity, sex, gender, age, or ability. The government is tasked with acting to protect members of groups who have been discriminated against because of their group membership alone.
`;

const sources = (content: string) =>
  (['key_concepts', 'standard', 'detailed'] as const).flatMap((strategy) =>
    generateBuiltinCards({ content, strategy, cardTypes: ['qa', 'cloze'] }, FREQUENCY).cards.map(
      (card) => `${card.type}: ${card.sourceQuote}`,
    ),
  );

function storyOf(content: string): string[] {
  const document = readDocument(content);
  const sentences = analyseProse(document);
  const story = openingStory(sentences, (section) => ({
    heading: document.sections[section]?.heading ?? null,
  }));
  return [...story].map((at) => sentences[at]?.text ?? '');
}

describe('asides of a section (issue 23)', () => {
  it('news items: a dated recent event, a guess about one, a leader of the day', () => {
    expect(
      isNewsItem(
        'The death of George Floyd in early summer of 2020 may have spurred additional Democractic registration throughout several states including Michigan and Minnesota.',
      ),
    ).toBe(true);
    expect(
      isNewsItem(
        'However, the gains the party made during the run-up to the election were lost after the Capitol Hill riots on January 6, 2021.',
      ),
    ).toBe(true);
    expect(
      isNewsItem(
        'Though a recent Panelbase poll indicated that support for Scottish independence has cooled.',
      ),
    ).toBe(true);
    // History and facts of the subject are not news.
    expect(isNewsItem('In 1517, Luther posted his Ninety-five Theses.')).toBe(false);
    expect(
      isNewsItem(
        'Political parties, like interest groups and their PACs, raise money for campaigns.',
      ),
    ).toBe(false);
    expect(isNewsItem('The cell may have special mechanisms that ensure transport.')).toBe(false);
  });

  it('the opening story is the opening paragraph’s named things; a definition there stays', () => {
    expect(storyOf(PARTIES)).toEqual([
      'The Scottish National Party (SNP) is Scotland’s largest political party.',
      expect.stringMatching(/^The SNP supports policies/),
      expect.stringMatching(/^After winning three consecutive majority terms/),
    ]);
    expect(storyOf(CIVIL_RIGHTS)).toEqual([]);
    // A text's first paragraph elsewhere is its subject, names and all.
    expect(
      storyOf(
        'Bash is a widely used command language interpreter. It offers functional improvements over the Bourne shell for interactive use.',
      ),
    ).toEqual([]);
  });

  it('a view without who holds it continues the view of the sentence before', () => {
    const sentences = analyseProse(readDocument(MARX));
    const views = sentences
      .filter((sentence, at) => continuesAView(sentence, blockBefore(sentences, at)))
      .map((sentence) => sentence.text.split(' ').slice(0, 3).join(' '));
    expect(views).toEqual([
      'Class distinctions, and',
      'In a just',
      'Government exists not',
      'Individuals do not',
    ]);
  });

  it('no strategy writes a card from the story, the news or an unattributed view', () => {
    const cards = sources(PARTIES);
    // Only the story's marked definition is asked ('What is a referendum?'); nothing else.
    expect(cards.filter((card) => /Scottish|George Floyd/.test(card)).length).toBeGreaterThan(0);
    expect(cards.some((card) => /^cloze: .*(?:Scottish|George Floyd)/.test(card))).toBe(false);
    expect(cards.some((card) => /George Floyd|Scotland’s largest/.test(card))).toBe(false);
    // The marked definition in the story is still asked.
    expect(
      generateBuiltinCards(
        { content: PARTIES, strategy: 'standard', cardTypes: ['qa'] },
        FREQUENCY,
      ).cards.map((card) => card.front),
    ).toContain('What is a referendum?');
    const views = sources(MARX);
    expect(views.some((card) => /must be eliminated|would no longer|stand apart/.test(card))).toBe(
      false,
    );
    expect(sources(CIVIL_RIGHTS).some((card) => /^qa: Civil rights are/.test(card))).toBe(true);
  });
});

describe('who holds a view', () => {
  it('is named: according to Marx, arguing, the belief that; not an inclination', () => {
    expect(
      attributes(
        'The creation of a just society, according to Marx, thus calls for a radical reordering of society, a revolution.',
      ),
    ).toBe(true);
    expect(
      attributes(
        'Communitarians oppose excessive individualism, arguing that it leads people to be selfish or egocentric, which is harmful to a community.',
      ),
    ).toBe(true);
    expect(
      attributes(
        'Man sometimes uses the same arts with his brethren, and when he has no other means of engaging them to act according to his inclinations, endeavours by every servile and fawning attention to obtain their good will.',
      ),
    ).toBe(false);
  });
});
