import { describe, expect, it } from 'vitest';
import { listItems, signalQuestions } from './definition-forms';

/** Real sentences of the study texts (../shared/data/texts/study, OpenStax, CC BY 4.0). */
const ask = (text: string, marked: string[] = []) =>
  signalQuestions(text, marked).map(({ front, back }) => ({ front, back }));

describe('definition forms and lists with a stated count (issue 23)', () => {
  it("'X is defined as …' keeps the definition and leaves the next clause out", () => {
    expect(
      ask(
        'Matter is defined as anything that occupies space and has mass, and it is all around us.',
        ['matter'],
      ),
    ).toContainEqual({
      front: 'What is matter?',
      back: 'Anything that occupies space and has mass',
    });
  });

  it("a marked subject: '**anticoagulant** is any substance that …'", () => {
    expect(
      ask('An anticoagulant is any substance that opposes coagulation.', ['anticoagulant']),
    ).toEqual([
      { front: 'What is an anticoagulant?', back: 'Any substance that opposes coagulation' },
    ]);
  });

  it("'… are called **elements**' asks for the marked name, whatever the description's length", () => {
    expect(
      ask(
        'Pure substances that cannot be broken down into simpler substances by chemical changes are called elements.',
        ['elements'],
      ),
    ).toContainEqual({
      front:
        'What are pure substances that cannot be broken down into simpler substances by chemical changes called?',
      back: 'Elements',
    });
  });

  it("'We call …': the name at the end, marked or after a coordinated adjective", () => {
    expect(ask('We call goods that are nonexcludable and rivalrous common resources.')).toEqual([
      {
        front: 'What are goods that are nonexcludable and rivalrous called?',
        back: 'Common resources',
      },
    ]);
    // 'this kind of good' points at the sentence before: no card.
    expect(ask('We call this kind of good a public good.', ['public good'])).toEqual([]);
  });

  it("'When …, it is referred to as X'", () => {
    expect(
      ask(
        'When a portion of a thrombus breaks free from the vessel wall and enters the circulation, it is referred to as an embolus.',
        ['embolus'],
      ),
    ).toEqual([
      {
        front:
          'What is it called when a portion of a thrombus breaks free from the vessel wall and enters the circulation?',
        back: 'Embolus',
      },
    ]);
  });

  it("an appositive after a marked term: '**heparin**, a short-acting anticoagulant …'", () => {
    expect(
      ask(
        'And as noted earlier, basophils release heparin, a short-acting anticoagulant that also opposes prothrombin.',
        ['heparin'],
      ),
    ).toEqual([
      {
        front: 'What is heparin?',
        back: 'A short-acting anticoagulant that also opposes prothrombin',
      },
    ]);
  });

  it("'also known as': a name and its other name", () => {
    expect(
      ask(
        'Founded by the Spanish noble Ignatius of Loyola, the Society of Jesus, also known as the Jesuits, assumed a number of tasks, chiefly the education of young Catholic men.',
      ),
    ).toContainEqual({ front: 'What is the Society of Jesus also known as?', back: 'The Jesuits' });
  });

  it('a list with a stated count: the question names the count, the answer is the whole list', () => {
    expect(
      ask(
        'Hemostasis involves three basic steps: vascular spasm, the formation of a platelet plug, and coagulation, in which clotting factors promote the formation of a fibrin clot.',
      ),
    ).toEqual([
      {
        front: 'What are the three basic steps of hemostasis?',
        back: 'Vascular spasm, the formation of a platelet plug, and coagulation',
      },
    ]);
    expect(
      ask(
        'Instead, public goods have two defining characteristics: they are nonexcludable and non-rival.',
      ),
    ).toEqual([
      {
        front: 'What are the two defining characteristics of public goods?',
        back: 'Nonexcludable and non-rival',
      },
    ]);
    expect(ask('We can divide pure substances into two classes: elements and compounds.')).toEqual([
      {
        front: 'Into what two classes can pure substances be divided?',
        back: 'Elements and compounds',
      },
    ]);
  });

  it('refuses a list whose items do not match the stated count', () => {
    expect(ask('Hemostasis involves three basic steps: vascular spasm and coagulation.')).toEqual(
      [],
    );
    expect(
      listItems('vascular spasm, the formation of a platelet plug, and coagulation, in which …'),
    ).toEqual(['vascular spasm', 'the formation of a platelet plug', 'coagulation']);
  });

  it('a marked term before a colon, and after a dash (OpenStax, Introduction to Political Science)', () => {
    expect(
      ask(
        'Human rights are inalienable: they cannot be denied, taken away, or transferred to anyone else.',
        ['inalienable'],
      ),
    ).toEqual([
      {
        front: 'What does it mean that human rights are inalienable?',
        back: 'Cannot be denied, taken away, or transferred to anyone else',
      },
    ]);
    expect(
      ask(
        'Chapter 4 focuses on civil liberties—freedoms of conscience, worship, and speech, as well as the rights to privacy, among others.',
        ['civil liberties'],
      ),
    ).toEqual([
      {
        front: 'What are civil liberties?',
        back: 'Freedoms of conscience, worship, and speech, as well as the rights to privacy',
      },
    ]);
  });

  it("a definition's answer leaves out '(hence the name …)', which would give the term away", () => {
    expect(
      ask(
        'Utilitarianism is the belief that there is one measure of worth in society: “utility” (hence the name utilitarianism), or what one might call happiness or well-being.',
        ['utilitarianism'],
      )[0]?.back,
    ).toBe(
      'The belief that there is one measure of worth in society: “utility”, or what one might call happiness or well-being',
    );
  });

  it("an appositive keeps the article the text gives its term (round J: 'What is constitution?')", () => {
    expect(
      ask(
        'As discussed in Chapter 2, most countries have a formal constitution—a framework, blueprint, or foundation for the operation of a government.',
        ['constitution'],
      ),
    ).toEqual([
      {
        front: 'What is a constitution?',
        back: 'A framework, blueprint, or foundation for the operation of a government',
      },
    ]);
  });

  it("a glossary section's entry: 'osmosis: the diffusion of water …'", () => {
    expect(
      signalQuestions(
        'osmosis: the diffusion of water through a semipermeable membrane ^',
        ['osmosis'],
        new Set(),
        true,
      ).map(({ front, back }) => ({ front, back })),
    ).toEqual([
      {
        front: 'What is meant by osmosis?',
        back: 'The diffusion of water through a semipermeable membrane',
      },
    ]);
    // A bold label in an ordinary list ('**Simple**: Easy to implement') is no glossary.
    expect(ask('Simple: Easy to implement and understand', ['simple'])).toEqual([]);
    // Not marked, not a glossary entry: a statement with a colon asks nothing here.
    expect(ask('Temperature: higher temperatures increase the rate of diffusion.', [])).toEqual([]);
  });

  it('a marked term as the subject of what it does: the question asks for the term', () => {
    expect(
      ask(
        'A liquid flows and takes the shape of a container, except that it forms a flat or slightly curved upper surface when acted upon by gravity.',
        ['liquid'],
      ),
    ).toEqual([{ front: 'What flows and takes the shape of a container?', back: 'A liquid' }]);
    // 'is' is a definition's verb, asked by the definition forms.
    expect(ask('A solid is rigid and possesses a definite shape.', ['solid'])).toEqual([]);
  });
});
