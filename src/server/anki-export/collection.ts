import { createHash } from 'node:crypto';
import { ANKI_DEFAULT_DECK, ankiDeckNames } from '../../core/anki-export/deck-names';
import { ankiFieldHtml } from '../../core/anki-export/field-html';
import { stripControlCharacters } from '../../core/card-content/control-characters';
import { plainTextOf } from '../../core/card-content/render';
import {
  addDays,
  studyDate,
  studyDayBounds,
  studyDaysBetween,
  studyDayStart,
} from '../../core/scheduling';
import { ankiLeft, ankiRevlogTiming, type ReviewForRevlog } from '../../core/anki-export/learning';
import { localParts } from '../../core/scheduling/time';
import { ankiDeckJson, ankiDeckConfigJson, ankiModels, MODEL_IDS } from './models';

/**
 * Mnemo's decks, cards and review log as the rows of an Anki collection of schema 11 (the
 * `collection.anki21` of an .apkg, which every Anki 2.1 and later imports). Read from Anki's
 * own storage code (rslib/src/storage/schema11.sql and the schema-11 JSON of note types,
 * decks and deck options), not guessed.
 *
 * Mapping: a Q&A card is a note of the 'Basic (Mnemo)' type; a cloze note (siblings sharing
 * `note_id`) is one note of 'Cloze (Mnemo)' with a card per deletion (ord = number − 1). Card
 * states: new → type 0; learning → type 1 (3 after a lapse), due as a timestamp; review → type
 * 2, due in days since the collection's creation (its study day start in the user's zone);
 * suspended → queue −1, buried → queue −3. FSRS memory (stability, difficulty) goes in the card's
 * `data`. Answers become `revlog` rows (ease 1–4, intervals in days or negative seconds).
 */

export interface ExportDeck {
  id: string;
  name: string;
  description: string | null;
  new_cards_per_day: number;
  max_reviews_per_day: number;
  desired_retention: number;
  maximum_interval_days: number;
  leech_threshold?: number;
  leech_action?: 'suspend' | 'tag';
  bury_new_siblings?: number;
  bury_review_siblings?: number;
}

export interface ExportCard {
  id: string;
  deck_id: string;
  card_type: 'qa' | 'cloze';
  front_content: string;
  back_content: string | null;
  tags: string;
  note_id: string | null;
  cloze_number: number | null;
  card_state: 'new' | 'learning' | 'review' | 'suspended';
  suspended_from: 'new' | 'learning' | 'review' | null;
  buried_until: string | null;
  due_date: string;
  interval_days: number;
  ease_factor: number;
  lapses: number;
  reps: number;
  review_count: number;
  stability: number | null;
  difficulty: number | null;
  fsrs_state: number;
  learning_step: number;
  /** 1 when the card lapsed into a leech: it goes out with Anki's `leech` tag. */
  is_leech: number;
  created_at: string;
  updated_at: string;
}

export interface ExportReview {
  card_id: string;
  user_response: 'again' | 'hard' | 'good' | 'easy';
  response_time_seconds: number;
  previous_interval_days: number;
  previous_card_state: 'new' | 'learning' | 'review' | 'suspended';
  new_interval_days: number;
  new_ease_factor: number;
  new_due_date: string;
  reviewed_at: string;
  /** The card's scheduling fields before the answer (JSON), when known. */
  previous_card?: string | null;
}

export interface AnkiCollection {
  col: {
    crt: number;
    mod: number;
    conf: string;
    models: string;
    decks: string;
    dconf: string;
  };
  notes: (string | number)[][];
  cards: (number | string)[][];
  revlog: number[][];
}

const EASE = { again: 1, hard: 2, good: 3, easy: 4 } as const;

/** Anki's field checksum: the first 8 hex digits of the SHA-1 of the stripped first field. */
export function fieldChecksum(text: string): number {
  return Number.parseInt(createHash('sha1').update(text).digest('hex').slice(0, 8), 16);
}

/** A stable GUID per Mnemo note, so exporting twice gives the same notes (Anki updates them). */
export function noteGuid(noteId: string): string {
  return createHash('sha256').update(`mnemo:${noteId}`).digest('base64url').slice(0, 10);
}

const seconds = (iso: string) => Math.floor(Date.parse(iso) / 1000);

/**
 * The collection's rows, made note by note, so a large export never holds them all: the
 * builder (`collection-builder.ts`, in the export thread) feeds notes and answers in pages.
 * `firstDue` is the earliest due date of any exported card (it fixes the collection's start).
 */
export class AnkiCollectionRows {
  readonly crt: number;
  private readonly crtInstant: Date;
  private readonly nowMs: number;
  private nextId: number;
  private readonly deckIds: Map<string, number>;
  private position = 0;

  constructor(
    private readonly decks: ExportDeck[],
    private readonly now: Date,
    private readonly timeZone: string,
    firstDue: Date | null,
    /** Each stored media file's name in the package (core/anki-export/media-names.ts). */
    private readonly mediaNames: ReadonlyMap<string, string> = new Map(),
  ) {
    this.nowMs = now.getTime();
    // The collection starts on the earliest study day any review card is due (so no due day
    // is negative), or today.
    let firstDay = studyDate(now, timeZone);
    if (firstDue) {
      const day = studyDate(firstDue, timeZone);
      if (day < firstDay) firstDay = day;
    }
    this.crt = Math.floor(studyDayStart(addDays(firstDay, -1), timeZone).getTime() / 1000);
    this.crtInstant = new Date(this.crt * 1000);
    // Ids: Anki's are millisecond timestamps; ours count up from now, in a stable order.
    this.nextId = this.nowMs;
    this.deckIds = new Map(decks.map((deck) => [deck.id, this.nextId++]));
  }

  /** One note (its key: the Mnemo note id, or the card id of a Q&A card) and its cards. */
  note(key: string, cards: ExportCard[]) {
    const noteId = this.nextId++;
    const first = cards[0] as ExportCard;
    const cloze = first.card_type === 'cloze';
    // Text and Back Extra of a cloze note, Front and Back of a Q&A one.
    const name = (stored: string) => this.mediaNames.get(stored) ?? stored;
    const fields = [
      ankiFieldHtml(first.front_content, name),
      ankiFieldHtml(first.back_content ?? '', name),
    ];
    const sortText = plainTextOf(stripControlCharacters(first.front_content));
    const note: (string | number)[] = [
      noteId,
      noteGuid(key),
      cloze ? MODEL_IDS.cloze : MODEL_IDS.basic,
      seconds(first.updated_at),
      0,
      ankiTags(first.tags, cards),
      fields.join('\x1f'),
      sortText,
      fieldChecksum(sortText),
      0,
      '',
    ];
    const ids: [string, number][] = [];
    const rows = cards.map((card) => {
      const id = this.nextId++;
      ids.push([card.id, id]);
      const ord = cloze ? Math.max(0, (card.cloze_number ?? 1) - 1) : 0;
      const scheduling = schedulingOf(
        card,
        ++this.position,
        this.now,
        this.crtInstant,
        this.timeZone,
      );
      return [
        id,
        noteId,
        this.deckIds.get(card.deck_id) ?? 1,
        ord,
        seconds(card.updated_at),
        0,
        ...scheduling,
      ];
    });
    return { note, cards: rows, ids };
  }

  /** An answer of the card `cid` as a revlog row with the id given (unique in the log). */
  revlog(review: ExportReview, cid: number, id: number): number[] {
    const { type, ivl, lastIvl } = ankiRevlogTiming({
      ...review,
      previous: previousCard(review.previous_card),
    });
    return [
      id,
      cid,
      0,
      EASE[review.user_response],
      ivl,
      lastIvl,
      Math.round(review.new_ease_factor * 1000),
      Math.min(60_000, Math.round(review.response_time_seconds * 1000)),
      type,
    ];
  }

  /** The `col` row's JSON, once every note is in (`nextPos` follows the last new card). */
  col(): AnkiCollection['col'] {
    const { nowMs } = this;
    const decksJson: Record<string, object> = {
      '1': ankiDeckJson(1, ANKI_DEFAULT_DECK, '', 1, nowMs),
    };
    const dconfJson: Record<string, object> = {
      '1': ankiDeckConfigJson(1, ANKI_DEFAULT_DECK, null, nowMs),
    };
    // Valid and unique as Anki needs them (no second 'Default', no two names differing in case).
    const names = ankiDeckNames(this.decks.map((deck) => deck.name));
    this.decks.forEach((deck, index) => {
      const id = this.deckIds.get(deck.id) ?? 1;
      const name = names[index] ?? deck.name;
      decksJson[String(id)] = ankiDeckJson(id, name, deck.description ?? '', id, nowMs);
      dconfJson[String(id)] = ankiDeckConfigJson(id, name, deck, nowMs);
    });
    return {
      crt: this.crt,
      mod: nowMs,
      conf: JSON.stringify({
        schedVer: 2,
        rollover: 4,
        // Minutes west of UTC at crt: Anki in any zone counts the same calendar days from it.
        creationOffset: minutesWest(this.crtInstant, this.timeZone),
        nextPos: this.position + 1,
        curDeck: 1,
        activeDecks: [1],
        curModel: String(MODEL_IDS.basic),
        sortType: 'noteFld',
        sortBackwards: false,
        addToCur: true,
        estTimes: true,
        dueCounts: true,
        newSpread: 0,
        collapseTime: 1200,
        timeLim: 0,
      }),
      models: JSON.stringify(ankiModels(nowMs)),
      decks: JSON.stringify(decksJson),
      dconf: JSON.stringify(dconfJson),
    };
  }
}

/** The whole collection at once (tests and the exporter's benchmark). */
export function buildAnkiCollection(input: {
  decks: ExportDeck[];
  cards: ExportCard[];
  reviews: ExportReview[];
  now: Date;
  timeZone: string;
}): AnkiCollection {
  let firstDue: Date | null = null;
  for (const card of input.cards) {
    const due = new Date(card.due_date);
    if (firstDue === null || due < firstDue) firstDue = due;
  }
  const rows = new AnkiCollectionRows(input.decks, input.now, input.timeZone, firstDue);
  const notes = new Map<string, ExportCard[]>();
  for (const card of input.cards) {
    const key = card.note_id ?? card.id;
    notes.set(key, [...(notes.get(key) ?? []), card]);
  }
  const cardIds = new Map<string, number>();
  const noteRows: (string | number)[][] = [];
  const cardRows: (number | string)[][] = [];
  for (const [key, cards] of notes) {
    const made = rows.note(key, cards);
    noteRows.push(made.note);
    cardRows.push(...made.cards);
    for (const [id, ankiId] of made.ids) cardIds.set(id, ankiId);
  }
  const revlog: number[][] = [];
  const used = new Set<number>();
  for (const review of input.reviews) {
    const cid = cardIds.get(review.card_id);
    if (cid === undefined) continue;
    let id = Date.parse(review.reviewed_at);
    while (used.has(id)) id++;
    used.add(id);
    revlog.push(rows.revlog(review, cid, id));
  }
  return { col: rows.col(), notes: noteRows, cards: cardRows, revlog };
}

/**
 * A card's `type, queue, due, ivl, factor, reps, lapses, left, odue, odid, flags` and its
 * `data`, as Anki keeps them.
 */
function schedulingOf(
  card: ExportCard,
  position: number,
  now: Date,
  crt: Date,
  timeZone: string,
): (number | string)[] {
  const state = card.card_state === 'suspended' ? (card.suspended_from ?? 'new') : card.card_state;
  const factor = Math.round((card.ease_factor || 2.5) * 1000);
  const reps = Math.max(card.reps, card.review_count);
  let type: number;
  let due: number;
  let ivl = 0;
  let left = 0;
  if (state === 'new') {
    type = 0;
    due = position;
  } else if (state === 'learning') {
    const relearning = card.fsrs_state === 3 || card.lapses > 0;
    type = relearning ? 3 : 1;
    due = seconds(card.due_date);
    ivl = relearning ? Math.max(1, Math.round(card.interval_days)) : 0;
    const cutoff = studyDayBounds(now, timeZone).end.getTime();
    left = ankiLeft(relearning, card.learning_step, Date.parse(card.due_date), cutoff);
  } else {
    type = 2;
    due = Math.max(0, studyDaysBetween(crt, new Date(card.due_date), timeZone));
    ivl = Math.max(1, Math.round(card.interval_days));
  }
  let queue = type === 3 ? 1 : type;
  if (card.card_state === 'suspended') queue = -1;
  else if (card.buried_until && Date.parse(card.buried_until) > now.getTime()) queue = -3;
  const data =
    card.stability !== null && card.difficulty !== null && state !== 'new'
      ? JSON.stringify({ s: round(card.stability), d: round(card.difficulty) })
      : '';
  return [
    type,
    queue,
    due,
    ivl,
    state === 'new' ? 0 : factor,
    reps,
    card.lapses,
    left,
    0,
    0,
    0,
    data,
  ];
}

/** Minutes west of UTC of the zone at an instant (Anki's `creationOffset`: UTC+1 is -60). */
function minutesWest(instant: Date, timeZone: string): number {
  const local = localParts(instant, timeZone);
  const wall = Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute);
  return Math.round((Math.floor(instant.getTime() / 60_000) * 60_000 - wall) / 60_000);
}

/** Anki's tags column (' a b '): the note's tags, and `leech` when one of its cards is a leech. */
function ankiTags(tags: string, cards: ExportCard[]): string {
  const words = tags.split(/\s+/).filter(Boolean);
  const leech = cards.some((card) => Number(card.is_leech) === 1);
  if (leech && !words.some((word) => word.toLowerCase() === 'leech')) words.push('leech');
  return words.length > 0 ? ` ${words.join(' ')} ` : '';
}

/** The `previous_card` JSON of an answer, or nothing when unreadable. */
function previousCard(json: string | null | undefined): ReviewForRevlog['previous'] {
  if (!json) return undefined;
  try {
    return JSON.parse(json) as ReviewForRevlog['previous'];
  } catch {
    return undefined;
  }
}

const round = (value: number) => Math.round(value * 10_000) / 10_000;
