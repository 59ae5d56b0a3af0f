/**
 * `npx tsx bench/anki-export.ts`: builds the .apkg of 30,000 notes (20,000 Q&A review cards,
 * 10,000 cloze notes of two deletions, 10,000 answers) with the exporter's own code, and prints
 * the time to build the collection rows and to write the SQLite file and the zip. Part of
 * `npm run bench` (bench/run.ts).
 */
import os from 'node:os';
import {
  buildAnkiCollection,
  type ExportCard,
  type ExportReview,
} from '../src/server/anki-export/collection';
import { writeApkg } from '../src/server/anki-export/package';

export async function ankiExportBench(): Promise<string> {
  const now = new Date();
  const iso = (offsetDays: number) =>
    new Date(now.getTime() + offsetDays * 86_400_000).toISOString();
  const cards: ExportCard[] = [];
  const reviews: ExportReview[] = [];
  for (let i = 0; i < 30_000; i++) {
    const cloze = i % 3 === 0;
    const base = {
      deck_id: 'deck',
      back_content: cloze ? `The answer ${i} and the other` : `Answer **${i}**`,
      tags: 'bench chapter::one',
      suspended_from: null,
      buried_until: null,
      ease_factor: 2.5,
      lapses: 0,
      reps: 1,
      review_count: 1,
      stability: null,
      difficulty: null,
      fsrs_state: 2,
      learning_step: 0,
      is_leech: 0,
      created_at: iso(-30),
      updated_at: iso(-1),
    };
    for (const number of cloze ? [1, 2] : [0]) {
      const id = `card-${i}-${number}`;
      cards.push({
        ...base,
        id,
        card_type: cloze ? 'cloze' : 'qa',
        front_content: cloze
          ? `The {{c1::answer ${i}}} and the {{c2::other}}`
          : `Question $x_${i}$?`,
        note_id: cloze ? `note-${i}` : null,
        cloze_number: cloze ? number : null,
        card_state: 'review',
        due_date: iso(i % 30),
        interval_days: 1 + (i % 30),
      });
      if (reviews.length < 10_000) {
        reviews.push({
          card_id: id,
          user_response: 'good',
          response_time_seconds: 5,
          previous_interval_days: 0,
          previous_card_state: 'new',
          new_interval_days: 1,
          new_ease_factor: 2.5,
          new_due_date: iso(1),
          reviewed_at: iso(-1),
        });
      }
    }
  }
  const deck = {
    id: 'deck',
    name: 'Bench',
    description: null,
    new_cards_per_day: 20,
    max_reviews_per_day: 200,
    desired_retention: 0.9,
    maximum_interval_days: 36_500,
  };
  let started = performance.now();
  const collection = buildAnkiCollection({ decks: [deck], cards, reviews, now, timeZone: 'UTC' });
  const built = performance.now() - started;
  started = performance.now();
  const bytes = await writeApkg(collection);
  const written = performance.now() - started;
  return `Export of ${collection.notes.length.toLocaleString('en-US')} notes, ${collection.cards.length.toLocaleString('en-US')} cards and ${collection.revlog.length.toLocaleString('en-US')} answers (\`bench/anki-export.ts\`, the exporter's own code, current package generation): the collection's rows in ${Math.round(built)} ms, the SQLite file, zstd and the zip in ${Math.round(written)} ms, ${Math.round(bytes.length / 1024)} KB (load average ${os.loadavg()[0]!.toFixed(1)}).`;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await ankiExportBench());
