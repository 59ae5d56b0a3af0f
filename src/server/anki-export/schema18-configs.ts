import { proto } from './protobuf-writer';

/**
 * The schema-11 JSON of note types, decks and deck options (`models.ts`) as schema 18's rows
 * and protobuf configs, the way rslib's upgrade to schema 15 converts them
 * (proto/anki/notetypes.proto, decks.proto, deck_config.proto; rslib/src/notetype,
 * decks and deckconfig `schema11.rs`).
 */

interface ModelJson {
  id: number;
  name: string;
  type: number;
  mod: number;
  sortf: number;
  css: string;
  latexPre: string;
  latexPost: string;
  latexsvg: boolean;
  req: [number, string, number[]][];
  flds: {
    name: string;
    ord: number;
    sticky: boolean;
    rtl: boolean;
    font: string;
    size: number;
    description: string;
    plainText: boolean;
    collapsed: boolean;
    excludeFromSearch: boolean;
  }[];
  tmpls: {
    name: string;
    ord: number;
    qfmt: string;
    afmt: string;
    bqfmt: string;
    bafmt: string;
    did: number | null;
    bfont: string;
    bsize: number;
  }[];
}

interface DeckJson {
  id: number;
  name: string;
  mod: number;
  desc: string;
  conf: number;
  collapsed: boolean;
  browserCollapsed: boolean;
  extendNew: number;
  extendRev: number;
}

interface DeckConfigJson {
  id: number;
  name: string;
  mod: number;
  maxTaken: number;
  autoplay: boolean;
  timer: number;
  replayq: boolean;
  new: {
    bury: boolean;
    delays: number[];
    initialFactor: number;
    ints: number[];
    order: number;
    perDay: number;
  };
  rev: {
    bury: boolean;
    ease4: number;
    ivlFct: number;
    maxIvl: number;
    perDay: number;
    hardFactor: number;
  };
  lapse: {
    delays: number[];
    leechAction: number;
    leechFails: number;
    minInt: number;
    mult: number;
  };
  desiredRetention: number;
}

export type Row = (string | number | Uint8Array)[];

const REQUIREMENT_KINDS: Record<string, number> = { none: 0, any: 1, all: 2 };

/** `notetypes`, `fields` and `templates` rows of the note types. */
export function noteTypeRows(modelsJson: string) {
  const notetypes: Row[] = [];
  const fields: Row[] = [];
  const templates: Row[] = [];
  for (const model of Object.values(JSON.parse(modelsJson) as Record<string, ModelJson>)) {
    const config = proto()
      .varint(1, model.type)
      .varint(2, model.sortf)
      .string(3, model.css)
      .string(5, model.latexPre)
      .string(6, model.latexPost)
      .bool(7, model.latexsvg);
    if (model.type === 0) {
      for (const [ord, kind, ords] of model.req) {
        config.message(
          8,
          proto()
            .varint(1, ord)
            .varint(2, REQUIREMENT_KINDS[kind] ?? 0)
            .varints(3, ords),
        );
      }
    }
    notetypes.push([model.id, model.name, model.mod, 0, config.finish()]);
    for (const field of model.flds) {
      const fieldConfig = proto()
        .bool(1, field.sticky)
        .bool(2, field.rtl)
        .string(3, field.font)
        .varint(4, field.size)
        .string(5, field.description)
        .bool(6, field.plainText)
        .bool(7, field.collapsed)
        .bool(8, field.excludeFromSearch);
      fields.push([model.id, field.ord, field.name, fieldConfig.finish()]);
    }
    for (const template of model.tmpls) {
      const templateConfig = proto()
        .string(1, template.qfmt)
        .string(2, template.afmt)
        .string(3, template.bqfmt)
        .string(4, template.bafmt)
        .varint(5, template.did ?? 0)
        .string(6, template.bfont)
        .varint(7, template.bsize);
      templates.push([
        model.id,
        template.ord,
        template.name,
        model.mod,
        0,
        templateConfig.finish(),
      ]);
    }
  }
  return { notetypes, fields, templates };
}

/** `decks` rows: names in Anki's native form ('Parent\x1fChild'), a normal deck's kind. */
export function deckRows(decksJson: string): Row[] {
  return Object.values(JSON.parse(decksJson) as Record<string, DeckJson>).map((deck) => {
    const common = proto().bool(1, deck.collapsed).bool(2, deck.browserCollapsed);
    const normal = proto()
      .varint(1, deck.conf)
      .varint(2, deck.extendNew)
      .varint(3, deck.extendRev)
      .string(4, deck.desc);
    return [
      deck.id,
      deck.name.split('::').join('\x1f'),
      deck.mod,
      0,
      common.finish(),
      proto().message(1, normal).finish(),
    ];
  });
}

/** `deck_config` rows: Mnemo's limits, retention and maximum interval, Anki's other defaults. */
export function deckConfigRows(dconfJson: string): Row[] {
  return Object.values(JSON.parse(dconfJson) as Record<string, DeckConfigJson>).map((conf) => {
    const config = proto()
      .floats(1, conf.new.delays)
      .floats(2, conf.lapse.delays)
      .varint(9, conf.new.perDay)
      .varint(10, conf.rev.perDay)
      .float(11, conf.new.initialFactor / 1000)
      .float(12, conf.rev.ease4)
      .float(13, conf.rev.hardFactor)
      .float(14, conf.lapse.mult)
      .float(15, conf.rev.ivlFct)
      .varint(16, conf.rev.maxIvl)
      .varint(17, conf.lapse.minInt)
      .varint(18, conf.new.ints[0] ?? 1)
      .varint(19, conf.new.ints[1] ?? 4)
      // Schema 11's order 1 is 'due' (NEW_CARD_INSERT_ORDER_DUE = 0), 0 random (1).
      .varint(20, conf.new.order === 0 ? 1 : 0)
      .varint(21, conf.lapse.leechAction)
      .varint(22, conf.lapse.leechFails)
      .bool(23, !conf.autoplay)
      .varint(24, conf.maxTaken)
      .bool(25, conf.timer !== 0)
      .bool(26, !conf.replayq)
      .bool(27, conf.new.bury)
      .bool(28, conf.rev.bury)
      .float(37, conf.desiredRetention);
    return [conf.id, conf.name, conf.mod, 0, config.finish()];
  });
}

/** `config` rows: each key of schema 11's `col.conf`, its value as JSON (schema 14 upgrade). */
export function configRows(confJson: string, mtimeSecs: number): Row[] {
  return Object.entries(JSON.parse(confJson) as Record<string, unknown>).map(([key, value]) => [
    key,
    0,
    mtimeSecs,
    Buffer.from(JSON.stringify(value)),
  ]);
}
