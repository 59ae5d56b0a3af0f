/**
 * The schema-11 JSON of the note types, decks and deck options Mnemo writes into an exported
 * collection. Every key Anki's schema-11 reader requires is present (rslib/src/notetype,
 * decks and deckconfig `schema11.rs`: fields without a serde default).
 */

/** Fixed ids: exporting again maps to the same note types in the user's Anki. */
export const MODEL_IDS = { basic: 1_732_000_000_001, cloze: 1_732_000_000_002 } as const;

const CSS = `.card {
  font-family: arial;
  font-size: 20px;
  text-align: center;
  color: black;
  background-color: white;
}
.cloze {
  font-weight: bold;
  color: blue;
}
.nightMode .cloze {
  color: lightblue;
}`;

const LATEX_PRE =
  '\\documentclass[12pt]{article}\n\\special{papersize=3in,5in}\n\\usepackage[utf8]{inputenc}\n\\usepackage{amssymb,amsmath}\n\\pagestyle{empty}\n\\setlength{\\parindent}{0in}\n\\begin{document}\n';

const field = (name: string, ord: number) => ({
  name,
  ord,
  sticky: false,
  rtl: false,
  font: 'Arial',
  size: 20,
  description: '',
  plainText: false,
  collapsed: false,
  excludeFromSearch: false,
  media: [],
});

const template = (name: string, qfmt: string, afmt: string) => ({
  name,
  ord: 0,
  qfmt,
  afmt,
  bqfmt: '',
  bafmt: '',
  did: null,
  bfont: '',
  bsize: 0,
});

const model = (
  id: number,
  name: string,
  type: 0 | 1,
  mod: number,
  flds: string[],
  tmpl: object,
) => ({
  id,
  name,
  type,
  mod: Math.floor(mod / 1000),
  usn: 0,
  sortf: 0,
  did: null,
  tmpls: [tmpl],
  flds: flds.map(field),
  css: CSS,
  latexPre: LATEX_PRE,
  latexPost: '\\end{document}',
  latexsvg: false,
  req: [[0, 'any', [0]]],
  tags: [],
  vers: [],
});

export function ankiModels(now: number) {
  return {
    [String(MODEL_IDS.basic)]: model(
      MODEL_IDS.basic,
      'Basic (Mnemo)',
      0,
      now,
      ['Front', 'Back'],
      template('Card 1', '{{Front}}', '{{FrontSide}}\n\n<hr id=answer>\n\n{{Back}}'),
    ),
    [String(MODEL_IDS.cloze)]: model(
      MODEL_IDS.cloze,
      'Cloze (Mnemo)',
      1,
      now,
      ['Text', 'Back Extra'],
      template('Cloze', '{{cloze:Text}}', '{{cloze:Text}}<br>\n{{Back Extra}}'),
    ),
  };
}

export function ankiDeckJson(id: number, name: string, desc: string, conf: number, now: number) {
  return {
    id,
    mod: Math.floor(now / 1000),
    name,
    usn: 0,
    lrnToday: [0, 0],
    revToday: [0, 0],
    newToday: [0, 0],
    timeToday: [0, 0],
    collapsed: false,
    browserCollapsed: false,
    desc,
    dyn: 0,
    conf,
    extendNew: 0,
    extendRev: 0,
  };
}

/** Deck options: Mnemo's daily limits, retention and maximum interval; Anki's other defaults. */
export function ankiDeckConfigJson(
  id: number,
  name: string,
  deck: {
    new_cards_per_day: number;
    max_reviews_per_day: number;
    desired_retention: number;
    maximum_interval_days: number;
    leech_threshold?: number;
    leech_action?: 'suspend' | 'tag';
    bury_new_siblings?: number;
    bury_review_siblings?: number;
  } | null,
  now: number,
) {
  return {
    id,
    mod: Math.floor(now / 1000),
    name,
    usn: 0,
    maxTaken: 60,
    autoplay: true,
    timer: 0,
    replayq: true,
    dyn: false,
    new: {
      bury: Number(deck?.bury_new_siblings ?? 0) === 1,
      delays: [1, 10],
      initialFactor: 2500,
      ints: [1, 4, 0],
      order: 1,
      perDay: deck?.new_cards_per_day ?? 20,
    },
    rev: {
      bury: Number(deck?.bury_review_siblings ?? 0) === 1,
      ease4: 1.3,
      ivlFct: 1,
      maxIvl: deck?.maximum_interval_days ?? 36_500,
      perDay: deck?.max_reviews_per_day ?? 200,
      hardFactor: 1.2,
    },
    lapse: {
      delays: [10],
      // Anki's leech actions: 0 suspend, 1 tag only.
      leechAction: deck?.leech_action === 'tag' ? 1 : 0,
      leechFails: Number(deck?.leech_threshold ?? 8),
      minInt: 1,
      mult: 0,
    },
    desiredRetention: deck?.desired_retention ?? 0.9,
  };
}
