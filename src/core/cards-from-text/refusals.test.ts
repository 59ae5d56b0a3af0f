import { describe, expect, it } from 'vitest';
import { analyseProse } from './analysis';
import { sharesRoot } from './card-checks';
import { clozeOf } from './cloze-cards';
import { NOT_A_TERM, withoutFigureRefs } from './form-helpers';
import { readDocument } from './document';
import { whenQuestion } from './fact-questions';
import { postprocessCards } from './postprocess';
import { answerComplete, questionParses } from './question-parse';
import { isTrivialAnswer } from './quality';
import { questionsFor } from './questions';
import { isExample, standsAlone, withoutConnective } from './standalone';

/**
 * The failure patterns of issue 23's hand grading, each refused, with the study texts' own
 * sentences (../shared/data/texts/study, OpenStax, CC BY 4.0).
 */
function tokensOf(text: string) {
  const [sentence] = analyseProse(readDocument(text));
  if (!sentence) throw new Error('no sentence');
  return sentence.tokens;
}
const asked = (text: string) =>
  questionsFor(text, tokensOf(text)).map((question) => `${question.front} → ${question.back}`);

describe('refusals (issue 23)', () => {
  it('garbled questions fail the parse check; real ones pass it', () => {
    expect(questionParses('When did Penicillin lead?')).toBe(false);
    expect(questionParses('What were in France where its adherents called?')).toBe(false);
    expect(questionParses('What did Other Anabaptist movements include?')).toBe(false);
    expect(questionParses('When did Mount Vesuvius erupt?')).toBe(true);
    expect(questionParses('What are the three basic steps of hemostasis?')).toBe(true);
    expect(
      questionParses(
        'What is it called when a portion of a thrombus breaks free from the vessel wall and enters the circulation?',
      ),
    ).toBe(true);
  });

  it("'Penicillin, discovered in 1941, led to …' asks when penicillin was discovered", () => {
    const text =
      'Penicillin, discovered in 1941, led to a dramatic decline in deaths from infection.';
    expect(whenQuestion(text, tokensOf(text))?.front).toBe('When was penicillin discovered?');
  });

  it("an answer is never cut at a list's ', and' or at a colon", () => {
    const thrombus =
      'A thrombus is a collection of fibrin, platelets, and erythrocytes that has accumulated along the lining of a blood vessel, whereas an embolus is a thrombus that has broken free from the vessel wall and is circulating in the bloodstream.';
    expect(asked(thrombus).join('\n')).not.toContain('A collection of fibrin, platelets\n');
    expect(asked(thrombus)).not.toContain(
      'What is a thrombus? → A collection of fibrin, platelets',
    );
    const steps =
      'Hemostasis involves three basic steps: vascular spasm, the formation of a platelet plug, and coagulation, in which clotting factors promote the formation of a fibrin clot.';
    expect(asked(steps)).not.toContain('What does hemostasis involve? → Three basic steps');
    const immunizations =
      'Scientists developed immunizations for diphtheria, cholera, pertussis, tuberculosis, tetanus, and yellow fever between 1890 and 1930.';
    expect(asked(immunizations)).not.toContain(
      'What did scientists develop? → Immunizations for diphtheria',
    );
  });

  it('a list label is not read as a definition', () => {
    const item =
      'Temperature: Higher temperatures increase the energy and therefore the movement of the molecules, increasing the rate of diffusion.';
    expect(asked(item).filter((question) => question.startsWith('What is Temperature?'))).toEqual(
      [],
    );
  });

  it('examples, hypotheticals and analogies are not cards', () => {
    const glass =
      'If an ordinary glass of water were enlarged to the size of the earth, the water molecules inside it would be about the size of golf balls.';
    const pizza =
      'With a private good like pizza, if Max is eating the pizza then Michelle cannot also eat it; that is, the two people are rivals in consumption.';
    expect(isExample(glass)).toBe(true);
    expect(isExample(pizza)).toBe(true);
    expect(
      isExample('Suppose two people, Rachel and Samuel, are considering purchasing a public good.'),
    ).toBe(true);
    expect(isExample('Hemostasis is the physiological process by which bleeding ceases.')).toBe(
      false,
    );
    expect(standsAlone(glass)).toBe(false);
  });

  it("a dangling subject after an opening phrase: 'In 1588, he launched …'", () => {
    expect(
      standsAlone(
        'In 1588, he launched a naval attack on England with the intent of restoring it to the Catholic Church.',
      ),
    ).toBe(false);
    expect(
      standsAlone(
        'In a small vessel, it may actually totally block the flow of blood and is termed an occlusive thrombus.',
      ),
    ).toBe(false);
  });

  it('no two cards ask the same question, whatever their answers', () => {
    const content =
      'Osmosis is the diffusion of water through a semipermeable membrane. Osmosis is a special case of diffusion.';
    const cards = postprocessCards(
      [
        {
          type: 'qa',
          front: 'What is osmosis?',
          back: 'The diffusion of water through a semipermeable membrane',
          sourceQuote: 'Osmosis is the diffusion of water through a semipermeable membrane.',
        },
        {
          type: 'qa',
          front: 'What is osmosis?',
          back: 'A special case of diffusion',
          sourceQuote: 'Osmosis is a special case of diffusion.',
        },
      ],
      { content, cardTypes: ['qa'], range: { min: 1, max: 5 } },
    );
    expect(cards.map((card) => card.back)).toEqual([
      'The diffusion of water through a semipermeable membrane',
    ]);
  });

  it('round H (OpenStax political science): a clause object, a cut answer, an aside in brackets', () => {
    expect(
      asked(
        'Marx considered capitalism to be fundamentally coercive and unjust, with the working class exploited.',
      ),
    ).toEqual([]);
    expect(answerComplete('Capitalism to be')).toBe(false);
    expect(
      asked(
        'Capitalism is an economic system in which the “means of production” (raw materials, facilities, machinery, tools, and so forth) are privately owned, and individuals are assumed to be motivated primarily by acquisitiveness.',
      ),
    ).toContain(
      'What is capitalism? → An economic system in which the “means of production” (raw materials, facilities, machinery, tools, and so forth) are privately owned',
    );
    expect(
      isTrivialAnswer(
        'An economic system in which the “means of production” (raw materials, tools) are privately owned',
      ),
    ).toBe(false);
    expect(isTrivialAnswer('Call fn() first')).toBe(true);
  });

  it('round I: a noun pointing back is refused; a connective is dropped, not the sentence', () => {
    expect(
      standsAlone(
        'The group continues to advocate for strict health and safety measures for restaurant workers.',
      ),
    ).toBe(false);
    expect(
      standsAlone(
        'The case, which started in a lower district court, was appealed and made it to the Supreme Court, though the case was dismissed.',
      ),
    ).toBe(false);
    expect(
      standsAlone('The process of diffusion is passive and needs no energy from the cell.'),
    ).toBe(true);
    const [read] = analyseProse(
      readDocument(
        'Additionally, the act of citizen mobilization is thought to produce social capital, whereby relationships forged in political and other social networks help citizens resolve collective problems.',
      ),
    );
    const sentence = withoutConnective(read!);
    expect(sentence.text).toMatch(
      /^The act of citizen mobilization is thought to produce social capital,/,
    );
    expect(sentence.tokens[0]?.text).toBe('The');
    expect(standsAlone(sentence.text)).toBe(true);
  });

  it('round J: a cloze its own sentence answers is refused', () => {
    expect(
      sharesRoot(
        'individualist system',
        'In an ,  individuals take precedence over the government',
      ),
    ).toBe(true);
    expect(
      sharesRoot(
        'hemostasis',
        'Platelets are key players in , the process by which the body seals a ruptured blood vessel',
      ),
    ).toBe(false);
    // A shared prefix is no shared root: the chloroplasts are not given away by chlorophyll.
    expect(
      sharesRoot(
        'chloroplasts',
        'Photosynthesis takes place in the  of plant cells, which contain the green pigment chlorophyll',
      ),
    ).toBe(false);
  });

  it('round K: bare plural definitions, a why across a when clause, the parts of a term', () => {
    expect(asked('Civil liberties are freedoms from restriction.')).toContain(
      'What are civil liberties? → Freedoms from restriction',
    );
    expect(
      asked(
        'An issue becomes a civil rights concern when action is required because a group’s rights are being violated or denied.',
      ).filter((question) => question.startsWith('Why')),
    ).toEqual([]);
    const term = (text: string) => ({ text, head: text.toLowerCase(), rarity: 5 });
    const marked = new Set(['civil liberties']);
    expect(
      clozeOf(
        'Civil rights and civil liberties are related in important ways.',
        term('liberties'),
        marked,
      ),
    ).toBeNull();
    expect(
      clozeOf(
        'In 1971, the United States lowered the voting age from 21 to 18 (26th Amendment).',
        term('Amendment'),
        marked,
      ),
    ).toBeNull();
    expect(
      clozeOf(
        'India’s constitution references freedom from caste-based discrimination.',
        term('constitution'),
        marked,
      ),
    ).toBeNull();
    const quoted = clozeOf(
      'The Mauritanian constitution states that “the law favors the equal access of women and of men to the electoral mandate.”',
      term('electoral mandate'),
      marked,
    );
    expect(quoted?.front.endsWith('.”')).toBe(true);
    expect(withoutFigureRefs('A gaseous state of matter (Figure 1.5)')).toBe(
      'A gaseous state of matter',
    );
    expect(NOT_A_TERM.test('an example of a solution')).toBe(true);
  });

  it('round L: an abbreviation next to its name, a center not named, a definition before its aside', () => {
    const term = (text: string) => ({ text, head: text.toLowerCase(), rarity: 7 });
    expect(
      clozeOf(
        'The Scottish National Party (SNP) is Scotland’s largest political party.',
        term('SNP'),
        new Set(),
      ),
    ).toBeNull();
    expect(
      standsAlone(
        'The center found that voter registration decreased by 38 percent in 17 of 21 states it analyzed.',
      ),
    ).toBe(false);
    expect(
      asked(
        'Political parties are groups that organize around a shared political ideology, with the primary goal of electing party members to positions in government.',
      ),
    ).toContain(
      'What are political parties? → Groups that organize around a shared political ideology',
    );
  });
});
